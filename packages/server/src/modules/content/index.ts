// The content module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts; the public site config, ads, and areas.
export { default } from './routes.ts'
export { activeAds, publicSiteConfig } from './service.ts'
export { areaChildren, areaFields, areaValue, type AreaFields, type AreaOption } from './areas.ts'
