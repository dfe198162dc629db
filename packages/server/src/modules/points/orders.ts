// Points orders: the shopper's own (list and one, another's is not found) and the admin's shipping, a change of the
// integral order transition table written with the express company and number (packages/shared/src/states.ts).
import { INTEGRAL_ORDER_FLOW, INTEGRAL_ORDER_STATUS, type ListAnswer } from '@qshop/shared'
import type { IntegralOrderRow, IntegralShipBody, PointsPageQuery } from '@qshop/shared/schemas/points'
import { businessError, notFound } from '../../core/errors.ts'
import type { Infra } from '../../core/infra.ts'
import { transition } from '../../core/transition.ts'
import { runUnit } from '../../core/unitOfWork.ts'

type Db = Infra['db']

const ROW = {
  id: true, order_no: true, order_name: true, order_image: true, total_price: true, order_status: true, delivery_code: true, delivery_no: true,
  receive_name: true, receive_tel: true, receive_area: true, receive_address: true, created_at: true, delivery_time: true,
  integral_order_goods: { select: { buy_num: true }, take: 1 },
} as const

type Row = Omit<IntegralOrderRow, 'buy_num' | 'created_at' | 'delivery_time'> & { created_at: Date; delivery_time: Date | null; integral_order_goods: { buy_num: number }[] }
const present = ({ integral_order_goods, ...r }: Row) => ({ ...r, buy_num: integral_order_goods[0]?.buy_num ?? 0 })

export async function ownIntegralOrders(infra: { db: Db }, userId: number, q: PointsPageQuery): Promise<ListAnswer<ReturnType<typeof present>>> {
  const where = { user_id: userId }
  const [rows, total] = await Promise.all([
    infra.db.integral_orders.findMany({ where, select: ROW, orderBy: { id: 'desc' }, skip: (q.page - 1) * q.per_page, take: q.per_page }),
    infra.db.integral_orders.count({ where }),
  ])
  return { data: rows.map(present), count: rows.length, total, per_page: q.per_page, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page }
}

export async function ownIntegralOrder(infra: { db: Db }, userId: number, id: number) {
  const row = await infra.db.integral_orders.findFirst({ where: { id, user_id: userId }, select: ROW })
  if (!row) throw notFound()
  return present(row)
}

/** PUT /api/Admin/integral_orders/{id}/ship: a paid order is shipped once (the guarded change decides between racers). */
export async function shipIntegralOrder(infra: Infra, id: number, body: IntegralShipBody): Promise<void> {
  await runUnit(infra, { label: `integral-ship ${id}` }, async (tx) => {
    if (!(await tx.expresses.findUnique({ where: { code: body.delivery_code }, select: { id: true } }))) {
      if (!(await tx.integral_orders.findUnique({ where: { id }, select: { id: true } }))) throw notFound()
      throw businessError('msg.expressUnknown')
    }
    const changed = await transition(tx, INTEGRAL_ORDER_FLOW, id, { from: INTEGRAL_ORDER_STATUS.PAID, to: INTEGRAL_ORDER_STATUS.SHIPPED }, {
      data: { delivery_code: body.delivery_code, delivery_no: body.delivery_no, delivery_time: new Date() },
    })
    if (changed) return
    if (!(await tx.integral_orders.findUnique({ where: { id }, select: { id: true } }))) throw notFound()
    throw businessError('msg.integralOrderNotShippable')
  })
}
