// Content and system: admin resources through the engine, grouped config forms, and the storefront's public reads.
import { z } from 'zod'
import { zx } from '@qshop/shared'
import { CONFIG_GROUPS, configUpdateSchema } from '@qshop/shared/schemas/configs'
import type { AppModule, ScopePlugin } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { idParam } from '@qshop/shared/schemas/common'
import { pageQuery } from '@qshop/shared/schemas/funds'
import { notFound } from '../../core/errors.ts'
import { CONTENT_RESOURCES } from './resources.ts'
import { articleLinks, publicArticle, publishedNotices } from './published.ts'
import {
  activeAds, allExpresses, articleMenuTree, configForAdmin, latestAppVersion, readAgreement, readArticle, updateConfig,
} from './service.ts'

const admin: ScopePlugin = async (app) => {
  for (const res of CONTENT_RESOURCES) await app.register(resourceRoutes(res))

  // One form per group: GET answers it (secrets masked), PUT writes any subset of its fields.
  for (const group of CONFIG_GROUPS) {
    const tags = ['admin:configs']
    app.get(`/configs/${group}`, { schema: { tags }, config: { permission: 'admin.configs.show' } }, async (req) =>
      ok(req, await configForAdmin(app, group)),
    )
    app.put(`/configs/${group}`, { schema: { body: configUpdateSchema(group), tags }, config: { permission: 'admin.configs.update' } }, async (req) =>
      ok(req, await updateConfig(app, group, req.body as Record<string, unknown>, req.locale)),
    )
  }
}

const storefront: ScopePlugin = async (app) => {
  const pub = { public: true }
  const tags = ['content']
  app.get('/article/:name', { schema: { params: z.object({ name: z.string().min(1).max(120) }), tags }, config: pub }, async (req) =>
    ok(req, await readArticle(app, req.params.name)),
  )
  app.get('/articles/:id', { schema: { params: idParam, tags, summary: 'An article by id (cached; its view counter is not moved)' }, config: pub }, async (req) => {
    const article = await publicArticle(app, req.params.id)
    if (!article) throw notFound()
    return ok(req, article)
  })
  app.get('/articles', { schema: { tags, summary: 'Each article menu with its first articles (the storefront footer)' }, config: pub }, async (req) =>
    ok(req, await articleLinks(app)),
  )
  app.get('/notices', { schema: { querystring: pageQuery, tags, summary: 'The sent notices, newest first' }, config: pub }, async (req) =>
    ok(req, await publishedNotices(app, req.query)),
  )
  app.get('/agreements/:name', { schema: { params: z.object({ name: z.string().min(1).max(64) }), tags }, config: pub }, async (req) =>
    ok(req, await readAgreement(app, req.params.name)),
  )
  app.get('/adv', { schema: { querystring: z.strictObject({ name: z.string().min(1).max(64) }), tags }, config: pub }, async (req) =>
    ok(req, await activeAds(app, req.query.name)),
  )
  app.get(
    '/load_article_menu',
    { schema: { querystring: z.strictObject({ deep: zx.urlInt(1, 5).default(5) }), tags }, config: pub },
    async (req) => ok(req, await articleMenuTree(app, req.query.deep)),
  )
  app.get('/expresses', { schema: { tags }, config: pub }, async (req) => ok(req, await allExpresses(app)))
  app.get('/app_versions', { schema: { querystring: z.strictObject({ device: z.enum(['android', 'ios']) }), tags }, config: pub }, async (req) =>
    ok(req, await latestAppVersion(app, req.query.device)),
  )
}

const content: AppModule = { name: 'content', admin, storefront }
export default content
