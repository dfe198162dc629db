// Reviews as the storefront shows them. A review's class comes from S = score + agree + service + speed:
// S ≥ 15 good, 10 < S < 15 medium, S ≤ 10 bad. Good rate = good ÷ all in percent; a store's rating is the average
// of each score and their mean. Without reviews they are null (the pages say "no reviews yet"), not a made-up 100% or 5.
import { COMMENT_KINDS } from '@qshop/shared/schemas/catalog'
import type { Db } from '../../core/db/index.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { splitList } from './format.ts'

const SUM = Prisma.sql`(c.score + c.agree + c.service + c.speed)`
const CLASS_SQL: Record<number, Prisma.Sql> = {
  [COMMENT_KINDS.GOOD]: Prisma.sql`${SUM} >= 15`,
  [COMMENT_KINDS.MEDIUM]: Prisma.sql`${SUM} > 10 AND ${SUM} < 15`,
  [COMMENT_KINDS.BAD]: Prisma.sql`${SUM} <= 10`,
}
const num = (v: unknown) => Number(v ?? 0)
export const goodRate = (good: number, total: number) => (total ? Math.round((good * 100) / total) : null)

/** Averages of the four scores, "4.50", null without reviews. */
export type ScoreAverages = { score: string | null; agree: string | null; service: string | null; speed: string | null }
export type CommentStatistics = { total: number; good: number; medium: number; bad: number; good_rate: number | null; averages: ScoreAverages }

export async function commentStatistics(db: Db, goodsId: number): Promise<CommentStatistics> {
  const [row] = await db.$queryRaw<Record<string, unknown>[]>`SELECT COUNT(*) AS total,
      COALESCE(SUM(${CLASS_SQL[COMMENT_KINDS.GOOD]}), 0) AS good,
      COALESCE(SUM(${CLASS_SQL[COMMENT_KINDS.MEDIUM]}), 0) AS medium,
      COALESCE(SUM(${CLASS_SQL[COMMENT_KINDS.BAD]}), 0) AS bad,
      AVG(c.score) AS score, AVG(c.agree) AS agree, AVG(c.service) AS service, AVG(c.speed) AS speed
    FROM order_comments c WHERE c.goods_id = ${goodsId}`
  const total = num(row.total)
  const average = (v: unknown) => (total ? num(v).toFixed(2) : null)
  return {
    total, good: num(row.good), medium: num(row.medium), bad: num(row.bad), good_rate: goodRate(num(row.good), total),
    averages: { score: average(row.score), agree: average(row.agree), service: average(row.service), speed: average(row.speed) },
  }
}

export type StoreRatings = {
  comments: number; good_rate: number | null; score: string | null; agree: string | null; service: string | null; speed: string | null; rate: string | null
}

export async function storeRatings(db: Db, storeId: number): Promise<StoreRatings> {
  const [row] = await db.$queryRaw<Record<string, unknown>[]>`SELECT COUNT(*) AS total,
      COALESCE(SUM(${CLASS_SQL[COMMENT_KINDS.GOOD]}), 0) AS good,
      AVG(c.score) AS score, AVG(c.agree) AS agree, AVG(c.service) AS service, AVG(c.speed) AS speed
    FROM order_comments c WHERE c.store_id = ${storeId}`
  const total = num(row.total)
  if (!total) return { comments: 0, good_rate: null, score: null, agree: null, service: null, speed: null, rate: null }
  const scores = [num(row.score), num(row.agree), num(row.service), num(row.speed)]
  const [score, agree, service, speed] = scores.map((s) => s.toFixed(2))
  return { comments: total, good_rate: goodRate(num(row.good), total), score, agree, service, speed, rate: (scores.reduce((a, b) => a + b) / 4).toFixed(2) }
}

type CommentRow = {
  id: number; score: unknown; agree: unknown; service: unknown; speed: unknown; content: string | null; image: string | null
  reply: string | null; reply_time: Date | null; created_at: Date; sku_name: string; nickname: string; avatar: string
}

/** A page of a goods' reviews of one class (0 = all), newest first, with the reviewer's nickname and avatar. */
export async function goodsComments(db: Db, goodsId: number, kind: number, page: number, perPage: number) {
  const where = Prisma.sql`c.goods_id = ${goodsId}${kind === COMMENT_KINDS.ALL ? Prisma.empty : Prisma.sql` AND ${CLASS_SQL[kind]}`}`
  const [rows, [{ total }]] = await Promise.all([
    db.$queryRaw<CommentRow[]>`SELECT c.id, c.score, c.agree, c.service, c.speed, c.content, c.image, c.reply, c.reply_time, c.created_at,
        og.sku_name, u.nickname, u.avatar
      FROM order_comments c JOIN users u ON u.id = c.user_id JOIN order_goods og ON og.id = c.order_goods_id
      WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    db.$queryRaw<{ total: bigint }[]>`SELECT COUNT(*) AS total FROM order_comments c WHERE ${where}`,
  ])
  const count = Number(total)
  return {
    data: rows.map(({ image, score, agree, service, speed, ...r }) => ({
      ...r, image: splitList(image), score: num(score), agree: num(agree), service: num(service), speed: num(speed),
    })),
    count: rows.length,
    total: count,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(count / perPage)),
    current_page: page,
  }
}
