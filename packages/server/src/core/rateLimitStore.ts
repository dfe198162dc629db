// Request counters shared by every api instance through Redis, without a Redis round trip on most requests.
// Windows are fixed and aligned to the clock, so every instance counts into the same Redis key. The first
// request of a key in a window waits for the shared count; later ones are answered from the local count and
// sent to Redis in batches every SYNC_MS. Across instances a client can overshoot by what it sends in SYNC_MS;
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
    if (rank === 0) this.sync(key, counter)
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
    for (const [key, counter] of this.counters) {
      if (counter.syncing) continue
      if (counter.pending > 0) this.sync(key, counter)
      else if (counter.window < Math.floor(now / counter.timeWindow)) this.counters.delete(key)
    }
  }

  /** Adds the pending requests to the shared count and learns the count the other instances made. */
  private sync(key: string, counter: Counter) {
    const delta = counter.pending
    const redisKey = `${this.deps.prefix}${key}:${counter.window}`
    counter.syncing = true
    this.deps.redis
      .multi()
      .incrby(redisKey, delta)
      .pexpire(redisKey, counter.timeWindow * 2)
      .exec()
      .then((replies) => {
        const [err, total] = replies![0]
        if (err) throw err
        return Number(total)
      })
      .then(
        (total) => this.settle(counter, delta, total),
        (err: Error) => {
          this.deps.log.warn({ err }, 'rate-limit counters could not reach Redis; counting locally')
          this.settle(counter, delta, counter.known + delta)
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
