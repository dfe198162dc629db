// The shopper's delivery addresses: /api/user/addresses (list, create), /{id} (show, update, delete), /{id}/default.
import { addressCreateBody, addressUpdateBody } from '@qshop/shared/schemas/addresses'
import { idParam, noBody } from '@qshop/shared/schemas/common'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { createAddress, deleteAddress, listAddresses, readAddress, setDefaultAddress, updateAddress } from './service.ts'

const tags = ['addresses']

const addresses: AppModule = {
  name: 'addresses',
  storefront: async (app) => {
    app.get('/user/addresses', { schema: { tags, summary: "The shopper's addresses, the default first, then the newest" } }, async (req) =>
      ok(req, await listAddresses(app, requestContext(req))),
    )
    app.post(
      '/user/addresses',
      { schema: { body: addressCreateBody, tags, summary: 'Add an address (the first one is the default); at most 20' } },
      async (req) => ok(req, await createAddress(app, requestContext(req), req.body)),
    )
    app.get('/user/addresses/:id', { schema: { params: idParam, tags } }, async (req) =>
      ok(req, await readAddress(app, requestContext(req), req.params.id)),
    )
    app.put('/user/addresses/:id', { schema: { params: idParam, body: addressUpdateBody, tags, summary: 'Change any subset of the fields' } }, async (req) =>
      ok(req, await updateAddress(app, requestContext(req), req.params.id, req.body)),
    )
    app.put('/user/addresses/:id/default', { schema: { params: idParam, body: noBody, tags, summary: 'Make it the default address' } }, async (req) =>
      ok(req, await setDefaultAddress(app, requestContext(req), req.params.id)),
    )
    app.delete(
      '/user/addresses/:id',
      { schema: { params: idParam, tags, summary: 'Delete; deleting the default makes the newest remaining one the default' } },
      async (req) => ok(req, await deleteAddress(app, requestContext(req), req.params.id)),
    )
  },
}
export default addresses
