// SMS verification codes: 6 digits, bound to phone + usage (not IP), valid SMS_CODE_TTL_SECONDS, single use,
// at most MAX_ATTEMPTS guesses per code. Send quotas (docs/security.md) live in Redis so they hold across api
// instances.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { SmsUsage } from '@qshop/shared/schemas/auth'
import type { MessageKey } from '@qshop/shared'
import type { Infra } from '../../core/infra.ts'
import { businessError, tooMany } from '../../core/errors.ts'
import { accountKey, addressKey } from '../../core/rateLimits.ts'
import { readConfig } from '../../core/configs.ts'
import { siteCalendar, type SiteCalendar } from '../../core/siteCalendar.ts'
import { createSmsSender, type SmsConfig } from '../../adapters/sms/index.ts'
import type { Db } from '../../core/db/index.ts'
import type { Tx } from '../../core/resource.ts'

const MAX_ATTEMPTS = 5

/** Keyed hash: a leaked sms_logs table does not reveal codes (6 digits are otherwise trivial to brute-force). */
function codeHash(app: Infra, phone: string, usage: string, code: string): string {
  return createHmac('sha256', app.config.JWT_SECRET).update(`${phone}:${usage}:${code}`).digest('hex')
}


const intervalKey = (app: Infra, phone: string, usage: SmsUsage) => app.key('sms', 'interval', phone, usage)

/**
 * A quota counted under `key` for `seconds`. A quota of a calendar window (an hour, a day) frees up when the
 * window ends (`endsAt`, epoch ms); the interval when its key expires.
 */
type Quota = { key: string; cap: number; seconds: number; refusal: MessageKey; endsAt?: number }

/**
 * Takes one send from every quota, or none when one is used up: then answers its 1-based index and the
 * milliseconds its key has left.
 */
const TAKE_QUOTAS = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[2 * i - 1]) then return {i, redis.call('PTTL', KEYS[i])} end
end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('EXPIRE', KEYS[i], ARGV[2 * i]) end
end
return {0, 0}`

/**
 * The quotas one send uses, in the order they are checked. A refused send uses none of them: a stranger held
 * back by the cap of (victim's phone, own address) uses up nothing more of the phone's cap for all addresses. The
 * daily caps are of the site's day: they reset at the site's midnight.
 */
function sendQuotas(app: Infra, cal: SiteCalendar, req: FastifyRequest, phone: string, usage: SmsUsage): Quota[] {
  const { config } = app
  const address = addressKey(req.ip)
  const now = Date.now()
  const day = cal.dayKey(now)
  const hour = Math.floor(now / 3_600_000)
  const hourEnd = (hour + 1) * 3_600_000
  const dayEnd = cal.dayStart(now, 1).getTime()
  const DAY = 2 * 86_400
  return [
    { key: intervalKey(app, phone, usage), cap: 1, seconds: config.SMS_INTERVAL_SECONDS, refusal: 'msg.smsFrequent' },
    { key: app.key('sms', 'ip_hour', address, hour), cap: config.SMS_IP_HOURLY_CAP, seconds: 7_200, refusal: 'msg.smsFrequent', endsAt: hourEnd },
    { key: app.key('sms', 'ip_day', address, day), cap: config.SMS_IP_DAILY_CAP, seconds: DAY, refusal: 'msg.smsDailyCap', endsAt: dayEnd },
    ...(req.actor
      ? [{ key: app.key('sms', 'caller_day', accountKey(req.actor), day), cap: config.SMS_CALLER_DAILY_CAP, seconds: DAY, refusal: 'msg.smsDailyCap', endsAt: dayEnd } as const]
      : []),
    { key: app.key('sms', 'phone_ip_day', phone, address, day), cap: config.SMS_PHONE_IP_DAILY_CAP, seconds: DAY, refusal: 'msg.smsDailyCap', endsAt: dayEnd },
    { key: app.key('sms', 'day', phone, day), cap: config.SMS_DAILY_CAP, seconds: DAY, refusal: 'msg.smsDailyCap', endsAt: dayEnd },
  ]
}

/** Claims one send from every quota, or refuses with 429 and when the used-up quota frees up. */
async function claimSendSlot(app: Infra, req: FastifyRequest, phone: string, usage: SmsUsage): Promise<void> {
  const quotas = sendQuotas(app, await siteCalendar(app), req, phone, usage)
  const args = quotas.flatMap((q) => [q.cap, q.seconds])
  const [refused, keyLeftMs] = (await app.redis.eval(TAKE_QUOTAS, quotas.length, ...quotas.map((q) => q.key), ...args)) as [number, number]
  if (!refused) return
  const quota = quotas[refused - 1]
  throw tooMany(quota.refusal, quota.endsAt ? quota.endsAt - Date.now() : keyLeftMs)
}

/**
 * Sends a fresh code for `usage` to `phone`; the caller has done the usage's pre-checks. Without `deliver` the
 * send uses its quotas like any other and stops there: nothing is sent or logged (a phone no code may go to).
 */
export async function sendSmsCode(app: Infra, req: FastifyRequest, phone: string, usage: SmsUsage, { deliver = true } = {}): Promise<void> {
  await claimSendSlot(app, req, phone, usage)
  if (!deliver) return
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const [config, template] = await Promise.all([
    readConfig<SmsConfig>(app, 'sms'),
    app.db.sms.findUnique({ where: { name: usage }, select: { code: true, content: true } }),
  ])
  const cfg = config && typeof config === 'object' ? config : null
  const log = await app.db.sms_logs.create({
    data: {
      phone,
      name: usage,
      code_hash: codeHash(app, phone, usage, code),
      status: 1,
      ip: req.ip,
      expires_at: new Date(Date.now() + app.config.SMS_CODE_TTL_SECONDS * 1000),
    },
  })
  const sender = createSmsSender(cfg, req.log)
  const result = await sender.send({ phone, template: template?.code ?? usage, sign: template?.content || cfg?.sign || '', params: { code } })
  if (!result.ok) {
    req.log.warn({ phone, usage, error: result.error }, 'sms send failed')
    await app.db.sms_logs.update({ where: { id: log.id }, data: { status: 0, error_msg: result.error.slice(0, 255) } })
    await app.redis.del(intervalKey(app, phone, usage)) // a failed send should not block an immediate retry
    throw businessError('msg.smsFailed')
  }
}

/**
 * Verifies and consumes the latest code of phone + usage (a new code replaces the previous one).
 * Pass the transaction of the change the code authorises: if it rolls back, the code stays usable.
 * Two concurrent verifications of one code: the guarded UPDATE lets exactly one through.
 */
export async function consumeSmsCode(app: Infra, db: Db | Tx, phone: string, usage: SmsUsage, code: string): Promise<void> {
  const now = new Date()
  const latest = await db.sms_logs.findFirst({
    where: { phone, name: usage, status: 1 },
    orderBy: { id: 'desc' },
    select: { id: true, code_hash: true, used_at: true, expires_at: true },
  })
  if (!latest || latest.used_at || latest.expires_at <= now) throw businessError('msg.smsCodeErr')
  // Counting before comparing bounds the guesses per code even under concurrent requests.
  const attemptsKey = app.key('sms', 'attempts', latest.id)
  const [[, attempts]] = (await app.redis.multi().incr(attemptsKey).expire(attemptsKey, app.config.SMS_CODE_TTL_SECONDS).exec()) as [[Error | null, number]]
  if (attempts > MAX_ATTEMPTS) throw businessError('msg.smsCodeErr')
  const given = Buffer.from(codeHash(app, phone, usage, code))
  const stored = Buffer.from(latest.code_hash)
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw businessError('msg.smsCodeErr')
  const consumed = await db.sms_logs.updateMany({ where: { id: latest.id, used_at: null, expires_at: { gt: now } }, data: { used_at: now } })
  if (consumed.count !== 1) throw businessError('msg.smsCodeErr')
}
