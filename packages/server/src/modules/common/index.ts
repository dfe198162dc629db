// The common module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts; the cached category tree and brands.
export { default } from './routes.ts'
export { brandList, classTree, invalidateCatalogCache, type Brand, type ClassNode } from './service.ts'
