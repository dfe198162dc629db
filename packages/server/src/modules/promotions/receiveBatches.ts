// Step 3 of receiving a coupon (receive.ts): the database's guarded writes, for the receives the gate let through.
//
// Every receive's unit locks the coupon row (its stock update), and holds the lock until its COMMIT reaches the server:
// the round trip of its statements plus the event loop's turn to answer them, which is long when the process is busy.
// One at a time, the last of a stampede's winners waited behind all the others. So a process keeps at most one unit per
// coupon in flight: the receives that arrive while it runs wait, and go together in the next one (at most
// BATCH_MAX). Such a unit, in one round trip:
//   - takes the stock of all of them by one guarded update (`stock >= k`, inside the window), first: the unit then holds
//     the coupon row before the inserts' foreign-key checks ask for it, and never waits for it while holding one;
//   - for each receive in turn: makes the shopper's counter row if missing, raises it by a guarded update (below the
//     limit the shopper was shown), and writes the received row only when that update changed a row — the insert's
//     `WHERE ROW_COUNT() > 0` reads the affected-row count of the statement before it, which on one connection is the
//     shopper's counter update (statements run in the order sent: core/db/transaction.ts, invariant 1);
//   - gives back, in a second statement, the stock of the receives whose counter refused (the gate let a shopper past
//     the limit: rare); those receives answer `limit`.
// When the guarded stock update finds fewer than k left (the gate let too many through), the unit rolls back and its
// receives are written one by one; one whose update finds nothing left answers `stock`. Several processes each have
// their own unit per coupon in flight; the coupon row's lock orders them.
import type { Infra } from '../../core/infra.ts'
import { runUnit } from '../../core/unitOfWork.ts'

export type ReceivedCoupon = {
  id: number; store_id: number | null; name: string; money: string; use_money: string; goods_ids: string; limit_num: number; valid_days: number
  start_time: Date; end_time: Date
}

/** The received row's id, or why the database refused it: no stock left inside the window, or the shopper's limit. */
export type ReceiveOutcome = { id: number } | { refused: 'stock' | 'limit' }
type Receive = { coupon: ReceivedCoupon; userId: number; resolve(outcome: ReceiveOutcome): void; reject(err: unknown): void }
type ReceiveInfra = Pick<Infra, 'db' | 'log' | 'queues'>

const BATCH_MAX = 50
const DAY_MS = 86_400_000
/** The receives waiting for their coupon's unit, by coupon id: present while a unit of that coupon runs. */
const waiting = new Map<number, Receive[]>()

/** The stock update found fewer than the unit's receives left. */
class NotEnoughForAll extends Error {}

/** Writes the shopper's receipt of the coupon, as the shopper was shown it; a refusal writes nothing for the shopper. */
export function writeReceived(app: ReceiveInfra, coupon: ReceivedCoupon, userId: number): Promise<ReceiveOutcome> {
  return new Promise((resolve, reject) => {
    const receive = { coupon, userId, resolve, reject }
    const queue = waiting.get(coupon.id)
    if (queue) return void queue.push(receive)
    waiting.set(coupon.id, [receive])
    void drain(app, coupon.id)
  })
}

async function drain(app: ReceiveInfra, couponId: number) {
  const queue = waiting.get(couponId)!
  while (queue.length) await writeBatch(app, queue.splice(0, BATCH_MAX))
  waiting.delete(couponId)
}

/** Settles every receive of the batch; throws nothing. */
async function writeBatch(app: ReceiveInfra, batch: Receive[]): Promise<void> {
  try {
    const outcomes = await runUnit(app, { label: `coupon-receive ${batch[0].coupon.id} ×${batch.length}`, isolation: 'ReadCommitted' }, async (tx) => {
      const at = new Date()
      const couponId = batch[0].coupon.id
      const statements = await Promise.all([
        tx.$executeRaw`UPDATE coupons FORCE INDEX (PRIMARY) SET stock = stock - ${batch.length}, updated_at = CURRENT_TIMESTAMP(3)
          WHERE id = ${couponId} AND stock >= ${batch.length} AND start_time <= ${at} AND end_time > ${at}`,
        ...batch.flatMap(({ coupon, userId }) => {
          const end = coupon.valid_days > 0 ? new Date(at.getTime() + coupon.valid_days * DAY_MS) : coupon.end_time
          return [
            tx.$executeRaw`INSERT IGNORE INTO coupon_receivers (coupon_id, user_id, received) VALUES (${couponId}, ${userId}, 0)`,
            tx.$executeRaw`UPDATE coupon_receivers SET received = received + 1, updated_at = CURRENT_TIMESTAMP(3)
              WHERE coupon_id = ${couponId} AND user_id = ${userId} AND (${coupon.limit_num} = 0 OR received < ${coupon.limit_num})`,
            tx.$insertRaw`INSERT INTO coupon_logs (name, coupon_id, user_id, store_id, money, use_money, goods_ids, status, start_time, end_time)
              SELECT ${coupon.name}, ${couponId}, ${userId}, ${coupon.store_id}, ${coupon.money}, ${coupon.use_money}, ${coupon.goods_ids}, 0, ${at}, ${end}
              FROM DUAL WHERE ROW_COUNT() > 0`.then((row) => row.insertId),
          ]
        }),
      ])
      if (!statements[0]) throw new NotEnoughForAll()
      const outcomes = batch.map((_, i) => (statements[2 + i * 3] ? (statements[3 + i * 3] as number) : null))
      const refused = outcomes.filter((id) => id === null).length
      if (refused) await tx.$executeRaw`UPDATE coupons FORCE INDEX (PRIMARY) SET stock = stock + ${refused} WHERE id = ${couponId}`
      return outcomes
    })
    batch.forEach((receive, i) => {
      const id = outcomes[i]
      receive.resolve(id === null ? { refused: 'limit' } : { id })
    })
  } catch (err) {
    if (!(err instanceof NotEnoughForAll)) for (const receive of batch) receive.reject(err)
    else if (batch.length === 1) batch[0].resolve({ refused: 'stock' })
    else for (const receive of batch) await writeBatch(app, [receive])
  }
}
