// What the auth plugin (plugins/auth.ts) keeps of the accounts' sessions: tokens issued, refreshed and revoked, and the
// actor a request's token stands for. The api's Fastify instance has both; services that sign accounts in or out, or
// change what an account may do, take them beside Infra (the worker has no sessions).
import type { FastifyRequest } from 'fastify'
import type { Actor, AreaName } from './context.ts'

export type TokenPair = { access_token: string; refresh_token: string; token_type: 'Bearer'; expires_in: number }

export type Tokens = {
  issue(area: AreaName, ownerId: number, req: FastifyRequest): Promise<TokenPair>
  refresh(refreshToken: string, req: FastifyRequest): Promise<TokenPair>
  revoke(req: FastifyRequest): Promise<void>
  /** Ends every session of an account in the given areas, except `keepSid`. */
  revokeAll(areas: AreaName[], ownerId: number, keepSid?: string): Promise<void>
}

export type Actors = {
  /** The actor of the request's access token, whatever its area, or null. */
  fromToken(req: FastifyRequest): Promise<Actor | null>
  /** The actor of an access token handed over otherwise than in a header (a socket's first frame) and when the token
   *  expires (ms since the epoch), or null. */
  fromAccessToken(token: string): Promise<{ actor: Actor; expiresAt: number } | null>
  /** Call after any change of roles, permissions or role assignments. */
  invalidate(): Promise<void>
}

export type Sessions = { tokens: Tokens; actors: Actors }
