// Configuration comes from the environment, parsed once. `.env.example` lists every key.
import { z } from 'zod'

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
const count = z.coerce.number().int().positive()

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default('mysql://root@127.0.0.1:3306/qshop'),
  DATABASE_POOL: z.coerce.number().int().positive().default(10),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key and BullMQ queue, so several instances (or test workers) can share a Redis. */
  REDIS_PREFIX: z.string().default('qshop'),
  JWT_SECRET: z.string().min(16).default('change-me-please-0123456789abcdef'),
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
  /** Failed logins of one account from one address before that pair waits LOGIN_BACKOFF_SECONDS, doubling per failure. */
  LOGIN_MAX_FAILURES: count.default(5),
  /** Failed logins of one account from all addresses after which every address gets a single try before its wait. */
  LOGIN_ACCOUNT_MAX_FAILURES: count.default(20),
  LOGIN_BACKOFF_SECONDS: count.default(60),
  /** The longest wait; failures are forgotten a day after the last one (an hour for an address as a whole). */
  LOGIN_LOCK_SECONDS: count.default(900),
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
  CORS_ORIGIN: z.string().default('*'),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  API_DOCS: bool.default(true),
})

export type Config = z.infer<typeof schema>

/** The per-class request limits, for setups that must not be limited (the test suites, the benchmark). */
export const RATE_LIMIT_KEYS = Object.keys(schema.shape).filter((k) => /^RATE_LIMIT_.+_(IP|ACCOUNT)$/.test(k))

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return { ...parsed.data, ...overrides }
}
