// The shopper's referral pages: the summary (invite code, earned, pending, members per level), members by level, and
// commissions — pending ones read from the order lines of paid, unsettled orders (the rate of what is left after
// refunds, as settlement will pay it), settled ones from distribution_logs.
import { DISTRIBUTION_STATUS, ORDER_STATUS, fromCents } from '@qshop/shared'
import type { DistributionLogQuery, MembersQuery } from '@qshop/shared/schemas/funds'
import { Prisma } from '../../core/db/index.ts'
import type { Infra } from '../../core/infra.ts'
import { referralCommission } from './settle.ts'

const PAID_STATUSES = [ORDER_STATUS.PAID, ORDER_STATUS.SHIPPED, ORDER_STATUS.RECEIVED, ORDER_STATUS.COMPLETED]

const page = <T>(data: T[], total: number, q: { page: number; per_page: number }) => ({
  data, count: data.length, total, per_page: q.per_page, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page,
})

/** The users `lev` levels below `userId`, as a subquery of ids. */
function levelIds(userId: number, lev: number): Prisma.Sql {
  if (lev === 1) return Prisma.sql`SELECT id FROM users WHERE inviter_id = ${userId}`
  return Prisma.sql`SELECT id FROM users WHERE inviter_id IN (${levelIds(userId, lev - 1)})`
}

type PendingLine = {
  order_goods_id: number; order_id: number; order_no: string; goods_name: string; level: number; rate: string
  total_price: string; discount_money: string; refunded_money: string; created_at: Date
}

/** One select per level of the lines paying `userId` that are not settled yet. */
function pendingSql(userId: number, columns: Prisma.Sql): Prisma.Sql {
  const level = (n: 1 | 2 | 3) => Prisma.sql`SELECT ${columns}, ${n} AS level, CAST(og.${Prisma.raw(`dist_lev_${n}`)} AS CHAR) AS rate FROM order_goods og
    JOIN orders o ON o.id = og.order_id
    WHERE og.${Prisma.raw(`dist_user_${n}`)} = ${userId} AND og.${Prisma.raw(`dist_lev_${n}`)} > 0 AND o.is_settlement = 0
      AND o.order_status IN (${Prisma.join(PAID_STATUSES)})`
  return Prisma.sql`${level(1)} UNION ALL ${level(2)} UNION ALL ${level(3)}`
}
const LINE_COLUMNS = Prisma.sql`og.id AS order_goods_id, og.order_id, o.order_no, og.goods_name, CAST(og.total_price AS CHAR) AS total_price,
  CAST(og.discount_money AS CHAR) AS discount_money, CAST(og.refunded_money AS CHAR) AS refunded_money, o.created_at`

async function pendingLines(app: Infra, userId: number, limit?: { take: number; skip: number }) {
  const tail = limit ? Prisma.sql`ORDER BY order_id DESC, order_goods_id DESC, level LIMIT ${limit.take} OFFSET ${limit.skip}` : Prisma.empty
  return app.db.$queryRaw<PendingLine[]>`SELECT * FROM (${pendingSql(userId, LINE_COLUMNS)}) p ${tail}`
}

const pendingOf = (l: PendingLine) => referralCommission(l, l.rate)

export async function referralSummary(app: Infra, userId: number) {
  const [me, earned, lines, l1, l2, l3] = await Promise.all([
    app.db.users.findUniqueOrThrow({ where: { id: userId }, select: { id: true, inviter_id: true } }),
    app.db.distribution_logs.aggregate({ where: { user_id: userId, status: DISTRIBUTION_STATUS.PAID }, _sum: { commission: true } }),
    pendingLines(app, userId),
    ...[1, 2, 3].map((lev) => app.db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) n FROM (${levelIds(userId, lev)}) m`),
  ])
  const pending = lines.reduce((sum, l) => sum + pendingOf(l).commission, 0)
  return {
    invite_code: String(me.id),
    inviter_id: me.inviter_id,
    earned: (earned._sum.commission ?? new Prisma.Decimal(0)).toFixed(2),
    pending: fromCents(pending),
    members: { lev_1: Number(l1[0].n), lev_2: Number(l2[0].n), lev_3: Number(l3[0].n) },
  }
}

export async function listMembers(app: Infra, userId: number, q: MembersQuery) {
  const ids = levelIds(userId, q.lev)
  const [[{ n }], rows] = await Promise.all([
    app.db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) n FROM (${ids}) m`,
    app.db.$queryRaw<{ id: number; nickname: string; avatar: string; created_at: Date }[]>`SELECT id, nickname, avatar, created_at FROM users
      WHERE id IN (${ids}) ORDER BY id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  ])
  return page(rows.map((r) => ({ ...r, lev: q.lev })), Number(n), q)
}

/** Pending (status 0, from the order lines) or settled (1 paid, 2 cancelled) commissions of the shopper. */
export async function listOwnCommissions(app: Infra, userId: number, q: DistributionLogQuery) {
  if (q.status === DISTRIBUTION_STATUS.PENDING) {
    const [[{ n }], lines] = await Promise.all([
      app.db.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) n FROM (${pendingSql(userId, Prisma.sql`og.id`)}) p`,
      pendingLines(app, userId, { take: q.per_page, skip: (q.page - 1) * q.per_page }),
    ])
    const data = lines.map((l) => {
      const { base, commission } = pendingOf(l)
      return {
        id: 0, order_id: Number(l.order_id), order_no: l.order_no, goods_name: l.goods_name, level: Number(l.level), lev: l.rate,
        money: fromCents(base), commission: fromCents(commission), status: DISTRIBUTION_STATUS.PENDING, created_at: l.created_at,
      }
    })
    return page(data, Number(n), q)
  }
  const where = { user_id: userId, status: q.status }
  const [total, rows] = await Promise.all([
    app.db.distribution_logs.count({ where }),
    app.db.distribution_logs.findMany({
      where, orderBy: { id: 'desc' }, skip: (q.page - 1) * q.per_page, take: q.per_page,
      select: { id: true, order_id: true, level: true, lev: true, money: true, commission: true, status: true, created_at: true, order: { select: { order_no: true } }, order_goods: { select: { goods_name: true } } },
    }),
  ])
  const data = rows.map((r) => ({
    id: r.id, order_id: r.order_id, order_no: r.order.order_no, goods_name: r.order_goods.goods_name, level: r.level, lev: r.lev.toFixed(2),
    money: r.money.toFixed(2), commission: r.commission.toFixed(2), status: r.status, created_at: r.created_at,
  }))
  return page(data, total, q)
}
