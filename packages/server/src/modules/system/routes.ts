// Liveness (GET /api/health) and readiness (GET /api/ready) of the process; docs/scaling.md, "Health and readiness".
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { MIGRATIONS_DIR } from '../../core/paths.ts'
import { Code, type MessageKey } from '@qshop/shared'
import { migrationsOnDisk, readiness } from './readiness.ts'

const system: AppModule = {
  name: 'system',
  storefront: async (app) => {
    // Polled every few seconds by compose and load balancers: its requests are not logged unless they fail.
    app.get('/health', { logLevel: 'warn', config: { public: true, rateLimit: false } }, async (req, reply) => {
      const [db, redis] = await Promise.all([
        app.db.$queryRaw`SELECT 1`.then(() => true, () => false),
        app.redis.ping().then((r) => r === 'PONG', () => false),
      ])
      if (!db || !redis) return reply.status(503).send({ code: Code.INTERNAL, msg: req.t('msg.dbUnavailable'), data: { db, redis } })
      return ok(req, { db, redis, uptime: Math.round(process.uptime()) })
    })

    // Compose's healthcheck of the api (docker-compose.yml) and a load balancer's: only a ready process gets traffic.
    // The migrations folder is the one `pnpm start` migrates from (scripts/start.ts).
    let onDisk: Promise<string[]> | null = null
    app.get('/ready', { logLevel: 'warn', config: { public: true, rateLimit: false } }, async (req, reply) => {
      onDisk ??= migrationsOnDisk(MIGRATIONS_DIR)
      const state = await readiness(app, onDisk)
      const data = { db: state.db, redis: state.redis, migrations: state.migrations, pending: state.pending }
      if (state.db && state.redis && state.migrations) return ok(req, data)
      // Migrations are named only when the database answered the question.
      const parts = (['db', 'redis', 'migrations'] as const)
        .filter((part) => !state[part] && (part !== 'migrations' || state.db))
        .map((part) => req.t(`msg.notReady.${part}` as MessageKey))
      return reply.status(503).send({ code: Code.UNAVAILABLE, msg: req.t('msg.notReady', { parts: parts.join(req.locale === 'en' ? '; ' : '；') }), data })
    })
  },
}
export default system
