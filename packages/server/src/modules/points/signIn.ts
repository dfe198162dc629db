// The daily sign-in (POST /api/user/sign_in, docs/points.md): once per shopper and day (the site's day, core/siteCalendar.ts), the
// unique key (user_id, sign_day) decides between concurrent requests: the first insert wins, every other one finds
// the key taken and is refused with nothing written. A day following yesterday's sign-in extends the streak, whose
// bonus grows up to STREAK_DAYS; the points go through the ledger (key sign_in:{day}).
import { businessError } from '../../core/errors.ts'
import { isDuplicateKey } from '../../core/db/index.ts'
import type { Infra } from '../../core/infra.ts'
import { post } from '../../core/ledger.ts'
import { siteCalendar, type SiteCalendar } from '../../core/siteCalendar.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import type { SignInAnswer, SignInState } from '@qshop/shared/schemas/points'
import { pointsRules, signInPoints } from './rules.ts'

type Days = { today: string; yesterday: string }
const daysOf = (cal: SiteCalendar, now: Date): Days => ({ today: cal.dayText(now), yesterday: cal.dayText(cal.dayStart(now, -1)) })

async function streakBefore(db: Infra['db'], userId: number, days: Days): Promise<{ today: number | null; yesterday: number }> {
  const rows = await db.$queryRaw<{ day: string; streak: number }[]>`SELECT DATE_FORMAT(sign_day, '%Y-%m-%d') AS day, streak FROM user_sign_ins
    WHERE user_id = ${userId} AND sign_day IN (${days.today}, ${days.yesterday})`
  const of = (day: string) => rows.find((r) => r.day === day)
  return { today: of(days.today)?.streak ?? null, yesterday: of(days.yesterday)?.streak ?? 0 }
}

/** GET /api/user/sign_in: whether today is signed, the streak, and what signing in gives (today or tomorrow). */
export async function signInState(infra: Infra, userId: number, now = new Date()): Promise<SignInState> {
  const [rules, streaks, user] = await Promise.all([
    pointsRules(infra),
    streakBefore(infra.db, userId, daysOf(await siteCalendar(infra), now)),
    infra.db.users.findUnique({ where: { id: userId }, select: { integral: true } }),
  ])
  const signed = streaks.today !== null
  const streak = signed ? streaks.today! : streaks.yesterday
  return {
    signed_today: signed,
    streak,
    integral: user?.integral ?? 0,
    today_points: signed ? 0 : signInPoints(rules, streak + 1),
    next_points: signInPoints(rules, streak + 1),
  }
}

/** POST /api/user/sign_in */
export async function signIn(infra: Infra, userId: number, now = new Date()): Promise<SignInAnswer> {
  const rules = await pointsRules(infra)
  const days = daysOf(await siteCalendar(infra), now)
  return runUnit(infra, { label: `sign-in ${userId}` }, async (tx) => {
    const [prev] = await tx.$queryRaw<{ streak: number }[]>`SELECT streak FROM user_sign_ins WHERE user_id = ${userId} AND sign_day = ${days.yesterday}`
    const streak = (prev ? Number(prev.streak) : 0) + 1
    const points = signInPoints(rules, streak)
    let id: number
    try {
      id = Number((await tx.$insertRaw`INSERT INTO user_sign_ins (user_id, sign_day, streak, points) VALUES (${userId}, ${days.today}, ${streak}, ${points})`).insertId)
    } catch (err) {
      if (isDuplicateKey(err)) throw businessError('msg.signedInToday')
      throw err
    }
    if (points > 0)
      await post(tx, {
        owner: { kind: 'user', id: userId }, account: 'points', amount: points, reason: 'sign_in',
        source: { type: 'sign_in', id }, idemKey: `sign_in:${days.today}`, info: days.today,
      })
    const [user] = await tx.$queryRaw<{ integral: number }[]>`SELECT integral FROM users WHERE id = ${userId}`
    return { points, streak, integral: Number(user.integral) }
  })
}
