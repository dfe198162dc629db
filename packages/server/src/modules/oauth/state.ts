// The `state` of a WeChat login or link: random, single use, short-lived, and bound to the browser that started the
// flow. The browser gets two values: `state`, which travels through WeChat in the URL, and `browser_key`, which never
// leaves the browser and our api (the web keeps it in localStorage until the return page posts it back). Redis holds
// the state with a hash of its browser key; one script checks and uses it up, so a replayed state, or one brought by
// another browser (a link forged from an attacker's own login), is refused. Tokens are bearer tokens, not cookies
// (docs/security.md), and the API may be on another origin than the web app (CORS_ORIGIN): a cookie would not reach it.
import type { OauthName } from '@qshop/shared/schemas/oauth'
import type { Infra } from '../../core/infra.ts'
import { businessError } from '../../core/errors.ts'
import { randomToken, sha256 } from '../../core/hash.ts'

/** How long the shopper has to scan and confirm. */
export const STATE_TTL_SECONDS = 600

export type StateRecord = {
  name: OauthName
  /** the account being linked, 0 for a login */
  bind_user: number
  /** the invite link's inviter for an account the login creates, 0 for none */
  inviter: number
  key_hash: string
}

/** Answers the stored record and marks the state used (kept until its expiry, so a replay is told apart). */
const CONSUME = `
local v = redis.call('GET', KEYS[1])
if not v then return {'expired'} end
if v == 'used' then return {'used'} end
if cjson.decode(v).key_hash ~= ARGV[1] then return {'foreign'} end
redis.call('SET', KEYS[1], 'used', 'KEEPTTL')
return {'ok', v}`

const stateKey = (app: Pick<Infra, 'key'>, state: string) => app.key('oauth', 'state', state)

export async function createState(app: Pick<Infra, 'redis' | 'key'>, record: Omit<StateRecord, 'key_hash'>): Promise<{ state: string; browser_key: string }> {
  const state = randomToken(24)
  const browserKey = randomToken(24)
  await app.redis.set(stateKey(app, state), JSON.stringify({ ...record, key_hash: sha256(browserKey) } satisfies StateRecord), 'EX', STATE_TTL_SECONDS)
  return { state, browser_key: browserKey }
}

/** The record of a state this browser started and nobody used yet; it is used up by this call. */
export async function consumeState(app: Pick<Infra, 'redis' | 'key'>, state: string, browserKey: string): Promise<StateRecord> {
  const [outcome, stored] = (await app.redis.eval(CONSUME, 1, stateKey(app, state), sha256(browserKey))) as [string, string?]
  if (outcome === 'expired') throw businessError('msg.oauthStateExpired')
  if (outcome === 'used') throw businessError('msg.oauthStateUsed')
  if (outcome === 'foreign') throw businessError('msg.oauthStateForeign')
  return JSON.parse(stored!) as StateRecord
}
