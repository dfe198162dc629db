// Configuration comes from the environment, parsed once. `.env.example` lists every key.
import { createHmac, randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
const count = z.coerce.number().int().positive()

/** `scheme://host[:port]`, as a browser sends it in the Origin header. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/
/** Sites whose pages may call the API: none (same origin only), a comma list of origins, or `*` for any site. */
const corsOrigins = z
  .string()
  .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean))
  .refine((list) => (list.length === 1 && list[0] === '*') || list.every((o) => ORIGIN.test(o)), {
    message: 'a comma list of origins such as https://shop.example.com (no path, no trailing slash), or * alone',
  })

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().default(3000),
  /** The loopback only by default: the demo accounts' passwords are public. Containers set 0.0.0.0. */
  HOST: z.string().default('127.0.0.1'),
  /** The address the world reaches this server at (https://shop.example.com): the gateways' notify URLs are built
   *  on it. Empty: the server's own HOST and PORT, which only a gateway on the same machine reaches (the sandbox). */
  PUBLIC_URL: z.union([z.literal(''), z.string().regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/)]).default(''),
  /** Development only: without real gateway keys, simulate WeChat Pay and Alipay (adapters/payment/sandbox/dev.ts). */
  PAY_SANDBOX: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Development only: without a real WeChat login configuration, simulate WeChat OAuth (adapters/oauth/dev.ts). */
  OAUTH_SANDBOX: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  DATABASE_URL: z.string().default('mysql://root@127.0.0.1:3306/qshop'),
  DATABASE_POOL: z.coerce.number().int().positive().default(10),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key and BullMQ queue, so several instances (or test workers) can share a Redis. */
  REDIS_PREFIX: z.string().default('qshop'),
  /** After this long a job whose worker died mid-job is run again by another worker (core/jobs/queues.ts, .env.example). */
  JOB_STALL_SECONDS: z.coerce.number().int().positive().default(30),
  /** Resolved by loadConfig: JWT_SECRET, else the content of JWT_SECRET_FILE, else (development and test only) a built-in one. */
  JWT_SECRET: z.string().default(''),
  /** A file holding the secret; created with a random one when it does not exist (compose keeps it in a volume). */
  JWT_SECRET_FILE: z.string().default(''),
  /** Keys the pay passwords' HMAC (core/payPassword.ts). Resolved by loadConfig: when empty, derived from JWT_SECRET. */
  PAY_PASSWORD_KEY: z.string().default(''),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(7200),
  REFRESH_TOKEN_TTL: z.coerce.number().int().positive().default(14 * 86400),
  /** When an access token has less than this many seconds left, a fresh one is sent in the Authorization header. */
  TOKEN_RENEW_WINDOW: z.coerce.number().int().nonnegative().default(1800),
  // Requests per window by route class (core/rateLimits.ts, docs/security.md): per client address, and per
  // logged-in account for the classes that count accounts.
  RATE_LIMIT_WINDOW_SECONDS: count.default(60),
  RATE_LIMIT_READ_IP: count.default(3000),
  RATE_LIMIT_WRITE_IP: count.default(600),
  RATE_LIMIT_WRITE_ACCOUNT: count.default(120),
  RATE_LIMIT_AUTH_IP: count.default(60),
  RATE_LIMIT_SMS_IP: count.default(10),
  RATE_LIMIT_SECRET_IP: count.default(60),
  RATE_LIMIT_SECRET_ACCOUNT: count.default(10),
  RATE_LIMIT_MONEY_IP: count.default(120),
  RATE_LIMIT_MONEY_ACCOUNT: count.default(30),
  RATE_LIMIT_SECKILL_IP: count.default(300),
  RATE_LIMIT_SECKILL_ACCOUNT: count.default(20),
  /** Chat messages one sender (a shopper, a visitor or a store's account) may send per minute (modules/chat). */
  CHAT_SEND_PER_MINUTE: count.default(30),
  /** Failed logins of one account from one address before that pair waits LOGIN_BACKOFF_SECONDS, doubling per failure. */
  LOGIN_MAX_FAILURES: count.default(5),
  /** Failed logins of one account from all addresses after which every address gets a single try before its wait. */
  LOGIN_ACCOUNT_MAX_FAILURES: count.default(20),
  LOGIN_BACKOFF_SECONDS: count.default(60),
  /** The longest wait; failures are forgotten a day after the last one (an hour for an address as a whole). */
  LOGIN_LOCK_SECONDS: count.default(900),
  /** Wrong pay passwords one account may send in a calendar day, from all addresses; then none is checked until midnight. */
  PAY_PASSWORD_DAILY_FAILURES: count.default(10),
  SMS_INTERVAL_SECONDS: count.default(60),
  /** Codes a day to one phone from all addresses, and from one address. */
  SMS_DAILY_CAP: count.default(20),
  SMS_PHONE_IP_DAILY_CAP: count.default(5),
  /** Codes one address may have sent in an hour and in a day, and one logged-in account in a day. */
  SMS_IP_HOURLY_CAP: count.default(10),
  SMS_IP_DAILY_CAP: count.default(30),
  SMS_CALLER_DAILY_CAP: count.default(10),
  SMS_CODE_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  UPLOAD_DIR: z.string().default('uploads'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  /** Identity documents of store applicants: outside UPLOAD_DIR, never served as static files. */
  PRIVATE_UPLOAD_DIR: z.string().default('uploads-private'),
  /** Seconds a signed URL of a private file stays valid. */
  PRIVATE_FILE_URL_TTL: z.coerce.number().int().positive().default(300),
  /** Per calendar day: a shopper account's uploads, and a store's (all its accounts) or an admin's. */
  UPLOAD_SHOPPER_DAILY_FILES: z.coerce.number().int().positive().default(50),
  UPLOAD_SHOPPER_DAILY_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  UPLOAD_SELLER_DAILY_FILES: z.coerce.number().int().positive().default(1000),
  UPLOAD_SELLER_DAILY_BYTES: z.coerce.number().int().positive().default(1024 * 1024 * 1024),
  WEB_DIST: z.string().default('packages/web/dist'),
  /** Empty (the default): the web app is served from the API's own origin (docker compose, pnpm start) and no other
   *  site may call it from a browser. Bearer tokens, not cookies, authorize requests: credentials are never allowed. */
  CORS_ORIGIN: corsOrigins.default([]),
  /** The storefront's address (`https://shop.example.com`) in canonical links and sitemaps; unset: the address each
   *  request came to. */
  SITE_URL: z.string().refine((v) => v === '' || ORIGIN.test(v), 'an origin such as https://shop.example.com (no path, no trailing slash)').optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Swagger UI and the OpenAPI document at /api/docs; unset: on in development and test, off in production. */
  API_DOCS: z.preprocess((v) => (v === '' ? undefined : v), bool.optional()),
})

export type Config = Omit<z.infer<typeof schema>, 'API_DOCS'> & { API_DOCS: boolean }

/** The per-class request limits, for setups that must not be limited (the test suites, the benchmark). */
export const RATE_LIMIT_KEYS = Object.keys(schema.shape).filter((k) => /^RATE_LIMIT_.+_(IP|ACCOUNT)$/.test(k))

/** Signs tokens in development and test when no secret is configured. */
const DEVELOPMENT_SECRET = 'change-me-please-0123456789abcdef'
/** Every secret this project has ever shipped as a default (code, .env.example, docker-compose.yml, browser tests): public. */
export const KNOWN_DEFAULT_SECRETS = [DEVELOPMENT_SECRET, 'compose-demo-secret-change-me-0123456789', 'e2e-jwt-secret-0123456789abcdef']
export const MIN_SECRET_LENGTH = 32

const HOW_TO_SET_SECRET =
  `Set JWT_SECRET to a random string of at least ${MIN_SECRET_LENGTH} characters (e.g. the output of \`openssl rand -base64 48\`), ` +
  'or JWT_SECRET_FILE to a file that holds one (it is created with a random secret when missing); ' +
  'NODE_ENV=development or test runs with a built-in secret.'

/**
 * The secret kept in `file`, which the first process to need it creates. The new secret is written to a file of
 * its own and hard-linked to `file`: linking is an exclusive create, so of several processes starting together
 * (api replicas, the worker) exactly one wins, the others read its secret, and nobody ever reads a half-written file.
 */
export function readOrCreateSecretFile(file: string): string {
  const read = () => readFileSync(file, 'utf8').trim()
  try {
    return read()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`
  writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 })
  try {
    linkSync(draft, file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  } finally {
    unlinkSync(draft)
  }
  return read()
}

/** Why the secret may not sign tokens outside development and test: anyone who knows it can sign an access
 * token for any account, the super admin included. */
function secretProblem(secret: string, source: string): string | null {
  if (!secret) return source ? `${source} is empty` : 'no JWT_SECRET is set'
  if (KNOWN_DEFAULT_SECRETS.includes(secret)) return `${source} is a published default secret`
  if (secret.length < MIN_SECRET_LENGTH) return `${source} is shorter than ${MIN_SECRET_LENGTH} characters`
  return null
}

function resolveSecret(config: Config): string {
  const { JWT_SECRET, JWT_SECRET_FILE, NODE_ENV } = config
  const secret = JWT_SECRET || (JWT_SECRET_FILE ? readOrCreateSecretFile(JWT_SECRET_FILE) : '')
  if (NODE_ENV === 'development' || NODE_ENV === 'test') return secret || DEVELOPMENT_SECRET
  const problem = secretProblem(secret, JWT_SECRET ? 'JWT_SECRET' : JWT_SECRET_FILE ? `JWT_SECRET_FILE (${JWT_SECRET_FILE})` : '')
  if (problem) throw new Error(`Refusing to start with NODE_ENV=${NODE_ENV}: ${problem}. ${HOW_TO_SET_SECRET}`)
  return secret
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const config = { ...parsed.data, API_DOCS: parsed.data.API_DOCS ?? parsed.data.NODE_ENV !== 'production', ...overrides }
  const JWT_SECRET = resolveSecret(config)
  return { ...config, JWT_SECRET, PAY_PASSWORD_KEY: resolvePayPasswordKey(config, JWT_SECRET) }
}

/** PAY_PASSWORD_KEY as set (held to the same rules as JWT_SECRET outside development and test), else one derived
 *  from the token secret — then changing JWT_SECRET makes every stored pay password unusable until it is set again. */
function resolvePayPasswordKey(config: Config, jwtSecret: string): string {
  const { PAY_PASSWORD_KEY: key, NODE_ENV } = config
  if (!key) return createHmac('sha256', jwtSecret).update('qshop pay password key').digest('base64url')
  const problem = NODE_ENV === 'development' || NODE_ENV === 'test' ? null : secretProblem(key, 'PAY_PASSWORD_KEY')
  if (problem) throw new Error(`Refusing to start with NODE_ENV=${NODE_ENV}: ${problem}.`)
  return key
}
