// Tokens and actors for the three areas. Access tokens are short JWTs naming their area and session; refresh
// tokens are opaque, stored hashed in auth_sessions, rotated on use and revoked by logout (docs/architecture.md). An access
// token is accepted only while its session exists, is not revoked and has not expired. The sessions of one login
// form a family (the chain of rotations): presenting a refresh token that was already used ends the whole family.
import fp from 'fastify-plugin'
import jwt from '@fastify/jwt'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Actor, AreaName } from '../core/context.ts'
import { AppError, businessError, forbidden, unauthenticated } from '../core/errors.ts'
import { randomToken, sha256 } from '../core/hash.ts'
import { Code } from '@qshop/shared'
import { STORE_VERIFY } from '@qshop/shared/schemas/catalog'
import { createAuthState, type AuthState } from '../core/authState.ts'
import type { Actors, TokenPair, Tokens } from '../core/sessions.ts'

type TokenPayload = { sub: number; area: AreaName; sid: string }

declare module 'fastify' {
  interface FastifyInstance {
    tokens: Tokens
    actors: Actors
    /** preHandler of an area scope: authenticates and checks the route's permission. */
    guard(area: AreaName): (req: FastifyRequest, reply: FastifyReply) => Promise<void>
    authState: AuthState
  }
}

const ACTOR_TTL_MS = 60_000
/** verified tokens, live sessions and cached actors kept per instance */
const CACHE_ENTRIES = 10_000

/** Map as a bounded cache: the oldest entry goes when it is full. */
function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= CACHE_ENTRIES) map.delete(map.keys().next().value!)
  map.set(key, value)
}

export default fp(async function auth(app: FastifyInstance) {
  const { config, db, redis } = app
  await app.register(jwt, { secret: config.JWT_SECRET })

  const signAccess = (p: TokenPayload) => app.jwt.sign(p, { expiresIn: config.ACCESS_TOKEN_TTL })
  const state = createAuthState({ redis, key: app.key, log: app.log })
  app.decorate('authState', state)
  app.addHook('onReady', async () => state.start())
  app.addHook('onClose', async () => state.stop())

  async function createSession(area: AreaName, ownerId: number, req: FastifyRequest, familyId?: number) {
    const refresh = randomToken()
    const session = await db.auth_sessions.create({
      data: {
        area,
        owner_id: ownerId,
        token_hash: sha256(refresh),
        family_id: familyId ?? 0,
        expires_at: new Date(Date.now() + config.REFRESH_TOKEN_TTL * 1000),
        ip: req.ip,
        user_agent: String(req.headers['user-agent'] ?? '').slice(0, 255),
      },
      select: { id: true },
    })
    // A login starts a family of its own.
    if (familyId === undefined) await db.auth_sessions.update({ where: { id: session.id }, data: { family_id: session.id } })
    const pair: TokenPair = {
      access_token: signAccess({ sub: ownerId, area, sid: String(session.id) }),
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: config.ACCESS_TOKEN_TTL,
    }
    return { id: session.id, pair }
  }

  const issue = async (area: AreaName, ownerId: number, req: FastifyRequest) => (await createSession(area, ownerId, req)).pair

  /** Revokes every session of the family, and so every access token of theirs that may still be valid. */
  async function endFamily(familyId: number) {
    const now = new Date()
    await db.auth_sessions.updateMany({ where: { family_id: familyId, revoked_at: null }, data: { revoked_at: now } })
    const recent = await db.auth_sessions.findMany({
      where: { family_id: familyId, revoked_at: { gte: new Date(now.getTime() - config.ACCESS_TOKEN_TTL * 1000) } },
      select: { id: true },
    })
    await state.revoke(
      recent.map((s) => String(s.id)),
      config.ACCESS_TOKEN_TTL,
    )
  }

  async function refresh(refreshToken: string, req: FastifyRequest): Promise<TokenPair> {
    const invalid = () => new AppError(Code.UNAUTHENTICATED, 'msg.refreshInvalid')
    const session = await db.auth_sessions.findUnique({ where: { token_hash: sha256(refreshToken) } })
    if (!session) throw invalid()
    // A token that was already used (or revoked) is presented again: one of its holders stole it.
    if (session.revoked_at) {
      await endFamily(session.family_id)
      throw invalid()
    }
    if (session.expires_at < new Date()) throw invalid()
    // The successor exists before the token is spent, so a family ended at any moment from here on includes it.
    const next = await createSession(session.area as AreaName, session.owner_id, req, session.family_id)
    const rotated = await db.auth_sessions.updateMany({
      where: { id: session.id, revoked_at: null },
      data: { revoked_at: new Date(), replaced_by: next.id },
    })
    if (rotated.count === 0) {
      // Spent concurrently by another request: a reuse as well.
      await endFamily(session.family_id)
      throw invalid()
    }
    await state.revoke([String(session.id)], config.ACCESS_TOKEN_TTL)
    return next.pair
  }

  async function revoke(req: FastifyRequest) {
    const payload = readToken(req)
    if (!payload) return
    await db.auth_sessions.updateMany({ where: { id: Number(payload.sid), revoked_at: null }, data: { revoked_at: new Date() } })
    await state.revoke([payload.sid], config.ACCESS_TOKEN_TTL)
  }

  async function revokeAll(areas: AreaName[], ownerId: number, keepSid?: string) {
    const sessions = await db.auth_sessions.findMany({
      where: { area: { in: areas }, owner_id: ownerId, revoked_at: null, ...(keepSid ? { id: { not: Number(keepSid) } } : {}) },
      select: { id: true },
    })
    if (!sessions.length) return
    await db.auth_sessions.updateMany({ where: { id: { in: sessions.map((s) => s.id) } }, data: { revoked_at: new Date() } })
    await state.revoke(
      sessions.map((s) => String(s.id)),
      config.ACCESS_TOKEN_TTL,
    )
  }

  type VerifiedToken = TokenPayload & { exp: number }
  // Verifying the signature is the costly part of reading a token; a token string verified once stays valid
  // until it expires.
  const verified = new Map<string, VerifiedToken>()

  function readToken(req: FastifyRequest): VerifiedToken | null {
    const header = req.headers.authorization
    return header?.startsWith('Bearer ') ? verifyToken(header.slice(7)) : null
  }

  function verifyToken(token: string): VerifiedToken | null {
    let payload = verified.get(token)
    if (!payload) {
      try {
        payload = app.jwt.verify<VerifiedToken>(token)
      } catch {
        return null
      }
      remember(verified, token, payload)
    }
    return payload.exp * 1000 > Date.now() ? payload : null
  }

  type LiveSession = { area: string; ownerId: number; expiresAt: number }
  // Sessions seen live in the database. A revocation reaches this instance through the auth state, which the guard
  // reads first; an expiry is checked against the stored time; a session is purged only once revoked or expired.
  const liveSessions = new Map<string, LiveSession>()

  async function sessionLive(payload: VerifiedToken): Promise<boolean> {
    let live = liveSessions.get(payload.sid)
    if (!live || live.expiresAt <= Date.now()) {
      const id = Number(payload.sid)
      if (!Number.isSafeInteger(id)) return false
      const row = await db.auth_sessions.findUnique({ where: { id }, select: { area: true, owner_id: true, revoked_at: true, expires_at: true } })
      if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) {
        liveSessions.delete(payload.sid)
        return false
      }
      live = { area: row.area, ownerId: row.owner_id, expiresAt: row.expires_at.getTime() }
      remember(liveSessions, payload.sid, live)
    }
    return live.area === payload.area && live.ownerId === payload.sub
  }

  type CachedActor = { actor: Omit<Actor, 'sid'>; version: string; until: number }
  const actors = new Map<string, CachedActor>()

  /** The actor as of the RBAC version, from this instance's cache when it was read under that version. */
  async function actorAt(area: AreaName, id: number, sid: string, version: string): Promise<Actor | null> {
    const key = `${area}:${id}`
    let cached = actors.get(key)
    if (!cached || cached.version !== version || cached.until < Date.now()) {
      const fresh = await readActor(area, id)
      if (!fresh) return null
      const { permissions, ...rest } = fresh
      cached = { actor: { ...rest, permissions: new Set(permissions) }, version, until: Date.now() + ACTOR_TTL_MS }
      remember(actors, key, cached)
    }
    return { ...cached.actor, sid }
  }

  async function readActor(area: AreaName, id: number) {
    if (area === 'admin') {
      const admin = await db.admins.findUnique({ where: { id }, select: { id: true, username: true, is_super: true, belong_id: true } })
      if (!admin) return null
      const rows = admin.is_super
        ? []
        : await db.$queryRaw<{ apis: string }[]>`SELECT DISTINCT p.apis FROM admin_permissions p
            JOIN admin_to_permissions tp ON tp.permission_id = p.id
            JOIN admin_to_roles tr ON tr.role_id = tp.role_id WHERE tr.admin_id = ${id}`
      return { area, id, username: admin.username, belong_id: admin.belong_id, all: admin.is_super === 1, permissions: rows.map((r) => r.apis) }
    }
    const user = await db.users.findUnique({ where: { id }, select: { id: true, username: true, belong_id: true, status: true } })
    if (!user || user.status !== 1) return null
    if (area === 'user') return { area, id, username: user.username, belong_id: user.belong_id, all: true, permissions: [] }
    const ownerId = user.belong_id > 0 ? user.belong_id : user.id
    const store = await db.stores.findUnique({ where: { user_id: ownerId }, select: { id: true, store_verify: true } })
    // Until the store passes review its accounts have the join wizard (storefront), not the back office.
    if (store?.store_verify !== STORE_VERIFY.PASSED) return null
    const isOwner = user.belong_id === 0
    const rows = isOwner
      ? []
      : await db.$queryRaw<{ apis: string }[]>`SELECT DISTINCT p.apis FROM user_permissions p
          JOIN user_to_permissions tp ON tp.permission_id = p.id
          JOIN user_to_roles tr ON tr.role_id = tp.role_id WHERE tr.user_id = ${id}`
    return { area, id, username: user.username, belong_id: user.belong_id, storeId: store.id, all: isOwner, permissions: rows.map((r) => r.apis) }
  }

  /** The actor of a verified token: its session live, its account able to act. */
  async function actorOfToken(payload: VerifiedToken): Promise<Actor | null> {
    const { revoked, version } = await state.read(payload.sid)
    if (revoked) {
      liveSessions.delete(payload.sid)
      return null
    }
    if (!(await sessionLive(payload))) return null
    return actorAt(payload.area, payload.sub, payload.sid, version)
  }

  async function authenticate(req: FastifyRequest, reply: FastifyReply, area: AreaName): Promise<Actor | null> {
    const payload = readToken(req)
    if (!payload || payload.area !== area) return null
    const actor = await actorOfToken(payload)
    if (!actor) return null
    if (payload.exp - Date.now() / 1000 < config.TOKEN_RENEW_WINDOW) {
      reply.header('Authorization', `Bearer ${signAccess({ sub: payload.sub, area, sid: payload.sid })}`)
    }
    return actor
  }

  app.decorate('tokens', { issue, refresh, revoke, revokeAll })
  app.decorate('actors', {
    async fromToken(req: FastifyRequest) {
      const payload = readToken(req)
      return payload ? actorOfToken(payload) : null
    },
    async fromAccessToken(token: string) {
      const payload = verifyToken(token)
      const actor = payload ? await actorOfToken(payload) : null
      return actor ? { actor, expiresAt: payload!.exp * 1000 } : null
    },
    invalidate: () => state.bumpVersion(),
  })
  app.decorate('guard', (area: AreaName) => async (req: FastifyRequest, reply: FastifyReply) => {
    const cfg = req.routeOptions.config
    if (cfg.public || cfg.optionalAuth) {
      if (cfg.optionalAuth) req.actor = await authenticate(req, reply, area)
      return
    }
    const actor = await authenticate(req, reply, area)
    if (!actor) throw unauthenticated()
    req.actor = actor
    if (area === 'user') {
      if (actor.belong_id > 0) throw businessError('msg.subNotAllowBuy')
      return
    }
    const needed = cfg.permission
    if (!needed) throw forbidden() // default deny: a back-office route must declare its key
    if ((needed !== '*' && !actor.all && !actor.permissions.has(needed)) || (cfg.superOnly && !actor.all)) {
      req.log.warn({ actor: actor.id, area, permission: needed, superOnly: cfg.superOnly }, 'permission refused')
      throw forbidden()
    }
  })
})
