// Configuration comes from the environment, parsed once. `.env.example` lists every key.
import { z } from 'zod'

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

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
  WEB_DIST: z.string().default('packages/web/dist'),
  /** Empty (the default): the web app is served from the API's own origin (docker compose, pnpm start) and no other
   *  site may call it from a browser. Bearer tokens, not cookies, authorize requests: credentials are never allowed. */
  CORS_ORIGIN: corsOrigins.default([]),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Swagger UI and the OpenAPI document at /api/docs; unset: on in development and test, off in production. */
  API_DOCS: z.preprocess((v) => (v === '' ? undefined : v), bool.optional()),
})

export type Config = Omit<z.infer<typeof schema>, 'API_DOCS'> & { API_DOCS: boolean }

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const config = { ...parsed.data, API_DOCS: parsed.data.API_DOCS ?? parsed.data.NODE_ENV !== 'production' }
  return { ...config, ...overrides }
}
