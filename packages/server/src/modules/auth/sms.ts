// SMS verification codes: 6 digits, bound to phone + usage (not IP), valid SMS_CODE_TTL_SECONDS, single use,
// at most MAX_ATTEMPTS guesses per code. Send limits live in Redis so they hold across api instances.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { SmsUsage } from '@qshop/shared/schemas/auth'
import { businessError, tooMany } from '../../core/errors.ts'
import { readConfig } from '../../core/configs.ts'
import { createSmsSender, type SmsConfig } from '../../adapters/sms/index.ts'
import type { Db } from '../../core/db.ts'
import type { Tx } from '../../core/resource.ts'

const MAX_ATTEMPTS = 5

/** Keyed hash: a leaked sms_logs table does not reveal codes (6 digits are otherwise trivial to brute-force). */
function codeHash(app: FastifyInstance, phone: string, usage: string, code: string): string {
  return createHmac('sha256', app.config.JWT_SECRET).update(`${phone}:${usage}:${code}`).digest('hex')
}

/** Local calendar day, so the daily cap resets at midnight where the shop runs. */
function today(): string {
  const d = new Date()
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`
}

/** Claims the send slots of phone + usage, or refuses with 429. */
async function claimSendSlot(app: FastifyInstance, phone: string, usage: SmsUsage): Promise<string> {
  const { redis, config } = app
  const intervalKey = app.key('sms', 'interval', phone, usage)
  if ((await redis.set(intervalKey, '1', 'EX', config.SMS_INTERVAL_SECONDS, 'NX')) === null) throw tooMany('msg.smsFrequent')
  const dayKey = app.key('sms', 'day', phone, today())
  const [[, sent]] = (await redis.multi().incr(dayKey).expire(dayKey, 2 * 86400).exec()) as [[Error | null, number]]
  if (sent > config.SMS_DAILY_CAP) throw tooMany('msg.smsDailyCap')
  return intervalKey
}

/** Sends a fresh code for `usage` to `phone`; the caller has done the usage's pre-checks. */
export async function sendSmsCode(app: FastifyInstance, req: FastifyRequest, phone: string, usage: SmsUsage): Promise<void> {
  const intervalKey = await claimSendSlot(app, phone, usage)
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
    await app.redis.del(intervalKey) // a failed send should not block an immediate retry
    throw businessError('msg.smsFailed')
  }
}

/**
 * Verifies and consumes the latest code of phone + usage (a new code replaces the previous one).
 * Pass the transaction of the change the code authorises: if it rolls back, the code stays usable.
 * Two concurrent verifications of one code: the guarded UPDATE lets exactly one through.
 */
export async function consumeSmsCode(app: FastifyInstance, db: Db | Tx, phone: string, usage: SmsUsage, code: string): Promise<void> {
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
