// `pnpm bench`: each endpoint against its floor, measured in the same run (32 connections), and the
// storefront pages' first-load sizes (run `pnpm build` first).
import { seed } from '../packages/server/src/seed/index.ts'
import { hashPassword } from '../packages/server/src/core/hash.ts'
import { benchConfig, clearRedisPrefix, measure, report, startApp, truncateAll } from './lib.ts'
import { startFloor } from './floor.ts'
import { reportFirstLoads } from './web-size.ts'

const config = benchConfig()
const { app, url } = await startApp(config)
await truncateAll(config.DATABASE_URL)
await clearRedisPrefix(app)
await seed(app, { demo: true, areas: false })
const password = await hashPassword('Bench@123456')
await app.db.users.createMany({ data: Array.from({ length: 300 }, (_, i) => ({ username: `bench${i}`, password, nickname: `用户${i}` })) })

const login = await fetch(`${url}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: 'Admin@123456', provider: 'admins', area: 'admin' }),
}).then((r) => r.json())
const auth = { Authorization: `Bearer ${login.data.access_token}` }

const floor = await startFloor(config.DATABASE_URL)
const results: boolean[] = []
results.push(report(await measure('GET /api/common', `${url}/api/common`), await measure('floor common', `${floor.url}/floor/common`), { ratio: 0.6, p99: 50 }))
results.push(
  report(await measure('GET /api/Admin/users (30 rows)', `${url}/api/Admin/users?page=1&per_page=30`, auth), await measure('floor users', `${floor.url}/floor/users`), { ratio: 0.6, p99: 50 }),
)
await floor.close()
await app.close()

results.push(reportFirstLoads())
console.log(`${results.filter(Boolean).length} of ${results.length} benchmarks met their goal`)
