// The `sales-days` timed task, every minute: builds the dashboards' day sums (salesDays.ts) when they are not built in
// the site's zone — after the migration that made them, and after the admin changed the zone; the dashboards read the
// orders until then (sales.ts) — and otherwise folds the deltas the units that pay and refund inserted into them.
import { z } from 'zod'
import { defineJob } from '../../core/jobs/define.ts'
import { QUEUE_MAINTENANCE } from '../../core/jobs/queues.ts'
import type { Infra } from '../../core/infra.ts'
import { siteCalendar } from '../../core/siteCalendar.ts'
import { foldSalesDays, rebuildSalesDays, salesDaysBuild } from './salesDays.ts'

export const SALES_DAYS_EVERY_MS = 60_000

/** Builds the day sums in the site's zone unless they are: answers whether it built them. */
export async function buildSalesDaysIfStale(infra: Infra): Promise<{ built: boolean }> {
  const { zone } = await siteCalendar(infra)
  if ((await salesDaysBuild(infra.db)).zone === zone) return { built: false }
  await rebuildSalesDays(infra, zone)
  return { built: true }
}

/** The task: the sums built in the site's zone, or the deltas folded. */
export async function keepSalesDays(infra: Infra): Promise<{ built: boolean; folded: number }> {
  if ((await buildSalesDaysIfStale(infra)).built) return { built: true, folded: 0 }
  return { built: false, folded: await foldSalesDays(infra) }
}

export const salesDaysJob = defineJob({
  queue: QUEUE_MAINTENANCE,
  name: 'sales-days',
  payload: z.object({}),
  every: SALES_DAYS_EVERY_MS,
  process: (infra) => keepSalesDays(infra),
})
