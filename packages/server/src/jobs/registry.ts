// Every job the worker runs: the housekeeping jobs and each module's declared jobs (AppModule.jobs). One BullMQ worker
// per queue; a job is dispatched by name to its processor with its payload checked against its schema. Repeatable
// jobs and the sweepers of delayed jobs are scheduled at every worker start (an idempotent upsert).
import { UnrecoverableError, type Processor, type Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { modules } from '../modules/index.ts'
import type { Infra } from '../core/infra.ts'
import { siteCalendar } from '../core/siteCalendar.ts'
import { sweepName, type AnyJobDef } from '../core/jobs/define.ts'
import { maintenanceJobs } from './maintenance.ts'
import { createWorker } from '../core/jobs/queues.ts'

export function allJobs(): AnyJobDef[] {
  return [...maintenanceJobs, ...modules.flatMap((m) => m.jobs ?? [])]
}

export type Schedule = { queue: string; id: string; every: number; name: string }

/** Repeatable jobs: the ones declared with `every`, and the sweeper of every delayed job. */
export function schedulesOf(defs: AnyJobDef[]): Schedule[] {
  return defs.flatMap((d) => [
    ...(d.every ? [{ queue: d.queue, id: d.name, every: d.every, name: d.name }] : []),
    ...(d.sweep ? [{ queue: d.queue, id: sweepName(d), every: d.sweep.every, name: sweepName(d) }] : []),
  ])
}

/** What the worker does with the jobs of one queue. */
export function queueProcessor(infra: Infra, defs: AnyJobDef[], queue: string): Processor {
  const byName = new Map<string, (data: unknown, job: Parameters<Processor>[0]) => Promise<unknown>>()
  for (const d of defs.filter((d) => d.queue === queue)) {
    byName.set(d.name, async (data, job) => {
      const parsed = d.payload.safeParse(data)
      // A payload that does not fit will not fit on a retry either.
      if (!parsed.success) throw new UnrecoverableError(`job ${d.name}: invalid payload ${parsed.error.message}`)
      return d.process(infra, parsed.data, job)
    })
    if (d.sweep) byName.set(sweepName(d), async () => d.sweep!.run(infra))
  }
  return async (job) => {
    const run = byName.get(job.name)
    if (!run) throw new UnrecoverableError(`unknown job ${job.name} on queue ${queue}`)
    // The site's zone as the config has it: the numbers and days a job writes are on its clock.
    await siteCalendar(infra)
    return run(job.data, job)
  }
}

/** Schedules the repeatable jobs and starts one worker per queue. */
export async function startWorkers(infra: Infra, connection: Redis, defs: AnyJobDef[] = allJobs()): Promise<Worker[]> {
  for (const s of schedulesOf(defs)) await infra.queues.get(s.queue).upsertJobScheduler(s.id, { every: s.every }, { name: s.name })
  const queues = [...new Set(defs.map((d) => d.queue))]
  return queues.map((q) => createWorker(infra.config, q, queueProcessor(infra, defs, q), connection))
}
