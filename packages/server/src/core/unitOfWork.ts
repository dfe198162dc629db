// The one way to open a write transaction (docs/architecture.md). A unit of work runs its work in a transaction with the
// isolation level and timeout chosen by the caller (core/db/transaction.ts opens it on a connection of the unit pool;
// raw statements run on that connection, and Prisma joins it on the work's first ORM call); a deadlock, a lock wait
// timeout or a write conflict (core/db/errors.ts names them per engine) rolls the transaction back and the whole unit runs again, a bounded
// number of times with a growing, jittered pause. What must happen only once the data is committed — sending the
// jobs the unit staged in the outbox, dropping caches — is handed to the unit and runs after the commit; the actions
// of an attempt that rolled back are dropped with it.
//
// The work may run more than once: it writes only through `tx` and leaves every other side effect to afterCommit.
// Services that take a RequestContext join the unit the context carries (inUnit), as Vendure carries its
// transaction on the request context, so a service called from another service's unit does not open a second one.
import { setTimeout as sleep } from 'node:timers/promises'
import { Code } from '@qshop/shared'
import type { Prisma } from '../generated/prisma/client.ts'
import { isRetryable, serverErrno, type Tx } from './db/index.ts'
import type { Infra } from './infra.ts'
import { sendAfterCommit, stageJob } from './jobs/outbox.ts'
import { jobIdOf, type JobDef } from './jobs/define.ts'
import type { RequestContext } from './context.ts'
import { AppError } from './errors.ts'

export type { Tx } from './db/index.ts'
export type Isolation = 'ReadCommitted' | 'RepeatableRead' | 'Serializable'

export type UnitOptions = {
  /** the server's default (REPEATABLE READ on MySQL and MariaDB) when not set */
  isolation?: Isolation
  /** the longest an attempt may keep its transaction open */
  timeoutMs?: number
  /** the longest an attempt waits for a pooled connection */
  maxWaitMs?: number
  /** runs again after a deadlock, lock wait timeout or write conflict at most this many times */
  retries?: number
  /** names the unit in log lines */
  label?: string
}

export const UNIT_DEFAULTS = { timeoutMs: 10_000, maxWaitMs: 10_000, retries: 3 } as const
/** The pause before retry n is BACKOFF_MS · 2^(n−1), ± half of it. */
const BACKOFF_MS = 20

export type UnitInfra = Pick<Infra, 'db' | 'log' | 'queues'>

export type Unit = {
  readonly tx: Tx
  /** 1 on the first run, 2 on the first retry… */
  readonly attempt: number
  /** Runs once the unit has committed, in the order given; a failure is logged, not answered (the data is written). */
  afterCommit(action: () => unknown): void
  /** Writes the job in the outbox with this transaction; it reaches its queue after the commit (or the sweeper
   *  sends it). A keyed job staged twice, here or in any other unit, is one job. `runAt` delays it: only jobs with a
   *  sweeper may be delayed. */
  stage<P>(def: JobDef<P>, payload: P, opts?: { runAt?: Date }): Promise<void>
}

type Work<T> = (tx: Tx, unit: Unit) => Promise<T>

export function runUnit<T>(infra: UnitInfra, work: Work<T>): Promise<T>
export function runUnit<T>(infra: UnitInfra, opts: UnitOptions, work: Work<T>): Promise<T>
export async function runUnit<T>(infra: UnitInfra, optsOrWork: UnitOptions | Work<T>, maybeWork?: Work<T>): Promise<T> {
  const [opts, work] = typeof optsOrWork === 'function' ? [{}, optsOrWork] : [optsOrWork, maybeWork!]
  const retries = opts.retries ?? UNIT_DEFAULTS.retries
  for (let attempt = 1; ; attempt++) {
    const actions: (() => unknown)[] = []
    const staged: number[] = []
    try {
      const result = await infra.db.$transaction(
        // db.ts's transaction: raw statements on the unit's connection, Prisma joined on the first ORM call.
        (prismaTx) => {
          const tx = prismaTx as Tx
          const unit: Unit = {
            tx,
            attempt,
            afterCommit: (action) => void actions.push(action),
            async stage(def, payload, stageOpts = {}) {
              if (stageOpts.runAt && !def.sweep) throw new Error(`job ${def.name} has no sweeper and cannot be delayed`)
              const data = def.payload.parse(payload) as Prisma.InputJsonObject
              const id = await stageJob(tx, { queue: def.queue, name: def.name, jobId: jobIdOf(def, payload), payload: data, runAt: stageOpts.runAt })
              if (id !== null) staged.push(id)
            },
          }
          return work(tx, unit)
        },
        {
          isolationLevel: opts.isolation,
          timeout: opts.timeoutMs ?? UNIT_DEFAULTS.timeoutMs,
          maxWait: opts.maxWaitMs ?? UNIT_DEFAULTS.maxWaitMs,
        },
      )
      if (staged.length) await sendAfterCommit(infra, infra.queues, staged)
      for (const action of actions) {
        try {
          await action()
        } catch (err) {
          infra.log.error({ err, unit: opts.label }, 'after-commit action failed')
        }
      }
      return result
    } catch (err) {
      if (!isRetryable(err)) throw err
      if (attempt > retries) {
        infra.log.warn({ err, unit: opts.label, attempts: attempt }, 'unit of work gave up after repeated conflicts')
        throw new AppError(Code.CONFLICT, 'msg.conflict')
      }
      infra.log.warn({ unit: opts.label, attempt, errno: serverErrno(err) }, 'unit of work conflicted; running it again')
      const pause = BACKOFF_MS * 2 ** (attempt - 1)
      await sleep(pause / 2 + Math.random() * pause)
    }
  }
}

/**
 * Runs `work` in the unit the context carries, or in a new unit whose context is handed on: services given that
 * context (ctx first) join the same transaction and after-commit list. Options apply to a new unit only.
 */
export function inUnit<T>(
  infra: UnitInfra,
  ctx: RequestContext,
  work: (tx: Tx, unit: Unit, ctx: RequestContext) => Promise<T>,
  opts: UnitOptions = {},
): Promise<T> {
  if (ctx.unit) return work(ctx.unit.tx, ctx.unit, ctx)
  return runUnit(infra, { label: ctx.requestId, ...opts }, (tx, unit) => work(tx, unit, { ...ctx, unit }))
}
