// Daily upload quotas: files and stored bytes per calendar day, per shopper account, per store (all its accounts
// share it: an owner can add sub-accounts at will) and per admin account. One Redis script checks and counts, so
// two parallel uploads cannot both take the last slot.
import { Code } from '@qshop/shared'
import type { Infra } from '../../core/infra.ts'
import { AppError } from '../../core/errors.ts'

export type QuotaHolder = { area: 'user' | 'seller' | 'admin'; id: number }

const RESERVE = `
local files = tonumber(redis.call('HGET', KEYS[1], 'files') or '0')
local bytes = tonumber(redis.call('HGET', KEYS[1], 'bytes') or '0')
if files + 1 > tonumber(ARGV[2]) or bytes + tonumber(ARGV[1]) > tonumber(ARGV[3]) then return 0 end
redis.call('HINCRBY', KEYS[1], 'files', 1)
redis.call('HINCRBY', KEYS[1], 'bytes', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`

/** A day's counters outlive the day, so the key of a day that has just ended still answers for late requests. */
const KEEP_SECONDS = 2 * 86400

const limitsOf = (app: Infra, holder: QuotaHolder) =>
  holder.area === 'user'
    ? { files: app.config.UPLOAD_SHOPPER_DAILY_FILES, bytes: app.config.UPLOAD_SHOPPER_DAILY_BYTES }
    : { files: app.config.UPLOAD_SELLER_DAILY_FILES, bytes: app.config.UPLOAD_SELLER_DAILY_BYTES }

const keyOf = (app: Infra, holder: QuotaHolder, day: string) => app.key('upload_quota', holder.area, holder.id, day)

/**
 * Takes one file of `size` bytes from the holder's quota of `day`, or refuses (402) with nothing counted. Answers
 * the release that gives it back when the file is not stored after all.
 */
export async function reserveUpload(app: Infra, holder: QuotaHolder, day: string, size: number): Promise<() => Promise<void>> {
  const limits = limitsOf(app, holder)
  const key = keyOf(app, holder, day)
  const taken = await app.redis.eval(RESERVE, 1, key, size, limits.files, limits.bytes, KEEP_SECONDS)
  if (taken !== 1) throw new AppError(Code.BUSINESS, 'msg.uploadQuota', null, { files: limits.files, mb: Math.floor(limits.bytes / 1024 / 1024) })
  return async () => {
    await app.redis.multi().hincrby(key, 'files', -1).hincrby(key, 'bytes', -size).exec()
  }
}
