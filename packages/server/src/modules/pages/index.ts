// The storefront pages as machines read them: each page's head, JSON-LD and main text in its entry page (pages.ts),
// robots.txt and the sitemaps (crawl.ts). Mounted by app.ts outside the API's areas: these are pages, not API routes.
import type { AppModule } from '../../core/module.ts'

export { pageParts } from './pages.ts'
export { default as crawlRoutes } from './routes.ts'

const pages: AppModule = { name: 'pages' }
export default pages
