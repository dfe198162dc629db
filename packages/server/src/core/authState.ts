// What the guard must know besides the token: which sessions are revoked and the current RBAC version.
// Redis holds the truth (a sorted set of revoked sessions scored by when their access tokens expire, and a
// version key); every change is also published, and each api instance mirrors it in memory so a request needs
// no Redis round trip. While the mirror may have missed a message (starting up, link to Redis lost, or the
// heartbeat not heard back) the instance asks Redis on every request instead, and it reloads the whole state
// before trusting the mirror again.
import type { Redis } from 'ioredis'
import type { FastifyBaseLogger } from 'fastify'
import { randomToken } from './hash.ts'

export const HEARTBEAT_MS = 5000

type Deps = { redis: Redis; key: (...parts: string[]) => string; log: FastifyBaseLogger; heartbeatMs?: number }
export type AuthState = ReturnType<typeof createAuthState>

export function createAuthState({ redis, key, log, heartbeatMs = HEARTBEAT_MS }: Deps) {
  const channel = key('auth')
  const revokedKey = key('auth', 'revoked')
  const versionKey = key('auth', 'rbac')
  const subscriber = redis.duplicate({ autoResubscribe: false, lazyConnect: true, enableOfflineQueue: false, enableAutoPipelining: false })
  /** sid → when its access tokens expire (ms); insertion order is expiry order */
  const revoked = new Map<string, number>()
  let version = '0'
  let live = false
  let lastHeard = Date.now()
  let versionHeardDuringResync = false

  function applyRevoke(sids: string[], until: number) {
    for (const sid of sids) if (!revoked.has(sid)) revoked.set(sid, until)
  }

  function onMessage(_channel: string, message: string) {
    lastHeard = Date.now()
    const [kind, a, b] = message.split(' ')
    if (kind === 'revoke') applyRevoke(a.split(','), Number(b))
    else if (kind === 'rbac') {
      version = a
      versionHeardDuringResync = true
    }
  }

  async function resync() {
    versionHeardDuringResync = false
    await subscriber.subscribe(channel)
    const [[, stored], [, entries]] = (await redis
      .multi()
      .get(versionKey)
      .zrangebyscore(revokedKey, Date.now(), '+inf', 'WITHSCORES')
      .exec()) as [[null, string | null], [null, string[]]]
    // A version published after the subscription is at least as new as the one just read.
    if (!versionHeardDuringResync) version = stored ?? '0'
    for (let i = 0; i < entries.length; i += 2) applyRevoke([entries[i]], Number(entries[i + 1]))
    lastHeard = Date.now()
    live = true
  }

  subscriber.on('message', onMessage)
  subscriber.on('ready', () => {
    resync().catch((err) => log.warn({ err }, 'auth state could not be loaded; reading Redis per request'))
  })
  subscriber.on('close', () => {
    live = false
  })
  subscriber.on('error', (err) => log.warn({ err }, 'auth state subscriber error'))

  const heartbeat = setInterval(() => {
    const now = Date.now()
    for (const [sid, until] of revoked) {
      if (until > now) break
      revoked.delete(sid)
    }
    if (live && now - lastHeard > 3 * heartbeatMs) {
      log.warn('auth state heartbeat lost; reconnecting its subscriber')
      live = false
      subscriber.disconnect(true)
    }
    redis.publish(channel, 'beat').catch(() => {})
  }, heartbeatMs)
  heartbeat.unref()

  return {
    /** true while the mirror holds everything Redis holds */
    get live() {
      return live
    },
    subscriber,
    start: () => subscriber.connect().catch((err) => log.warn({ err }, 'auth state subscriber could not connect')),
    stop() {
      clearInterval(heartbeat)
      subscriber.disconnect()
    },

    /** Whether the session is revoked and the RBAC version, from the mirror when it is live. */
    read(sid: string): { revoked: boolean; version: string } | Promise<{ revoked: boolean; version: string }> {
      if (live) {
        const until = revoked.get(sid)
        return { revoked: until !== undefined && until > Date.now(), version }
      }
      return Promise.all([redis.zscore(revokedKey, sid), redis.get(versionKey)]).then(([score, stored]) => ({
        revoked: score !== null && Number(score) > Date.now(),
        version: stored ?? '0',
      }))
    },

    /** Revokes sessions in every instance until their access tokens have expired. */
    async revoke(sids: string[], ttlSeconds: number) {
      if (!sids.length) return
      const until = Date.now() + ttlSeconds * 1000
      applyRevoke(sids, until)
      await redis
        .multi()
        .zadd(revokedKey, ...sids.flatMap((sid) => [until, sid]))
        .zremrangebyscore(revokedKey, '-inf', Date.now())
        .publish(channel, `revoke ${sids.join(',')} ${until}`)
        .exec()
    },

    /** A new RBAC version: every cached actor is read again. Versions are random, so none is ever reused. */
    async bumpVersion() {
      version = randomToken(9)
      await redis.multi().set(versionKey, version).publish(channel, `rbac ${version}`).exec()
    },
  }
}
