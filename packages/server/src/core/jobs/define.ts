// Typed jobs (docs/architecture.md): each module declares its jobs once, with the queue, the name, a zod schema of the
// payload and the processor; the worker registers every declared job (jobs/registry.ts). A job whose `key` names its
// business event gets a deterministic id, so staging the same event twice makes one job. A delayed job declares a
// sweeper: a repeatable job that finds in the database what is due, so a job Redis lost is still done.
import { randomUUID } from 'node:crypto'
import type { Job } from 'bullmq'
import type { z } from 'zod'
import type { Infra } from '../infra.ts'

export type JobDef<P = unknown> = {
  queue: string
  name: string
  payload: z.ZodType<P>
  /** The business event the job stands for (`order-cancel` + key 42 → job id `order-cancel-42`). */
  key?: (payload: P) => string | number
  process(infra: Infra, payload: P, job: Job): Promise<unknown>
  /** A repeatable job: run every this many milliseconds with the payload {}. */
  every?: number
  /** Required to stage the job with a delay: runs every `every` ms and does what is due whether or not its job ran. */
  sweep?: { every: number; run(infra: Infra): Promise<unknown> }
}

/** Any job definition, whatever its payload (the registry and the worker handle them all). */
export type AnyJobDef = JobDef<any>

export function defineJob<P>(def: JobDef<P>): JobDef<P> {
  return def
}

/** BullMQ refuses ':' in custom job ids: keys use '-' and '.' instead. */
const JOB_ID = /^[\w.-]{1,191}$/

/** The outbox / BullMQ job id: `${name}-${key}` for a keyed job, a fresh one otherwise. */
export function jobIdOf<P>(def: JobDef<P>, payload: P): string {
  const id = `${def.name}-${def.key ? def.key(payload) : randomUUID()}`
  if (!JOB_ID.test(id)) throw new Error(`job id "${id}" must be letters, digits, '_', '-' or '.'`)
  return id
}

/** The name of the repeatable job that runs a delayed job's sweeper. */
export const sweepName = (def: AnyJobDef) => `${def.name}-sweep`
