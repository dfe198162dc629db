// The dashboard a back office opens on: sales now and before, what waits on someone, the last days and the best sellers.
import { OVERVIEW_DAYS, OVERVIEW_TOP, REPORT_DEFAULT_DAYS, type AdminTodo, type DashboardOverview, type SellerTodo } from '@qshop/shared/schemas/dashboard'
import type { Infra } from '../../core/infra.ts'
import { lastDays } from '../../core/reportPeriod.ts'
import { siteCalendar } from '../../core/siteCalendar.ts'
import { salesFigures, salesSeries, salesSource, topGoods } from './sales.ts'
import { adminTodo, sellerTodo } from './todo.ts'

async function overview<Todo>(app: Infra, storeId: number | null, todo: Promise<Todo>, now: Date): Promise<DashboardOverview<Todo>> {
  const cal = await siteCalendar(app)
  const source = await salesSource(app, cal)
  const [figures, recent, top_goods, todos] = await Promise.all([
    salesFigures(app, source, storeId, now),
    salesSeries(app, source, cal, storeId, lastDays(cal, OVERVIEW_DAYS, now), 'day'),
    topGoods(app, source, cal, storeId, lastDays(cal, REPORT_DEFAULT_DAYS, now), OVERVIEW_TOP),
    todo,
  ])
  return { ...figures, todo: todos, recent, top_goods }
}

/** A store's overview (GET /api/Seller/dashboard). */
export const storeOverview = (app: Infra, storeId: number, now = new Date()): Promise<DashboardOverview<SellerTodo>> =>
  overview(app, storeId, sellerTodo(app, storeId), now)

/** The platform's overview (GET /api/Admin/dashboard). */
export const platformOverview = (app: Infra, now = new Date()): Promise<DashboardOverview<AdminTodo>> => overview(app, null, adminTodo(app), now)
