// The payments dashboard's chart: paid payments (order payments and top-ups) per method and per day over a period of
// at most MAX_DAYS days, by the day the payment was made out (created_at, on the site's calendar).
import type { ReportQuery } from '@qshop/shared/schemas/dashboard'
import { PAY_STATUS, decimalToCents, fromCents } from '@qshop/shared'
import type { Infra } from '../../core/infra.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { bucketKeys, bucketSql, periodDays, reportPeriod } from '../../core/reportPeriod.ts'
import { siteCalendar } from '../../core/siteCalendar.ts'

export const MAX_DAYS = 92
const DEFAULT_DAYS = 30

type Group = { key: string; count: bigint | number; total: Prisma.Decimal | string }

export async function paymentSummary(app: Infra, query: ReportQuery) {
  const cal = await siteCalendar(app)
  const period = reportPeriod(cal, query, { defaultDays: DEFAULT_DAYS, maxDays: MAX_DAYS })
  const where = Prisma.sql`pay_status = ${PAY_STATUS.PAID} AND created_at >= ${period.from} AND created_at < ${period.end}`
  const [byMethod, byDay] = await Promise.all([
    app.db.$queryRaw<Group[]>`SELECT payment_name AS \`key\`, COUNT(*) AS count, CAST(SUM(total) AS CHAR) AS total FROM order_pays WHERE ${where} GROUP BY payment_name ORDER BY payment_name`,
    app.db.$queryRaw<Group[]>`SELECT ${bucketSql(cal, 'created_at', 'day', period)} AS \`key\`, COUNT(*) AS count, CAST(SUM(total) AS CHAR) AS total
      FROM order_pays WHERE ${where} GROUP BY \`key\` ORDER BY \`key\``,
  ])
  const present = (g: Group) => ({ count: Number(g.count), total: fromCents(decimalToCents(String(g.total))) })
  const days = new Map(byDay.map((g) => [g.key, present(g)]))
  return {
    ...periodDays(cal, period),
    by_method: byMethod.map((g) => ({ payment_name: g.key, ...present(g) })),
    by_day: bucketKeys(cal, period, 'day').map((day) => ({ day, ...(days.get(day) ?? { count: 0, total: '0.00' }) })),
  }
}
