// `pnpm db:rebuild-sales`: rebuilds each store's settled sales (store_settled_sales, modules/settlement/settledSales.ts)
// and the dashboards' day sums in the site's zone (sales_days, sales_goods_days: modules/dashboard/salesDays.ts) from
// the orders — after rows were written around the settlement (an import, a repair by hand, a generated
// shop). The api and the worker may keep running.
import { loadDotEnv } from './migrate.ts'
import { loadConfig } from '../packages/server/src/config.ts'
import { buildApp } from '../packages/server/src/app.ts'
import { rebuildSettledSales } from '../packages/server/src/modules/settlement/index.ts'
import { rebuildSalesDays } from '../packages/server/src/modules/dashboard/index.ts'
import { siteCalendar } from '../packages/server/src/core/siteCalendar.ts'

loadDotEnv()
const app = await buildApp(loadConfig(), { logger: false })
try {
  await app.ready()
  const started = performance.now()
  const { stores, orders } = await rebuildSettledSales(app)
  console.log(`store_settled_sales: ${orders} settled orders in ${stores} stores (${Math.round(performance.now() - started)} ms)`)
  const daysStarted = performance.now()
  const days = await rebuildSalesDays(app, (await siteCalendar(app)).zone)
  console.log(`sales_days: ${days.orders} paid orders in ${days.days} store days, ${days.goods_days} goods days (${Math.round(performance.now() - daysStarted)} ms)`)
} finally {
  await app.close()
}
