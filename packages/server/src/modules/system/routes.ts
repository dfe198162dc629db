// Health check of the process and its dependencies.
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { Code } from '@qshop/shared'

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
  },
}
export default system
