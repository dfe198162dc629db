// The shopper's ledger pages: one account (balance, frozen funds or points) newest first, each row with its reason in
// the asker's language and the order it is about when there is one.
import { LEDGER_OWNER, LEDGER_ACCOUNT, decimalToCents, translate, type LedgerReason, type Locale } from '@qshop/shared'
import type { MoneyLogQuery, MoneyLogRow } from '@qshop/shared/schemas/funds'
import type { Infra } from '../../core/infra.ts'
import { Prisma } from '../../core/db/index.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'

/** The rows created in the range, on the site's clock; a day alone is its whole day: "to" runs to the end of it. */
function createdIn([from, to]: NonNullable<MoneyLogQuery['created_at']>): Prisma.Sql {
  const cal = currentCalendar()
  const parse = (s: string) => cal.parseDateTime(s) ?? new Date(NaN)
  return to.length === 10
    ? Prisma.sql`created_at >= ${parse(from)} AND created_at < ${cal.dayStart(parse(to), 1)}`
    : Prisma.sql`created_at >= ${parse(from)} AND created_at <= ${parse(to)}`
}

type Source = { source_type: string; source_id: number }

/** The order each row is about: an order (its id), a refund's or a commission's order, a payment of one order. */
async function ordersOf(app: Infra, rows: Source[]): Promise<Map<string, number>> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.source_type === type).map((r) => r.source_id))]
  const refundIds = ids('refund')
  const commissionIds = ids('distribution')
  const payIds = ids('order_pay')
  type Pair = { id: number; order_id: number }
  const [refunds, commissions, pays] = await Promise.all([
    refundIds.length ? app.db.$queryRaw<Pair[]>`SELECT id, order_id FROM refunds WHERE id IN (${Prisma.join(refundIds)})` : [],
    commissionIds.length ? app.db.$queryRaw<Pair[]>`SELECT id, order_id FROM distribution_logs WHERE id IN (${Prisma.join(commissionIds)})` : [],
    payIds.length ? app.db.$queryRaw<{ order_pay_id: number; order_id: number }[]>`SELECT order_pay_id, order_id FROM order_pay_orders WHERE order_pay_id IN (${Prisma.join(payIds)})` : [],
  ])
  const found = new Map<string, number>()
  for (const r of rows) if (r.source_type === 'order') found.set(`order:${r.source_id}`, r.source_id)
  for (const r of refunds) found.set(`refund:${r.id}`, r.order_id)
  for (const r of commissions) found.set(`distribution:${r.id}`, r.order_id)
  const perPay = new Map<number, number[]>()
  for (const p of pays) perPay.set(p.order_pay_id, [...(perPay.get(p.order_pay_id) ?? []), p.order_id])
  for (const [pay, orders] of perPay) if (orders.length === 1) found.set(`order_pay:${pay}`, orders[0])
  return found
}

type LogRow = { id: number; ename: string; money: Prisma.Decimal; after_money: Prisma.Decimal; is_type: number; info: string; source_type: string; source_id: number; created_at: Date }

/** The page by raw statements on the driver (a page is read on every visit of the ledger pages). */
export async function listOwnMoneyLogs(app: Infra, locale: Locale, userId: number, q: MoneyLogQuery) {
  const where = Prisma.sql`user_id = ${userId} AND is_belong = ${LEDGER_OWNER.user} AND is_type = ${q.is_type}${q.created_at ? Prisma.sql` AND ${createdIn(q.created_at)}` : Prisma.empty}`
  const [[{ n }], rows] = await Promise.all([
    app.db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM money_logs WHERE ${where}`,
    app.db.$queryRaw<LogRow[]>`SELECT id, ename, money, after_money, is_type, info, source_type, source_id, created_at FROM money_logs
      WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  ])
  const total = Number(n)
  const orders = await ordersOf(app, rows)
  // Points are whole numbers, shown without cents.
  const amount = (v: Prisma.Decimal) => (q.is_type === LEDGER_ACCOUNT.points ? String(decimalToCents(v) / 100) : v.toFixed(2))
  const data: MoneyLogRow[] = rows.map((r) => ({
    id: r.id,
    name: translate(locale, `ledger.${r.ename as LedgerReason}`),
    ename: r.ename,
    money: amount(r.money),
    after_money: amount(r.after_money),
    is_type: r.is_type,
    info: r.info,
    order_id: orders.get(`${r.source_type}:${r.source_id}`) ?? null,
    created_at: r.created_at as unknown as string,
  }))
  return { data, count: rows.length, total, per_page: q.per_page, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page }
}
