// The first API read of the storefront's main pages, shared by the page's route loader (router.tsx), which starts
// it while the page's script chunk downloads, and the page, which takes that answer (useLoad) instead of asking
// again. The loader also starts the picture the page shows largest, so it arrives beside the script.
import { GOODS_MAIN_SIZES, HOME_SLIDE_SIZES } from '@qshop/shared/pagePictures';
import { api } from '../../api/client';
import { decodeSearchParams, searchPath, searchQuery } from './searchParams';
import type { GoodsDetail, HomeData, SearchAnswer } from './types';

export interface PageRead<T> {
  /** useLoad's key: the page reloads when it changes */
  key: string;
  load: () => Promise<T>;
}

export const homeRead = (): PageRead<HomeData> => ({ key: 'home', load: () => api.get<HomeData>('/home') });

export function goodsRead(id: string | undefined): PageRead<GoodsDetail | null> {
  const goodsId = Number(id);
  const valid = Number.isInteger(goodsId) && goodsId > 0;
  return { key: `goods/${id}`, load: () => (valid ? api.get<GoodsDetail | null>(`/goods/${goodsId}`) : Promise.resolve(null)) };
}

export function searchRead(params: string | undefined): PageRead<SearchAnswer> {
  const state = decodeSearchParams(params);
  return { key: searchPath(state), load: () => api.get<SearchAnswer>('/goods', searchQuery(state)) };
}

/** A page's largest picture and the width it takes (`sizes`), so its preload picks the copy the page will show. */
export type MainPicture = { src: string; sizes: string };


/** The gallery's first picture (GoodsPage), the page's largest element. */
export function goodsMainImage(goods: Pick<GoodsDetail, 'goods_master_image' | 'goods_images'>): MainPicture | undefined {
  const src = [goods.goods_master_image, ...(goods.goods_images ?? [])].find(Boolean);
  return src ? { src, sizes: GOODS_MAIN_SIZES } : undefined;
}

/** The first slide (HomePage), the home page's largest element. */
export function homeMainImage(home: HomeData | null): MainPicture | undefined {
  const src = home?.slides?.[0]?.image;
  return src ? { src, sizes: HOME_SLIDE_SIZES } : undefined;
}
