// The points rules (the admin's `integral` config group, docs/points.md), read before a unit opens (the config lives in
// Redis, which no unit calls), and the arithmetic they define.
import { readGroupConfig } from '../../core/configs.ts'
import type { Infra } from '../../core/infra.ts'

export type PointsRules = { perYuan: number; register: number; signIn: number; streakBonus: number }

/** A sign-in streak counts toward its bonus up to this many days. */
export const STREAK_DAYS = 7

export async function pointsRules(infra: Infra): Promise<PointsRules> {
  const c = await readGroupConfig(infra, 'integral')
  return { perYuan: Number(c.per_yuan), register: Number(c.register), signIn: Number(c.sign_in), streakBonus: Number(c.sign_in_streak_bonus) }
}

/** Points of a sign-in that is the `streak`-th day in a row. */
export const signInPoints = (rules: PointsRules, streak: number) => rules.signIn + rules.streakBonus * (Math.min(streak, STREAK_DAYS) - 1)

/** Points earned by `cents` paid: whole points, rounded down. */
export const orderPoints = (cents: number, perYuan: number) => Math.floor((cents * perYuan) / 100)

/**
 * Points a refund takes back in total once `refunded` of the `base` money an order earned `points` for is refunded:
 * what the money still kept would not have earned. Rounded so that the points kept never exceed what the kept money
 * earns, and a full refund takes everything.
 */
export function pointsOwedBack(points: number, base: number, refunded: number): number {
  if (base <= 0 || points <= 0) return 0
  const kept = Math.max(0, base - Math.min(refunded, base))
  return points - Math.floor((points * kept) / base)
}
