// `pnpm db:rebuild-sales`: rebuilds each store's settled sales (store_settled_sales, modules/settlement/settledSales.ts)
// from the settled orders — after rows were written around the settlement (an import, a repair by hand, a generated
// shop). The api and the worker may keep running.
import { loadDotEnv } from './migrate.ts'
import { loadConfig } from '../packages/server/src/config.ts'
import { buildApp } from '../packages/server/src/app.ts'
import { rebuildSettledSales } from '../packages/server/src/modules/settlement/index.ts'

loadDotEnv()
const app = await buildApp(loadConfig(), { logger: false })
try {
  await app.ready()
  const started = performance.now()
  const { stores, orders } = await rebuildSettledSales(app)
  console.log(`store_settled_sales: ${orders} settled orders in ${stores} stores (${Math.round(performance.now() - started)} ms)`)
} finally {
  await app.close()
}
