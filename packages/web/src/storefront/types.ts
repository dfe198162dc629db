export interface GoodsClass {
  id: number;
  name: string;
  pid?: number;
  children?: GoodsClass[];
}

export interface Brand {
  id: number;
  name: string;
  thumb?: string | null;
}

/** Public site configuration (configs.web). */
export interface SiteConfig {
  web_name?: string;
  logo?: string;
  index_name?: string;
  keyword?: string;
  description?: string;
  mobile?: string;
  email?: string;
  icp?: string;
  /** the IANA zone the site's times are on */
  time_zone?: string;
}

export interface CommonData {
  classes: GoodsClass[];
  brands: Brand[];
  common: SiteConfig;
  ip?: string;
  cart?: number;
}
