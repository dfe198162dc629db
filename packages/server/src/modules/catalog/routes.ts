// Catalog: admin categories, brands, goods and goods review; the seller's goods form, attributes and image space;
// the storefront's home, search, goods detail, reviews and favourites.
import {
  commentListQuery, favoriteBody, favoriteListQuery, favoriteQuery, goodsCreateBody, goodsSearchQuery, goodsUpdateBody, goodsVerifyBody,
} from '@qshop/shared/schemas/catalog'
import { idParam, idsParam } from '@qshop/shared/schemas/common'
import type { AppModule, ScopePlugin } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { notFound } from '../../core/errors.ts'
import { requestContext } from '../../core/context.ts'
import { catalogResources } from './resources.ts'
import { goodsForEdit, saveGoods, verifyGoods } from './goods.ts'
import { searchGoods } from './search.ts'
import { goodsDetail, requireVisibleGoods } from './detail.ts'
import { goodsComments } from './reviews.ts'
import { homePage } from './home.ts'
import { isFavorite, listFavorites, removeFavorites, toggleFavorite } from './favorites.ts'
import { catalogJobs } from './jobs.ts'


const admin: ScopePlugin = async (app) => {
  for (const res of catalogResources.admin(app)) await app.register(resourceRoutes(res))
  const tags = ['admin:goods']
  app.get('/goods/:id', { schema: { params: idParam, tags }, config: { permission: 'admin.goods.show' } }, async (req) =>
    ok(req, await goodsForEdit(app, { id: req.params.id })),
  )
  app.put('/goods/:id/verify', { schema: { params: idParam, body: goodsVerifyBody, tags }, config: { permission: 'admin.goods.verify' } }, async (req) =>
    ok(req, await verifyGoods(app, requestContext(req), req.params.id, req.body)),
  )
}

const seller: ScopePlugin = async (app) => {
  for (const res of catalogResources.seller(app)) await app.register(resourceRoutes(res))
  const tags = ['seller:goods']
  app.get('/goods/:id', { schema: { params: idParam, tags }, config: { permission: 'seller.goods.show' } }, async (req) => {
    if (!req.actor?.storeId) throw notFound()
    return ok(req, await goodsForEdit(app, { id: req.params.id, store_id: req.actor.storeId }))
  })
  app.post('/goods', { schema: { body: goodsCreateBody, tags }, config: { permission: 'seller.goods.store' } }, async (req) =>
    ok(req, await saveGoods(app, req, req.body, null)),
  )
  app.put('/goods/:id', { schema: { params: idParam, body: goodsUpdateBody, tags }, config: { permission: 'seller.goods.update' } }, async (req) =>
    ok(req, await saveGoods(app, req, req.body, req.params.id)),
  )
}

const storefront: ScopePlugin = async (app) => {
  const tags = ['catalog']
  const pub = { public: true }
  const shopperId = (actor: { area: string; id: number } | null) => (actor?.area === 'user' ? actor.id : undefined)

  app.get('/home', { schema: { tags, summary: 'Home: ad slides and banners, category floors, recommended goods' }, config: pub }, async (req) =>
    ok(req, await homePage(app)),
  )
  app.get(
    '/goods',
    { schema: { querystring: goodsSearchQuery, tags, summary: 'Goods search: keywords, category (with descendants), brand, store, price range, sort' }, config: pub },
    async (req) => ok(req, await searchGoods(app, req.query)),
  )
  app.get(
    '/goods/:id',
    { schema: { params: idParam, tags, summary: 'Goods detail with SKUs, store card, review statistics and is_fav' }, config: { public: true, optionalAuth: true } },
    async (req) => ok(req, await goodsDetail(app, req.params.id, shopperId(req.actor))),
  )
  app.get(
    '/goods_comments/:id',
    { schema: { params: idParam, querystring: commentListQuery, tags, summary: 'Reviews of a goods: is_type 0 all, 1 good, 2 medium, 3 bad' }, config: pub },
    async (req) => {
      await requireVisibleGoods(app, req.params.id)
      return ok(req, await goodsComments(app.db, req.params.id, req.query.is_type, req.query.page, req.query.per_page))
    },
  )
  app.get(
    '/is_fav',
    { schema: { querystring: favoriteQuery, tags, summary: 'Whether the shopper favourited the goods (is_type 0) or follows the store (1)' }, config: { public: true, optionalAuth: true } },
    async (req) => {
      const user = shopperId(req.actor)
      return ok(req, user ? await isFavorite(app, user, req.query.out_id, req.query.is_type) : false)
    },
  )
  app.get('/user/favorites', { schema: { querystring: favoriteListQuery, tags } }, async (req) =>
    ok(req, await listFavorites(app, req.actor!.id, req.query.is_type, req.query.page, req.query.per_page)),
  )
  app.post('/user/favorites', { schema: { body: favoriteBody, tags, summary: 'Toggle a favourite; answers {is_fav}' } }, async (req) => {
    const added = await toggleFavorite(app, req.actor!.id, req.body.out_id, req.body.is_type)
    return ok(req, { is_fav: added }, added ? 'msg.favAdded' : 'msg.favRemoved')
  })
  app.delete('/user/favorites/:ids', { schema: { params: idsParam, tags } }, async (req) =>
    ok(req, { deleted: await removeFavorites(app, req.actor!.id, [...new Set(req.params.ids)]) }),
  )
}

const catalog: AppModule = { name: 'catalog', admin, seller, storefront, jobs: catalogJobs }
export default catalog
