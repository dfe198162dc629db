// The shopper's cart: /api/user/carts (list by store, add), /{id} (quantity), /{ids} (remove). GET /api/cart_count is
// the common module's.
import { cartAddBody, cartUpdateBody } from '@qshop/shared/schemas/cart'
import { idParam, idsParam } from '@qshop/shared/schemas/common'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { requestContext } from '../../core/context.ts'
import { addToCart, listCart, removeCartLines, updateCartLine } from './service.ts'

const tags = ['cart']

const cart: AppModule = {
  name: 'cart',
  storefront: async (app) => {
    app.get(
      '/user/carts',
      { schema: { tags, summary: 'Cart lines grouped by store; each line flagged ok, off_shelf, sku_gone or short_stock' } },
      async (req) => ok(req, await listCart(app, requestContext(req))),
    )
    app.post(
      '/user/carts',
      { schema: { body: cartAddBody, tags, summary: 'Add goods (and SKU); the same goods and SKU merges into its line; answers {id, cart_count}' } },
      async (req) => ok(req, await addToCart(app, requestContext(req), req.body), 'msg.cartAdded'),
    )
    app.put('/user/carts/:id', { schema: { params: idParam, body: cartUpdateBody, tags, summary: "Set a line's quantity; answers {id, cart_count}" } }, async (req) =>
      ok(req, await updateCartLine(app, requestContext(req), req.params.id, req.body.buy_num)),
    )
    app.delete('/user/carts/:ids', { schema: { params: idsParam, tags, summary: 'Remove own lines; answers {deleted, cart_count}' } }, async (req) =>
      ok(req, await removeCartLines(app, requestContext(req), [...new Set(req.params.ids)])),
    )
  },
}
export default cart
