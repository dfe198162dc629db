// `pnpm db:seed [--no-demo]`: base data, all of China's areas and (unless --no-demo) the demo accounts.
// Idempotent: a second run reports nothing changed.
import { loadDotEnv } from './migrate.ts'
import { loadConfig } from '../packages/server/src/config.ts'
import { buildApp } from '../packages/server/src/app.ts'
import { seed } from '../packages/server/src/seed/index.ts'
import { DEMO_ACCOUNTS } from '../packages/server/src/seed/demo.ts'
import { SHOWCASE_PASSWORD, SHOWCASE_STORES } from '../packages/server/src/seed/showcase.ts'

loadDotEnv()
const demo = !process.argv.includes('--no-demo')
const app = await buildApp(loadConfig(), { logger: false })
try {
  await app.ready()
  const { changed, ms } = await seed(app, { demo, areas: true })
  const rows = Object.entries(changed).map(([table, n]) => `${table} ${n}`).join(', ')
  const logins = [...Object.values(DEMO_ACCOUNTS), ...SHOWCASE_STORES.map((s) => ({ username: s.username, password: SHOWCASE_PASSWORD }))]
    .map((a) => `${a.username}/${a.password}`)
    .join(' ')
  console.log(`seed: ${rows || 'nothing to change'} (${ms} ms)${demo ? `; demo logins: ${logins}` : ''}`)
} finally {
  await app.close()
}
