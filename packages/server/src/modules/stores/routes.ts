// Stores: onboarding (/api/store/join, /api/store), the seller's settings and categories, the admin's review and
// open/close, and the storefront's store list and store page.
import { storeApplicationBody, storeListQuery, storeSettingsBody, storeStatusBody, storeVerifyBody } from '@qshop/shared/schemas/catalog'
import { idParam, noBody } from '@qshop/shared/schemas/common'
import type { AppModule, ScopePlugin } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { resourceRoutes } from '../../core/resource.ts'
import { notFound } from '../../core/errors.ts'
import { requestContext } from '../../core/context.ts'
import { joinStore, readApplication, readSettings, saveApplication, saveSettings } from './own.ts'
import { setStoreStatus, storeResources, verifyStore } from './review.ts'
import { listStores, storePage } from './storefront.ts'
import { storeClassTree } from '../catalog/index.ts'


const admin: ScopePlugin = async (app) => {
  for (const res of storeResources(app)) await app.register(resourceRoutes(res))
  const tags = ['admin:stores']
  app.put('/stores/:id/verify', { schema: { params: idParam, body: storeVerifyBody, tags }, config: { permission: 'admin.stores.verify' } }, async (req) =>
    ok(req, await verifyStore(app, requestContext(req), req.params.id, req.body)),
  )
  app.put('/stores/:id/status', { schema: { params: idParam, body: storeStatusBody, tags }, config: { permission: 'admin.stores.status' } }, async (req) =>
    ok(req, await setStoreStatus(app, req.params.id, req.body.store_status)),
  )
}

const seller: ScopePlugin = async (app) => {
  const tags = ['seller:stores']
  const storeOf = (storeId: number | undefined) => {
    if (!storeId) throw notFound()
    return storeId
  }
  app.get('/stores', { schema: { tags }, config: { permission: 'seller.stores.show' } }, async (req) =>
    ok(req, await readSettings(app, storeOf(req.actor?.storeId))),
  )
  app.put('/stores', { schema: { body: storeSettingsBody, tags }, config: { permission: 'seller.stores.update' } }, async (req) =>
    ok(req, await saveSettings(app, req, storeOf(req.actor?.storeId), req.body)),
  )
  app.get('/store_classes', { schema: { tags, summary: 'The category tree the store may sell in' }, config: { permission: 'seller.store_classes.index' } }, async (req) =>
    ok(req, await storeClassTree(app, storeOf(req.actor?.storeId))),
  )
}

const storefront: ScopePlugin = async (app) => {
  const tags = ['stores']
  // The shopper's own application (sub-accounts are refused by the storefront guard).
  app.post('/store/join', { schema: { body: noBody, tags, summary: 'Open a store application (verify 1)' } }, async (req) => ok(req, await joinStore(app, req.actor!.id)))
  app.get('/store', { schema: { tags, summary: "The caller's store application (null before joining)" } }, async (req) =>
    ok(req, await readApplication(app, req.actor!.id)),
  )
  app.put('/store', { schema: { body: storeApplicationBody, tags, summary: 'Save the application data and submit it (verify 2)' } }, async (req) =>
    ok(req, await saveApplication(app, req, req.actor!.id, req.body), 'msg.storeSubmitted'),
  )

  app.get('/stores', { schema: { querystring: storeListQuery, tags, summary: 'Visible stores: keywords, sort by sales, rating or distance (lat, lng)' }, config: { public: true } }, async (req) =>
    ok(req, await listStores(app, req.query)),
  )
  app.get('/store/:id', { schema: { params: idParam, tags, summary: 'A visible store: public fields, ratings, best sellers, is_fav' }, config: { public: true, optionalAuth: true } }, async (req) =>
    ok(req, await storePage(app, req.params.id, req.actor?.area === 'user' ? req.actor.id : undefined)),
  )
}

const stores: AppModule = { name: 'stores', admin, seller, storefront }
export default stores
