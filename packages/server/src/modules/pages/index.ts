// The storefront pages as machines read them: each page's head, JSON-LD and main text in its entry page (pages.ts),
// robots.txt and the sitemaps (crawl.ts, routes.ts). Mounted by app.ts outside the API's areas: these are pages, not
// API routes, so the module adds no AppModule.
export { pageParts } from './pages.ts'
export { default as crawlRoutes } from './routes.ts'
