// Each store's settled sales (store_settled_sales): the orders settled and their total_price − refund_money, added in
// the settlement's unit. A settled order's sales are final — an after-sales request opens only before settlement
// (modules/aftersales/eligibility.ts) and a paid order never leaves the paid statuses — so the dashboards' all-time
// sales are these plus the paid orders not settled yet (modules/dashboard/sales.ts), instead of every paid order
// summed on each look (a million of them: bench/lists.ts). `pnpm db:rebuild-sales` rebuilds the rows from the orders.
import { SETTLEMENT_STATUS, fromCents } from '@qshop/shared'
import { Prisma } from '../../core/db/index.ts'
import { runUnit, type Tx, type UnitInfra } from '../../core/unitOfWork.ts'

/** Adds a settled order to its store's row (inside the settlement's unit). */
export async function addSettledSale(tx: Tx, storeId: number, salesCents: number): Promise<void> {
  await tx.$executeRaw`INSERT INTO store_settled_sales (store_id, orders, sales) VALUES (${storeId}, 1, ${fromCents(salesCents)})
    ON DUPLICATE KEY UPDATE orders = orders + 1, sales = sales + VALUES(sales), updated_at = CURRENT_TIMESTAMP(3)`
}

/** The settled sales of one store, or (storeId null) of every store, as an SQL expression (a DECIMAL, 0 when none). */
export const settledSalesSql = (storeId: number | null) =>
  Prisma.sql`(SELECT COALESCE(SUM(ss.sales), 0) FROM store_settled_sales ss${storeId === null ? Prisma.empty : Prisma.sql` WHERE ss.store_id = ${storeId}`})`

/**
 * Rebuilds every store's row from the settled orders, in one unit: INSERT … SELECT reads the settled orders with
 * shared locks, so a settlement committing meanwhile is either counted or waits. Answers the stores and orders counted.
 */
export async function rebuildSettledSales(infra: UnitInfra): Promise<{ stores: number; orders: number }> {
  // Reading every settled order takes longer than a request's unit may (a minute and more on a million orders).
  return runUnit(infra, { label: 'rebuild store_settled_sales', timeoutMs: 600_000 }, async (tx) => {
    await tx.$executeRaw`DELETE FROM store_settled_sales`
    await tx.$executeRaw`INSERT INTO store_settled_sales (store_id, orders, sales)
      SELECT store_id, COUNT(*), SUM(total_price - refund_money) FROM orders WHERE is_settlement = ${SETTLEMENT_STATUS.SETTLED} GROUP BY store_id`
    const [row] = await tx.$queryRaw<{ stores: unknown; orders: unknown }[]>`SELECT COUNT(*) AS stores, COALESCE(SUM(orders), 0) AS orders FROM store_settled_sales`
    return { stores: Number(row.stores), orders: Number(row.orders) }
  })
}
