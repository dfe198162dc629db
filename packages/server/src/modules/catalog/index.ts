// The catalog module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts and whose jobs the worker runs; what the
// storefront may show, the catalog's caches and their invalidation, categories, favourites, ratings, the store card,
// search text, the image space, and the entry pages' main pictures.
export { default } from './routes.ts'
export { visibleGoodsSql, visibleGoodsWhere, visibleStoreSql, visibleStoreWhere } from './visibility.ts'
export { cachedSearch, invalidateGoodsCounters, invalidateStore, invalidateStoreCard } from './cache.ts'
export { classIndex, classPath } from './classes.ts'
export { goodsDetail } from './detail.ts'
export { normalizeClassPaths, storeClassPaths, storeClassTree, writeStoreClasses } from './storeClasses.ts'
export { BEST_SELLERS, storeCard } from './storeCard.ts'
export { isFavorite } from './favorites.ts'
export { goodRate } from './reviews.ts'
export { splitList } from './format.ts'
export { searchText } from './searchText.ts'
export { recordGoodsPictures } from './imageSpace.ts'
export { firstPictureOf } from './firstPicture.ts'
export { cachedPlainSearch } from './search.ts'
export { withGoodsName } from './goodsNames.ts'
