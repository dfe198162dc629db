// The content module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts; the public site config, ads, the
// published articles and notices, and areas.
export { default } from './routes.ts'
export { activeAds, publicSiteConfig } from './service.ts'
export { articleSitemap, publicArticle, publishedNotices, type PublicArticle } from './published.ts'
export { areaChildren, areaFields, areaValue, type AreaFields, type AreaOption } from './areas.ts'
