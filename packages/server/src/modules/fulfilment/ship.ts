// Shipping a paid order (2 → 3) with a carrier of `expresses` and its tracking number, by the store's seller or an
// admin, and editing the receiver while the order still waits for shipping. One guarded change decides: a second
// shipping, or a shipping of an order the cancel job got first (it never left unpaid), changes nothing and is refused
// with a 402. The shipping unit stages the order's auto-confirm at delivery_time + task.confirm_days.
import { ORDER_FLOW, ORDER_STATUS } from '@qshop/shared'
import type { ReceiverBody, ShipBody } from '@qshop/shared/schemas/fulfilment'
import type { RequestContext } from '../../core/context.ts'
import { businessError, notFound } from '../../core/errors.ts'
import { transition } from '../../core/transition.ts'
import { inUnit, type Tx } from '../../core/unitOfWork.ts'
import type { Infra } from '../../core/infra.ts'
import { orderConfirmJob } from './confirmJob.ts'
import { orderScope } from './scope.ts'
import { assertShippable } from '../collectives/index.ts'
import { DAY_MS, taskDays } from './taskConfig.ts'

export type Shipped = { id: number; order_status: number; delivery_code: string; delivery_no: string; delivery_time: Date }

/** After a guarded change of 0 rows: 404 when the caller cannot see the order, else the refusal `key`. */
async function refusal(tx: Tx, orderId: number, scope: Record<string, number>, key: 'msg.orderNotShippable' | 'msg.receiverNotEditable') {
  const seen = await tx.orders.findFirst({ where: { id: orderId, ...scope }, select: { id: true } })
  return seen ? businessError(key) : notFound()
}

export async function shipOrder(infra: Infra, ctx: RequestContext, orderId: number, body: ShipBody): Promise<Shipped> {
  const scope = orderScope(ctx)
  const { confirmDays } = await taskDays(infra)
  return inUnit(infra, ctx, async (tx, unit) => {
    if (!(await tx.expresses.findUnique({ where: { code: body.delivery_code }, select: { id: true } }))) {
      if (!(await tx.orders.findFirst({ where: { id: orderId, ...scope }, select: { id: true } }))) throw notFound()
      throw businessError('msg.expressUnknown')
    }
    const now = new Date()
    const changed = await transition(tx, ORDER_FLOW, orderId, { from: ORDER_STATUS.PAID, to: ORDER_STATUS.SHIPPED }, {
      where: scope,
      data: { delivery_code: body.delivery_code, delivery_no: body.delivery_no, delivery_time: now },
    })
    if (!changed) throw await refusal(tx, orderId, scope, 'msg.orderNotShippable')
    // A group order ships once its group filled (modules/collectives); the refusal rolls the change back.
    await assertShippable(tx, orderId)
    await unit.stage(orderConfirmJob, { order_id: orderId }, { runAt: new Date(now.getTime() + confirmDays * DAY_MS) })
    return { id: orderId, order_status: ORDER_STATUS.SHIPPED, delivery_code: body.delivery_code, delivery_no: body.delivery_no, delivery_time: now }
  })
}

/** The receiver of an order awaiting shipment; once shipped the parcel is addressed and the change is refused. */
export async function editReceiver(infra: Infra, ctx: RequestContext, orderId: number, body: ReceiverBody): Promise<{ id: number }> {
  const scope = orderScope(ctx)
  return inUnit(infra, ctx, async (tx) => {
    const { count } = await tx.orders.updateMany({ where: { id: orderId, ...scope, order_status: ORDER_STATUS.PAID }, data: body })
    if (!count) throw await refusal(tx, orderId, scope, 'msg.receiverNotEditable')
    return { id: orderId }
  })
}
