// What waits on someone now: the overview's to-do counts, each matching the list the back office handles it in.
import type { Infra } from '../../core/infra.ts'
import { GOODS_VERIFY, ORDER_STATUS, REFUND_STEP, REFUND_TYPE, REFUND_VERIFY, STORE_VERIFY } from '@qshop/shared'
import type { AdminTodo, SellerTodo } from '@qshop/shared/schemas/dashboard'

/** After-sales requests waiting on the seller: a decision, or a returned parcel to confirm. */
const AWAITING_SELLER = [
  { refund_verify: REFUND_VERIFY.PENDING },
  { refund_verify: REFUND_VERIFY.AGREED, refund_type: REFUND_TYPE.GOODS, refund_step: REFUND_STEP.AWAIT_SELLER },
]

/** The store's to-dos, or (storeId null) every store's. */
export async function sellerTodo(app: Infra, storeId: number | null): Promise<SellerTodo> {
  const store = storeId === null ? {} : { store_id: storeId }
  const [awaiting_shipment, after_sales, awaiting_payment] = await Promise.all([
    app.db.orders.count({ where: { ...store, order_status: ORDER_STATUS.PAID } }),
    app.db.refunds.count({ where: { ...store, OR: AWAITING_SELLER } }),
    app.db.orders.count({ where: { ...store, order_status: ORDER_STATUS.UNPAID } }),
  ])
  return { awaiting_shipment, after_sales, awaiting_payment }
}

/** The platform's to-dos: the stores' together, and what only the admin decides. */
export async function adminTodo(app: Infra): Promise<AdminTodo> {
  const [stores, stores_to_review, goods_to_review, arbitrations] = await Promise.all([
    sellerTodo(app, null),
    app.db.stores.count({ where: { store_verify: STORE_VERIFY.VERIFYING } }),
    app.db.goods.count({ where: { goods_verify: GOODS_VERIFY.PENDING } }),
    app.db.refunds.count({ where: { refund_verify: REFUND_VERIFY.ARBITRATING } }),
  ])
  return { ...stores, stores_to_review, goods_to_review, arbitrations }
}
