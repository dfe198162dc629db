// The HTTP server process.
import { loadConfig } from './config.ts'
import { buildApp } from './app.ts'
import { registerGatewayRefunders } from './adapters/payment/config.ts'
import { startDevSandbox } from './adapters/payment/sandbox/dev.ts'
import { startDevOauthFake } from './adapters/oauth/dev.ts'

const config = loadConfig()
const app = await buildApp(config)
// After-sales refunds of WeChat Pay and Alipay payments go back through them (tests register theirs themselves).
registerGatewayRefunders(app)
// Development without real keys: the gateways are the bundled sandboxes (docs/payments.md). Never in production.
if (config.NODE_ENV === 'development' && config.PAY_SANDBOX) {
  const sandbox = await startDevSandbox(app)
  if (sandbox) app.addHook('onClose', () => sandbox.stop())
}
// The same for WeChat login: the bundled fake of WeChat's OAuth pages and API (docs/oauth.md).
if (config.NODE_ENV === 'development' && config.OAUTH_SANDBOX) {
  const fake = await startDevOauthFake(app)
  if (fake) app.addHook('onClose', () => fake.stop())
}
// Ctrl-C reaches every process of the terminal's group, and `pnpm start` passes SIGTERM on too: the first signal closes
// the server (Fastify's close()): it stops listening, so new connections are refused, and a request still arriving on
// an open connection is answered 503 (plugins/envelope.ts); the requests in flight finish, their units of work
// committed or rolled back; then the database pools, Redis and the queue connections close (plugins/infra.ts,
// plugins/queues.ts). Later signals wait for that.
let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (closing) return
    closing = true
    app.log.debug({ signal }, 'shutting down')
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
await app.listen({ port: config.PORT, host: config.HOST, listenTextResolver: (address) => `QShop is ready at ${address}` })
