// A group order's seat (docs/collectives.md). The checkout takes it in the order's unit: opening a group inserts the
// group with its first seat taken; joining takes one by a single guarded update of the group's seat counter
// (join_num < need, open, not expired, not the caller's own group), so under any concurrency a group never has more
// live orders than `need`; the seat row's unique (group, live_user) refuses a second live seat of the same shopper.
// The seat is held until its order is paid (paidSeats: in the payment's unit), cancelled or timed out (releaseSeat: in
// the cancel's unit). Locks are taken in one order — the order, then the group, then the seat — by the payment and
// the cancel alike; the checkout holds no order lock when it takes the group's.
import { COLLECTIVE_FLOW, COLLECTIVE_SEAT, COLLECTIVE_SEAT_FLOW, COLLECTIVE_STATUS } from '@qshop/shared'
import { Prisma, insertRows, isDuplicateKey, type Tx } from '../../core/db/index.ts'
import { businessError } from '../../core/errors.ts'
import { transition } from '../../core/transition.ts'
import type { Unit } from '../../core/unitOfWork.ts'
import { collectiveExpireJob, collectiveRefundJob } from './jobs.ts'

export type CollectiveDef = { id: number; store_id: number; goods_id: number; discount: string; need: number; expire_minutes: number }
type GroupRow = { id: number; collective_id: number; user_id: number; status: number; need: number; join_num: number; paid_num: number; expire_at: Date }

/** Why a group cannot be joined by `userId` at `now`, or null when it can. */
export function joinRefusal(group: GroupRow | undefined, collectiveId: number, userId: number, now: Date) {
  if (!group || group.collective_id !== collectiveId) return 'msg.collectiveGone' as const
  if (group.status !== COLLECTIVE_STATUS.OPEN) return 'msg.collectiveClosed' as const
  if (group.expire_at <= now) return 'msg.collectiveExpired' as const
  if (group.user_id === userId) return 'msg.collectiveOwn' as const
  if (group.join_num >= group.need) return 'msg.collectiveFull' as const
  return null
}

export const groupSql = (tx: Pick<Tx, '$queryRaw'>, id: number) =>
  tx.$queryRaw<GroupRow[]>`SELECT id, collective_id, user_id, status, need, join_num, paid_num, expire_at FROM collective_logs WHERE id = ${id}`

/** Takes a seat for `userId`: opens a group (`requested` −1) or joins group `requested`. Answers the group's id. */
export async function takeSeat(tx: Tx, unit: Unit, userId: number, def: CollectiveDef, requested: number, now: Date): Promise<number> {
  if (requested === -1) {
    const expireAt = new Date(now.getTime() + def.expire_minutes * 60_000)
    const { insertId } = await tx.$insertRaw`INSERT INTO collective_logs ${insertRows([{
      collective_id: def.id, user_id: userId, store_id: def.store_id, goods_id: def.goods_id, discount: def.discount, need: def.need,
      join_num: 1, paid_num: 0, status: COLLECTIVE_STATUS.OPEN, expire_at: expireAt,
    }])}`
    await unit.stage(collectiveExpireJob, { collective_log_id: insertId }, { runAt: expireAt })
    return insertId
  }
  const taken = await tx.$executeRaw`UPDATE collective_logs FORCE INDEX (PRIMARY) SET join_num = join_num + 1, updated_at = CURRENT_TIMESTAMP(3)
    WHERE id = ${requested} AND collective_id = ${def.id} AND status = ${COLLECTIVE_STATUS.OPEN} AND expire_at > ${now}
      AND join_num < need AND user_id <> ${userId}`
  if (!taken) {
    const [group] = await groupSql(tx, requested)
    throw businessError(joinRefusal(group, def.id, userId, now) ?? 'msg.collectiveFull')
  }
  return requested
}

/** The seat row of the order just written (after takeSeat, in the same unit): a shopper's second live seat in the
 *  group refuses the whole checkout. */
export async function seatOrder(tx: Tx, groupId: number, userId: number, orderId: number): Promise<void> {
  try {
    await tx.$executeRaw`INSERT INTO collective_members ${insertRows([{
      collective_log_id: groupId, user_id: userId, order_id: orderId, live_user: userId, status: COLLECTIVE_SEAT.HELD,
    }])}`
  } catch (err) {
    if (isDuplicateKey(err)) throw businessError('msg.collectiveJoined')
    throw err
  }
}

type Seat = { id: number; collective_log_id: number }

const heldSeats = (tx: Tx, orderIds: readonly number[]) =>
  tx.$queryRaw<Seat[]>`SELECT id, collective_log_id FROM collective_members WHERE order_id IN (${Prisma.join(orderIds)}) AND status = ${COLLECTIVE_SEAT.HELD}`

async function lockGroup(tx: Tx, id: number): Promise<GroupRow> {
  const [group] = await tx.$queryRaw<GroupRow[]>`SELECT id, collective_id, user_id, status, need, join_num, paid_num, expire_at
    FROM collective_logs FORCE INDEX (PRIMARY) WHERE id = ${id} FOR UPDATE`
  if (!group) throw new Error(`group ${id} vanished`)
  return group
}

/**
 * The group orders among `orderIds` were just paid (the payment's unit, the orders locked and moved 1 → 2): each seat
 * held → paid under its group's lock. An open group counts the payment and fills with its last seat (open → filled);
 * a group that closed unfilled meanwhile (the expiry got its lock first) keeps the payment and refunds it by the
 * seat's own refund job — either the payment fills the group or the group's close refunds it, never both.
 */
export async function paidSeats(tx: Tx, unit: Unit, orderIds: readonly number[]): Promise<void> {
  if (!orderIds.length) return
  const seats = await heldSeats(tx, orderIds)
  for (const seat of seats.sort((a, b) => a.collective_log_id - b.collective_log_id)) {
    const group = await lockGroup(tx, seat.collective_log_id)
    if (!(await transition(tx, COLLECTIVE_SEAT_FLOW, seat.id, { from: COLLECTIVE_SEAT.HELD, to: COLLECTIVE_SEAT.PAID }))) throw new Error(`seat ${seat.id} changed under its group's lock`)
    if (group.status !== COLLECTIVE_STATUS.OPEN) {
      await unit.stage(collectiveRefundJob, { member_id: seat.id })
      continue
    }
    await tx.$executeRaw`UPDATE collective_logs FORCE INDEX (PRIMARY) SET paid_num = paid_num + 1, updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${group.id}`
    if (group.paid_num + 1 >= group.need && !(await transition(tx, COLLECTIVE_FLOW, group.id, { from: COLLECTIVE_STATUS.OPEN, to: COLLECTIVE_STATUS.FILLED })))
      throw new Error(`group ${group.id} changed under its lock`)
  }
}

/** The order was cancelled (its unit, the order moved 1 → 0): its held seat is released and the group has one seat
 *  more to offer. */
export async function releaseSeat(tx: Tx, orderId: number): Promise<void> {
  const [seat] = await heldSeats(tx, [orderId])
  if (!seat) return
  await lockGroup(tx, seat.collective_log_id)
  const released = await transition(tx, COLLECTIVE_SEAT_FLOW, seat.id, { from: COLLECTIVE_SEAT.HELD, to: COLLECTIVE_SEAT.RELEASED }, { data: { live_user: null } })
  if (!released) throw new Error(`seat ${seat.id} changed under its group's lock`)
  await tx.$executeRaw`UPDATE collective_logs FORCE INDEX (PRIMARY) SET join_num = join_num - 1, updated_at = CURRENT_TIMESTAMP(3)
    WHERE id = ${seat.collective_log_id} AND join_num > 0`
}

/** Refuses shipping a group order whose group has not filled (in the shipping unit, after its guarded change). */
export async function assertShippable(tx: Tx, orderId: number): Promise<void> {
  const [row] = await tx.$queryRaw<{ status: number }[]>`SELECT l.status FROM orders o JOIN collective_logs l ON l.id = o.collective_id
    WHERE o.id = ${orderId} AND o.collective_id > 0`
  if (row && row.status !== COLLECTIVE_STATUS.FILLED) throw businessError('msg.collectiveNotFilled')
}
