// Configuration comes from the environment, parsed once. `.env.example` lists every key.
import { z } from 'zod'

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

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
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().positive().default(900),
  SMS_INTERVAL_SECONDS: z.coerce.number().int().positive().default(60),
  SMS_DAILY_CAP: z.coerce.number().int().positive().default(10),
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

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return { ...parsed.data, ...overrides }
}
