// Shared storefront data: GET /api/common, /api/cart_count, /api/load_areas, /api/load_goods_classes.
import { z } from 'zod'
import { zx } from '@qshop/shared'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { areaChildren, publicSiteConfig } from '../content/index.ts'
import { brandList, cartCount, classTree } from './service.ts'

const tags = ['common']
/** Open to everyone; a shopper's token, when sent, is read for the cart count. */
const openWithShopper = { public: true, optionalAuth: true }

const common: AppModule = {
  name: 'common',
  storefront: async (app) => {
    app.get('/common', { schema: { tags, summary: 'Category tree, brands, public site config, client ip, cart count' }, config: openWithShopper }, async (req) => {
      const [classes, brands, site, cart] = await Promise.all([
        classTree(app),
        brandList(app),
        publicSiteConfig(app),
        cartCount(app, req.actor?.area === 'user' ? req.actor.id : undefined),
      ])
      return ok(req, { classes, brands, common: site, ip: req.ip, cart })
    })

    app.get('/cart_count', { schema: { tags, summary: "Number of the shopper's cart lines (0 when not logged in)" }, config: openWithShopper }, async (req) =>
      ok(req, await cartCount(app, req.actor?.area === 'user' ? req.actor.id : undefined)),
    )

    app.get(
      '/load_areas',
      {
        schema: {
          tags,
          summary: 'Children of one area (pid = parent area id, 0 = provinces) for lazy cascaders',
          querystring: z.strictObject({ pid: zx.urlInt(0, zx.INT_MAX).default(0) }),
        },
        config: { public: true },
      },
      async (req) => ok(req, await areaChildren(app, req.query.pid)),
    )

    app.get('/load_goods_classes', { schema: { tags, summary: 'Goods category tree (3 levels)' }, config: { public: true } }, async (req) =>
      ok(req, await classTree(app)),
    )
  },
}
export default common
