// The cancel of an unpaid order at its payment deadline: a typed job staged by the checkout in its own unit (job id
// order-cancel-{id}), and a sweeper that cancels whatever is due if Redis lost the job. Cancelling is one guarded
// transition 1 → 0 (a payment that got there first leaves it 0 rows) with the stock given back in the same unit.
import { z } from 'zod'
import { ORDER_FLOW, ORDER_STATUS } from '@qshop/shared'
import type { Infra } from '../../plugins/infra.ts'
import { giveBackStock } from '../../core/stock.ts'
import { transition } from '../../core/transition.ts'
import { runUnit, type Tx } from '../../core/unitOfWork.ts'
import { defineJob, jobIdOf } from '../../jobs/define.ts'
import { stageJob } from '../../jobs/outbox.ts'

export const QUEUE_ORDERS = 'orders'
const SWEEP_EVERY_MS = 60_000
const SWEEP_BATCH = 200

/** Cancels the order if it is still unpaid and its deadline has passed; answers whether it did. */
async function cancelIfDue(infra: Infra, orderId: number): Promise<boolean> {
  return runUnit(infra, { label: `order-cancel-${orderId}` }, async (tx) => {
    const now = new Date()
    const [due] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM orders WHERE id = ${orderId} AND order_status = ${ORDER_STATUS.UNPAID} AND pay_deadline <= ${now} FOR UPDATE`
    if (!due) return false
    if (!(await transition(tx, ORDER_FLOW, orderId, { from: ORDER_STATUS.UNPAID, to: ORDER_STATUS.CANCELLED }, { data: { cancel_time: now } }))) return false
    const lines = await tx.order_goods.findMany({ where: { order_id: orderId }, select: { goods_id: true, sku_id: true, buy_num: true } })
    await giveBackStock(tx, lines.map((l) => ({ goods_id: l.goods_id, sku_id: l.sku_id, qty: l.buy_num })))
    return true
  })
}

export const orderCancelJob = defineJob({
  queue: QUEUE_ORDERS,
  name: 'order-cancel',
  payload: z.object({ order_id: z.number().int().positive() }),
  key: (p) => p.order_id,
  process: async (infra, { order_id }) => ({ cancelled: await cancelIfDue(infra, order_id) }),
  sweep: {
    every: SWEEP_EVERY_MS,
    run: async (infra) => {
      const due = await infra.db.orders.findMany({
        where: { order_status: ORDER_STATUS.UNPAID, pay_deadline: { lte: new Date() } },
        select: { id: true },
        take: SWEEP_BATCH,
      })
      let cancelled = 0
      for (const o of due) if (await cancelIfDue(infra, o.id)) cancelled++
      return { cancelled }
    },
  },
})

/** Stages the order's cancel at its deadline in the caller's transaction (the outbox sends it once committed). */
export async function scheduleOrderCancel(tx: Tx, orderId: number, payDeadline: Date): Promise<void> {
  const payload = { order_id: orderId }
  await stageJob(tx, { queue: QUEUE_ORDERS, name: orderCancelJob.name, jobId: jobIdOf(orderCancelJob, payload), payload, runAt: payDeadline })
}
