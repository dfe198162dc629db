// The shopper's points ledger (GET /api/user/integral_logs): the money_logs rows of the points account, newest first,
// each with its reason translated.
import { LEDGER_ACCOUNT, LEDGER_OWNER, translate, type ListAnswer, type Locale, type MessageKey } from '@qshop/shared'
import type { PointsLogRow, PointsPageQuery } from '@qshop/shared/schemas/points'
import type { Infra } from '../../core/infra.ts'
import { formatDateTime } from '../../core/wire.ts'

export async function pointsLog(infra: Pick<Infra, 'db'>, userId: number, locale: Locale, q: PointsPageQuery): Promise<ListAnswer<PointsLogRow>> {
  const where = { user_id: userId, is_belong: LEDGER_OWNER.user, is_type: LEDGER_ACCOUNT.points }
  const [rows, total] = await Promise.all([
    infra.db.money_logs.findMany({
      where,
      orderBy: [{ created_at: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.per_page,
      take: q.per_page,
      select: { id: true, money: true, after_money: true, ename: true, name: true, info: true, created_at: true },
    }),
    infra.db.money_logs.count({ where }),
  ])
  return {
    data: rows.map((r) => ({
      id: r.id,
      amount: Number(r.money),
      balance: Number(r.after_money),
      reason: r.ename,
      name: r.ename ? translate(locale, `ledger.${r.ename}` as MessageKey) : r.name,
      info: r.info,
      created_at: formatDateTime(r.created_at),
    })),
    count: rows.length,
    total,
    per_page: q.per_page,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    current_page: q.page,
  }
}
