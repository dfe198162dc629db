// A group order at checkout (docs/collectives.md): a line with collective_id (−1 opens a group of the goods' group
// buy, N joins open group N) is ordered on its own. Its group price replaces the line price before any other step —
// the saving is kept in orders.collective_money — and the order takes no full reduction, coupon or points. The
// preview names a group that cannot be joined; the order's unit takes the seat (seats.ts).
import { percentOf } from '@qshop/shared'
import type { CheckoutLine } from '@qshop/shared/schemas/orders'
import { Prisma, type RawStatements, type Tx } from '../../core/db/index.ts'
import { businessError } from '../../core/errors.ts'
import type { Unit } from '../../core/unitOfWork.ts'
import { groupSql, joinRefusal, seatOrder, takeSeat, type CollectiveDef } from './seats.ts'

/** The unit group price's saving on a price in cents. */
export const unitSaving = (priceCents: number, discount: Prisma.Decimal | string) => percentOf(priceCents, discount.toString())

/** What the checkout's pricing asks of a discount step (modules/checkout/pricing.ts DiscountStep). */
type Store = { lines: readonly { goods_id: number; price: number; buy_num: number }[] }

export type GroupCheckout = {
  /** the checkout's discount step: the group price's saving, and no promotions on the group order */
  step: { column: 'collective_money'; amount(store: Store): number; excludes(store: Store): boolean }
  /** in the order's unit, before the order is written: the seat taken; answers the group's id (orders.collective_id) */
  takeSeat(tx: Tx, unit: Unit, now: Date): Promise<number>
  /** in the same unit, once the order is written */
  seatOrder(tx: Tx, groupId: number, orderId: number): Promise<void>
}

/** The group order among `lines`, or null when no line asks for a group (then nothing is read). Refuses a group line
 *  with other lines, a goods without a group buy and, when it can tell, a group that cannot be joined. */
export async function groupCheckout(conn: RawStatements, userId: number, lines: readonly CheckoutLine[]): Promise<GroupCheckout | null> {
  const asked = lines.filter((l) => l.collective_id)
  if (!asked.length) return null
  if (lines.length !== 1) throw businessError('msg.collectiveAlone')
  const line = asked[0]
  const requested = line.collective_id!
  const [[def], group] = await Promise.all([
    conn.$queryRaw<CollectiveDef[]>`SELECT id, store_id, goods_id, CAST(discount AS CHAR) AS discount, need, expire_minutes FROM collectives WHERE goods_id = ${line.goods_id}`,
    requested > 0 ? groupSql(conn, requested) : [],
  ])
  if (!def) throw businessError('msg.collectiveNone')
  if (requested > 0) {
    const refusal = joinRefusal(group[0], def.id, userId, new Date())
    if (refusal) throw businessError(refusal)
  }
  const ours = (store: Store) => store.lines.some((l) => l.goods_id === def.goods_id)
  return {
    step: {
      column: 'collective_money',
      amount: (store) => (ours(store) ? store.lines.reduce((n, l) => n + unitSaving(l.price, def.discount) * l.buy_num, 0) : 0),
      excludes: ours,
    },
    takeSeat: (tx, unit, now) => takeSeat(tx, unit, userId, def, requested, now),
    seatOrder: (tx, groupId, orderId) => seatOrder(tx, groupId, userId, orderId),
  }
}
