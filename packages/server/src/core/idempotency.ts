// Requests that create money-bearing rows carry an Idempotency-Key (docs/architecture.md): the first answer is stored per
// (area, account, key) and replayed for repeats. The record is written first in the unit doing the work, so a repeat
// sent while the first request runs waits on the record's unique key and then answers what the first one answered;
// a first request that fails leaves no record, and a repeat runs the work itself.
import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { Code } from '@qshop/shared'
import { isDuplicateKey, type Db } from './db/index.ts'
import type { RequestContext } from './context.ts'
import { AppError, invalid } from './errors.ts'
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

/** The first request's answer, found while the work ran ahead of the claim: carried out of the unit it rolls back. */
class Replayed extends Error {
  constructor(readonly answer: unknown) {
    super('idempotent: replayed')
  }
}

/**
 * Runs `work` once per (area, owner, key) in the context's unit of work (or a new one). Answers its result, or the
 * stored result of the request that used the key first (`replayed`). Results are JSON: the first answer is
 * normalised through JSON too, so both look the same (dates become strings).
 *
 * In a unit of its own, the work starts together with the key's claim (its first statements go out with the insert,
 * one round trip fewer): on a repeat the claim fails, and everything the work wrote rolls back with the unit — the
 * work must keep its effects inside the transaction, as every unit's work does (after-commit actions, staged jobs).
 * Inside a caller's unit the key is claimed first, so a repeat never rolls the caller's own work back.
 */
export async function idempotent<T>(
  infra: UnitInfra,
  ctx: RequestContext,
  spec: IdempotentRequest,
  work: (tx: Tx, unit: Unit, ctx: RequestContext, record: RecordAnswer<T>) => Promise<T>,
  opts: UnitOptions = {},
): Promise<{ answer: T; replayed: boolean }> {
  const hash = requestHash(spec.request)
  const claim = (tx: Tx) => tx.$executeRaw`INSERT INTO idempotency_keys (area, owner_id, idem_key, request_hash) VALUES (${spec.area}, ${spec.ownerId}, ${spec.key}, ${hash})`
  /** The answer stored under the key by the request that claimed it; `refusal` when none is there. */
  const firstAnswer = async (tx: Tx, refusal: unknown): Promise<T> => {
    // A locking read sees the committed record whatever snapshot this transaction holds.
    const [first] = await tx.$queryRaw<{ request_hash: string; response: unknown }[]>`SELECT request_hash, response FROM idempotency_keys
      WHERE area = ${spec.area} AND owner_id = ${spec.ownerId} AND idem_key = ${spec.key} LOCK IN SHARE MODE`
    if (!first) throw refusal
    if (first.request_hash !== hash) throw new AppError(Code.CONFLICT, 'msg.idemKeyReused')
    return (typeof first.response === 'string' ? JSON.parse(first.response) : first.response) as T
  }
  /** The work, its answer recorded under the key once the claim has succeeded. */
  const run = async (tx: Tx, unit: Unit, ctx: RequestContext, claimed: Promise<unknown>): Promise<T> => {
    let recorded: { answer: T } | undefined
    const record = async (value: T) => {
      await claimed
      const answer = JSON.parse(JSON.stringify(value ?? null)) as T
      recorded = { answer }
      await tx.$executeRaw`UPDATE idempotency_keys SET response = ${JSON.stringify(answer)}, updated_at = NOW(3)
        WHERE area = ${spec.area} AND owner_id = ${spec.ownerId} AND idem_key = ${spec.key}`
    }
    const result = await work(tx, unit, ctx, record)
    if (!recorded) await record(result)
    return recorded!.answer
  }

  if (ctx.unit)
    return inUnit(infra, ctx, async (tx, unit, ctx) => {
      try {
        await claim(tx)
      } catch (err) {
        if (!isDuplicateKey(err)) throw err
        return { answer: await firstAnswer(tx, err), replayed: true }
      }
      return { answer: await run(tx, unit, ctx, Promise.resolve()), replayed: false }
    }, opts)

  try {
    return await inUnit(infra, ctx, async (tx, unit, ctx) => {
      const claimed = claim(tx)
      const [claimOutcome, workOutcome] = await Promise.allSettled([claimed, run(tx, unit, ctx, claimed)])
      if (claimOutcome.status === 'rejected') {
        if (!isDuplicateKey(claimOutcome.reason)) throw claimOutcome.reason
        throw new Replayed(await firstAnswer(tx, claimOutcome.reason))
      }
      if (workOutcome.status === 'rejected') throw workOutcome.reason
      return { answer: workOutcome.value, replayed: false }
    }, opts)
  } catch (err) {
    if (err instanceof Replayed) return { answer: err.answer as T, replayed: true }
    throw err
  }
}

/** Deletes records older than IDEMPOTENCY_KEEP_DAYS; answers how many. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.idempotency_keys.deleteMany({ where: { created_at: { lt: new Date(now.getTime() - IDEMPOTENCY_KEEP_DAYS * 86400_000) } } })
  return count
}
