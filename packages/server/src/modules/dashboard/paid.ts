// Which orders count as sales on the dashboards: those paid (shared/schemas/dashboard.ts).
import { ORDER_FLOW, ORDER_STATUS } from '@qshop/shared'
import { Prisma } from '../../generated/prisma/client.ts'

/** The statuses a paid order can be in: PAID and every status the order flow leads to from it. */
function statusesFrom(start: number): number[] {
  const seen = new Set([start])
  for (const status of seen) for (const next of ORDER_FLOW.next[status] ?? []) seen.add(next)
  return [...seen].sort((a, b) => a - b)
}
const PAID_STATUSES = statusesFrom(ORDER_STATUS.PAID)

/** Paid orders (the status list lets the (order_status, created_at) index answer; pay_time is the fact). */
export const PAID = Prisma.sql`o.order_status IN (${Prisma.join(PAID_STATUSES)}) AND o.pay_time IS NOT NULL`
