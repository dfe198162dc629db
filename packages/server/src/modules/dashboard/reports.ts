// The reports over a period the back office picks: sales (seller and admin), stores and members (admin). A period
// up to REPORT_DAILY_MAX_DAYS days is reported per day, a longer one per month.
import { STORE_VERIFY } from '@qshop/shared'
import {
  REPORT_DAILY_MAX_DAYS, REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS, REPORT_TOP,
  type ReportQuery, type SalesReport, type StoreReport, type UserReport,
} from '@qshop/shared/schemas/dashboard'
import type { Infra } from '../../core/infra.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { bucketKeys, bucketSql, periodDays, reportPeriod, type Period, type ReportUnit } from '../../core/reportPeriod.ts'
import { siteCalendar, type SiteCalendar } from '../../core/siteCalendar.ts'
import { visibleStoreWhere } from '../catalog/index.ts'
import { paidIn, salesSeries, salesSource, salesTotals, topGoods, topStores } from './sales.ts'

const DAY_MS = 86_400_000

async function reportOf(app: Infra, query: ReportQuery) {
  const cal = await siteCalendar(app)
  const period = reportPeriod(cal, query, { defaultDays: REPORT_DEFAULT_DAYS, maxDays: REPORT_MAX_DAYS })
  const days = Math.round((period.end.getTime() - period.from.getTime()) / DAY_MS)
  const unit: ReportUnit = days <= REPORT_DAILY_MAX_DAYS ? 'day' : 'month'
  return { cal, period, unit, head: { ...periodDays(cal, period), unit }, source: await salesSource(app, cal) }
}

/** Rows counted per bucket of `column` over the period, every bucket present. */
async function countsPerBucket(app: Infra, cal: SiteCalendar, table: Prisma.Sql, column: string, where: Prisma.Sql, period: Period, unit: ReportUnit) {
  const rows = await app.db.$queryRaw<{ bucket: string; n: unknown }[]>`
    SELECT ${bucketSql(cal, column, unit, period)} AS bucket, COUNT(*) AS n FROM ${table}
    WHERE ${Prisma.raw(column)} >= ${period.from} AND ${Prisma.raw(column)} < ${period.end} ${where} GROUP BY bucket`
  const byKey = new Map(rows.map((r) => [r.bucket, Number(r.n)]))
  return bucketKeys(cal, period, unit).map((key) => ({ key, n: byKey.get(key) ?? 0 }))
}

/** Sales over the period (GET dashboard/order): one store's, or (storeId null) the platform's. */
export async function salesReport(app: Infra, storeId: number | null, query: ReportQuery): Promise<SalesReport> {
  const { cal, period, unit, head, source } = await reportOf(app, query)
  const [totals, series, top_goods] = await Promise.all([
    salesTotals(app, source, cal, storeId, period),
    salesSeries(app, source, cal, storeId, period, unit),
    topGoods(app, source, cal, storeId, period, REPORT_TOP),
  ])
  return { ...head, totals, series, top_goods }
}

/** Open stores and stores awaiting review now, stores opened over the period, and the period's best sellers. */
export async function storeReport(app: Infra, query: ReportQuery): Promise<StoreReport> {
  const { cal, period, unit, head, source } = await reportOf(app, query)
  const [open_stores, verifying, opened, top_stores] = await Promise.all([
    app.db.stores.count({ where: visibleStoreWhere() }),
    app.db.stores.count({ where: { store_verify: STORE_VERIFY.VERIFYING } }),
    countsPerBucket(app, cal, Prisma.sql`stores`, 'created_at', Prisma.empty, period, unit),
    topStores(app, source, cal, period, REPORT_TOP),
  ])
  return {
    ...head,
    totals: { open_stores, new_stores: opened.reduce((sum, b) => sum + b.n, 0), verifying },
    series: opened.map(({ key, n }) => ({ key, new_stores: n })),
    top_stores,
  }
}

/** Accounts registered over the period and in all, and the shoppers who paid for an order, per bucket and in all. */
export async function userReport(app: Infra, query: ReportQuery): Promise<UserReport> {
  const { cal, period, unit, head, source } = await reportOf(app, query)
  // Sub-accounts of a store (belong_id > 0) are its staff, not members.
  const [users, registered, buyersPerBucket, totals] = await Promise.all([
    app.db.users.count({ where: { belong_id: 0 } }),
    countsPerBucket(app, cal, Prisma.sql`users`, 'created_at', Prisma.sql`AND belong_id = 0`, period, unit),
    app.db.$queryRaw<{ bucket: string; n: unknown }[]>`
      SELECT ${bucketSql(cal, 'o.created_at', unit, period)} AS bucket, COUNT(DISTINCT o.user_id) AS n FROM orders o WHERE ${paidIn(period)} GROUP BY bucket`,
    salesTotals(app, source, cal, null, period),
  ])
  const buyersByKey = new Map(buyersPerBucket.map((r) => [r.bucket, Number(r.n)]))
  return {
    ...head,
    totals: { users, new_users: registered.reduce((sum, b) => sum + b.n, 0), buyers: totals.buyers },
    series: registered.map(({ key, n }) => ({ key, new_users: n, buyers: buyersByKey.get(key) ?? 0 })),
  }
}
