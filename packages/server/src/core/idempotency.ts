// Requests that create money-bearing rows carry an Idempotency-Key (DESIGN.md §2): the first answer is stored per
// (area, account, key) and replayed for repeats. The record is written first in the unit doing the work, so a repeat
// sent while the first request runs waits on the record's unique key and then answers what the first one answered;
// a first request that fails leaves no record, and a repeat runs the work itself.
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { Code } from '@qshop/shared'
import type { Db } from './db.ts'
import type { RequestContext } from './context.ts'
import { AppError, invalid } from './errors.ts'
import { isDuplicateKey } from './prismaErrors.ts'
import { inUnit, type Tx, type Unit, type UnitInfra, type UnitOptions } from './unitOfWork.ts'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
const KEY = /^[A-Za-z0-9_-]{1,64}$/
/** Records are kept this long: a repeat sent later is a new request. */
export const IDEMPOTENCY_KEEP_DAYS = 7

/** The request's Idempotency-Key header (400 naming the header when it is malformed, or missing while required). */
export function idempotencyKeyOf(req: FastifyRequest, required: true): string
export function idempotencyKeyOf(req: FastifyRequest, required: false): string | null
export function idempotencyKeyOf(req: FastifyRequest, required: boolean): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER]
  if (raw === undefined || raw === '') {
    if (required) throw invalid({ 'Idempotency-Key': req.t('valid.required') })
    return null
  }
  if (typeof raw !== 'string' || !KEY.test(raw)) throw invalid({ 'Idempotency-Key': req.t('valid.idemKey') })
  return raw
}

/** sha256 of the request as JSON with its object keys sorted: the same body in another key order is the same request. */
export function requestHash(request: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v
  return createHash('sha256').update(JSON.stringify(canonical(request) ?? null)).digest('hex')
}

export type IdempotentRequest = {
  /** what is requested, e.g. 'checkout', 'order_pay' */
  area: string
  /** the account sending it */
  ownerId: number
  key: string
  /** the request's input: a repeat with the same key and another input is refused (409) */
  request: unknown
}

/** Stores the work's answer now rather than after the work, so the work can send it with its last statements; the
 *  request then answers what was recorded. */
export type RecordAnswer<T> = (answer: T) => Promise<void>

/**
 * Runs `work` once per (area, owner, key) in the context's unit of work (or a new one). Answers its result, or the
 * stored result of the request that used the key first (`replayed`). Results are JSON: the first answer is
 * normalised through JSON too, so both look the same (dates become strings).
 */
export async function idempotent<T>(
  infra: UnitInfra,
  ctx: RequestContext,
  spec: IdempotentRequest,
  work: (tx: Tx, unit: Unit, ctx: RequestContext, record: RecordAnswer<T>) => Promise<T>,
  opts: UnitOptions = {},
): Promise<{ answer: T; replayed: boolean }> {
  const hash = requestHash(spec.request)
  return inUnit(
    infra,
    ctx,
    async (tx, unit, ctx) => {
      try {
        await tx.$executeRaw`INSERT INTO idempotency_keys (area, owner_id, idem_key, request_hash) VALUES (${spec.area}, ${spec.ownerId}, ${spec.key}, ${hash})`
      } catch (err) {
        if (!isDuplicateKey(err)) throw err
        // A locking read sees the committed record whatever snapshot this transaction holds.
        const [first] = await tx.$queryRaw<{ request_hash: string; response: unknown }[]>`SELECT request_hash, response FROM idempotency_keys
          WHERE area = ${spec.area} AND owner_id = ${spec.ownerId} AND idem_key = ${spec.key} LOCK IN SHARE MODE`
        if (!first) throw err
        if (first.request_hash !== hash) throw new AppError(Code.CONFLICT, 'msg.idemKeyReused')
        return { answer: (typeof first.response === 'string' ? JSON.parse(first.response) : first.response) as T, replayed: true }
      }
      let recorded: { answer: T } | undefined
      const record = async (value: T) => {
        const answer = JSON.parse(JSON.stringify(value ?? null)) as T
        recorded = { answer }
        await tx.$executeRaw`UPDATE idempotency_keys SET response = ${JSON.stringify(answer)}, updated_at = NOW(3)
          WHERE area = ${spec.area} AND owner_id = ${spec.ownerId} AND idem_key = ${spec.key}`
      }
      const result = await work(tx, unit, ctx, record)
      if (!recorded) await record(result)
      return { answer: recorded!.answer, replayed: false }
    },
    opts,
  )
}

/** Deletes records older than IDEMPOTENCY_KEEP_DAYS; answers how many. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.idempotency_keys.deleteMany({ where: { created_at: { lt: new Date(now.getTime() - IDEMPOTENCY_KEEP_DAYS * 86400_000) } } })
  return count
}
