// robots.txt and the sitemaps at the site's root (crawl.ts), mounted by app.ts beside the web app: pages for crawlers,
// outside the API's areas and its envelope.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { SITEMAP_KINDS, robotsTxt, sitemapIndex, sitemapPart } from './crawl.ts'

const CRAWL_CACHE = 'public, max-age=3600'
const XML = 'application/xml; charset=utf-8'
const FILE = /^(goods|stores|categories|articles)-([1-9]\d{0,5})\.xml$/
const fileParam = z.object({ file: z.string().max(40) })

export default async function crawlRoutes(app: FastifyInstance) {
  const origin = (req: FastifyRequest) => app.config.SITE_URL || `${req.protocol}://${req.host}`
  app.get('/robots.txt', async (req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CRAWL_CACHE).send(robotsTxt(origin(req))),
  )
  app.get('/sitemap.xml', async (req, reply) => reply.type(XML).header('cache-control', CRAWL_CACHE).send(await sitemapIndex(app, origin(req))))
  app.get('/sitemaps/:file', async (req, reply) => {
    const match = FILE.exec(fileParam.parse(req.params).file)
    const kind = SITEMAP_KINDS.find((k) => k === match?.[1])
    const body = kind && (await sitemapPart(app, origin(req), kind, Number(match![2])))
    if (!body) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found')
    return reply.type(XML).header('cache-control', CRAWL_CACHE).send(body)
  })
}
