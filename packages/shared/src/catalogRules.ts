// Catalog numbers the storefront needs without the request schemas (which bring zod into the page's first load):
// status values of favourites and reviews, sorts and limits. schemas/catalog.ts re-exports them.

/** goods.freight_id values besides a template id */
export const FREIGHT = { FREE: -1, STORE_DEFAULT: 0 } as const
/** favorites.is_type */
export const FAVORITE_TYPE = { GOODS: 0, STORE: 1 } as const
/** Goods categories are used with 3 levels; goods hang on level 3. */
export const CLASS_LEVELS = 3

export const MAX_GOODS_IMAGES = 10
export const MAX_SKUS = 500
/** A SKU combines at most this many attributes (one spec of each). */
export const MAX_SKU_SPECS = 5
export const STORE_SLIDES = 3
export const MAX_STORE_CLASSES = 200

/** Storefront goods search sorts (GET /api/goods?sort=). */
export const GOODS_SORTS = ['sales', 'price_asc', 'price_desc', 'new'] as const
/** Storefront store list sorts (GET /api/stores?sort=); distance needs lat and lng. */
export const STORE_SORTS = ['sales', 'rating', 'distance'] as const
/** Review classes of GET /api/goods_comments/{id}?is_type=: 0 all, 1 good, 2 medium, 3 bad. */
export const COMMENT_KINDS = { ALL: 0, GOOD: 1, MEDIUM: 2, BAD: 3 } as const
/** Storefront page sizes are free within this bound (grids of 20, 40...). */
export const STOREFRONT_MAX_PER_PAGE = 100
export const STOREFRONT_MAX_PAGE = 1000
