// What the storefront catalog endpoints answer (packages/server/src/modules/catalog and stores).
import type { ListAnswer } from '@qshop/shared/list';

export type { ListAnswer };

/** A goods as lists show it (home floors, search rows, best sellers, favourites). Money is the server's string. */
export interface GoodsCardData {
  id: number;
  goods_name: string;
  goods_subname?: string;
  goods_master_image: string;
  goods_price: string;
  goods_market_price?: string;
  goods_sale?: number;
  /** the stock now (search rows) */
  goods_stock?: number;
  store_id?: number;
  store_name?: string;
}

/** An ad of a slot (GET /api/home slides and banners). */
export interface Ad {
  id: number;
  name: string;
  url: string;
  image: string;
  /** the headline drawn over the picture ('' = none) and the line under it; e-prefixed: English */
  title?: string;
  etitle?: string;
  subtitle?: string;
  esubtitle?: string;
}

export interface HomeFloor {
  id: number;
  name: string;
  thumb?: string;
  children: { id: number; name: string }[];
  goods: GoodsCardData[];
}

export interface HomeData {
  slides: Ad[];
  banners: Ad[];
  floors: HomeFloor[];
  recommended: GoodsCardData[];
}

export interface SearchAnswer extends ListAnswer<GoodsCardData> {
  /** Brands and categories of the matching goods, most goods first. */
  brands: { id: number; name: string; thumb?: string; count: number }[];
  classes: { id: number; name: string; pid: number; count: number }[];
}

export interface Spec {
  id: number;
  name: string;
}

/** An attribute the goods' SKUs combine, with the specs they use. */
export interface Attr {
  id: number;
  name: string;
  specs: Spec[];
}

export interface Sku {
  id: number;
  /** goods_specs ids: one spec of each attribute */
  spec_id: number[];
  sku_name: string;
  goods_image?: string;
  goods_price: string;
  goods_market_price?: string;
  goods_stock: number;
}

/** A store's ratings: averages of the 4 review scores and their mean (null without reviews). */
export interface StoreRatings {
  comments: number;
  good_rate: number | null;
  score: string | null;
  agree: string | null;
  service: string | null;
  speed: string | null;
  rate: string | null;
}

/** A visible store's public fields (never licence, ID card or balances). */
export interface PublicStore extends StoreRatings {
  id: number;
  store_name: string;
  store_logo?: string;
  store_face_image?: string;
  store_description?: string;
  store_mobile?: string;
  store_slide?: string[];
  area_info?: string;
  store_address?: string;
  store_lat?: string;
  store_lng?: string;
  after_sale_service?: string;
  created_at?: string;
}

export interface CommentStatistics {
  total: number;
  good: number;
  medium: number;
  bad: number;
  /** null without reviews */
  good_rate: number | null;
  /** averages of the four scores ("4.50"), null without reviews */
  averages: { score: string | null; agree: string | null; service: string | null; speed: string | null };
}

export interface GoodsDetail {
  id: number;
  store_id: number;
  class_id: number;
  goods_name: string;
  goods_subname?: string;
  goods_no?: string;
  goods_images: string[];
  goods_master_image: string;
  goods_price: string;
  goods_market_price?: string;
  /** without SKUs the stock; with SKUs the sum of theirs */
  goods_stock: number;
  goods_sale: number;
  goods_collect?: number;
  goods_content?: string;
  price_min: string;
  price_max: string;
  classes: { id: number; name: string }[];
  brand: { id: number; name: string; thumb?: string } | null;
  attrs: Attr[];
  skus: Sku[];
  comment_statistics: CommentStatistics;
  store: PublicStore;
  sale_list: GoodsCardData[];
  is_fav: boolean;
}

export interface CommentRow {
  id: number;
  score: number;
  agree: number;
  service: number;
  speed: number;
  content: string | null;
  image: string[];
  reply: string | null;
  reply_time: string | null;
  created_at: string;
  sku_name: string;
  nickname: string;
  avatar: string;
}
