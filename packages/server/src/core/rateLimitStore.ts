// Request counters shared by every api instance through Redis, without a Redis round trip on most requests.
// Windows are fixed and aligned to the clock, so every instance counts into the same Redis key. The first
// request of a key in a window waits for the shared count; later ones are answered from the local count and
// sent to Redis in batches every SYNC_MS. Every key due is sent in one MULTI (the first requests that arrive in the
// same turn of the event loop together, the pending counts every SYNC_MS together): a MULTI per key was a tenth of
// the CPU of a flash-sale stampede (bench/seckill.ts), whose 1,000 shoppers each keep counters of their own. Across instances a client can overshoot by what it sends in SYNC_MS;
// on one instance the count is exact. While Redis is unreachable each instance goes on counting on its own.
import type { Redis } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'

export const SYNC_MS = 100

/** The count of the key in the current window, this request included, and the milliseconds left in the window. */
export type Answer = (current: number, ttl: number) => void
type Counter = {
  timeWindow: number
  window: number
  /** the shared count as of the last reply from Redis */
  known: number
  /** requests counted here and not yet added in Redis */
  pending: number
  syncing: boolean
  /** requests of a window whose shared count is not known yet */
  waiting: Answer[] | null
}

type Deps = { redis: Redis; prefix: string; log: FastifyBaseLogger }

export class SyncedWindowStore {
  private readonly counters = new Map<string, Counter>()
  private timer: NodeJS.Timeout | null = null
  /** first requests of their windows, sent together at the end of this turn of the event loop */
  private firsts: [string, Counter][] = []

  constructor(private readonly deps: Deps) {}

  /** Counts one request of `key` in the current window of `timeWindow` ms. */
  incr(key: string, timeWindow: number, answer: Answer) {
    const now = Date.now()
    const window = Math.floor(now / timeWindow)
    const ttl = (window + 1) * timeWindow - now
    let counter = this.counters.get(key)
    if (!counter || counter.window !== window) {
      counter = { timeWindow, window, known: 0, pending: 0, syncing: false, waiting: [] }
      this.counters.set(key, counter)
    }
    counter.pending++
    if (!counter.waiting) {
      answer(counter.known + counter.pending, ttl)
      this.schedule()
      return
    }
    const rank = counter.waiting.length
    counter.waiting.push((current) => answer(current + rank, ttl))
    if (rank > 0) return
    counter.syncing = true
    if (this.firsts.push([key, counter]) === 1)
      setImmediate(() => {
        const batch = this.firsts
        this.firsts = []
        this.sync(batch)
      })
  }

  private schedule() {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.syncAll()
    }, SYNC_MS)
    this.timer.unref()
  }

  private syncAll() {
    const now = Date.now()
    const due: [string, Counter][] = []
    for (const [key, counter] of this.counters) {
      if (counter.syncing) continue
      if (counter.pending > 0) {
        counter.syncing = true
        due.push([key, counter])
      } else if (counter.window < Math.floor(now / counter.timeWindow)) this.counters.delete(key)
    }
    this.sync(due)
  }

  /** Adds the counters' pending requests to their shared counts and learns the counts the other instances made. */
  private sync(batch: [string, Counter][]) {
    if (!batch.length) return
    const multi = this.deps.redis.multi()
    const deltas = batch.map(([key, counter]) => {
      const redisKey = `${this.deps.prefix}${key}:${counter.window}`
      multi.incrby(redisKey, counter.pending).pexpire(redisKey, counter.timeWindow * 2)
      return counter.pending
    })
    multi.exec().then(
      (replies) => {
        batch.forEach(([, counter], i) => {
          const [err, total] = replies![2 * i]
          this.settle(counter, deltas[i], err ? counter.known + deltas[i] : Number(total))
        })
      },
      (err: Error) => {
        this.deps.log.warn({ err }, 'rate-limit counters could not reach Redis; counting locally')
        batch.forEach(([, counter], i) => this.settle(counter, deltas[i], counter.known + deltas[i]))
      },
    )
  }

  private settle(counter: Counter, delta: number, total: number) {
    counter.syncing = false
    counter.known = total
    counter.pending -= delta
    const waiting = counter.waiting
    if (waiting) {
      counter.waiting = null
      // The first waiter was the first of the batch: it saw the count before the batch, plus itself.
      for (const answer of waiting) answer(total - delta + 1, 0)
    }
    if (counter.pending > 0) this.schedule()
  }
}
