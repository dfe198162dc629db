// The read-only lists of settlements, ledger rows and payments. Sellers see their own store's only: the store column
// (order_settlements.store_id, money_logs.user_id of a store-ledger row) is set from the actor, never from the request.
import { LEDGER_OWNER } from '@qshop/shared'
import * as admin from '@qshop/shared/resources/admin/settlement'
import * as seller from '@qshop/shared/resources/seller/settlement'
import type { Infra } from '../../core/infra.ts'
import { Prisma } from '../../core/db/index.ts'
import type { ServerResource } from '../../core/resource.ts'

type Row = Parameters<NonNullable<ServerResource['present']>>[1][number]

/** Adds each settlement's order number. */
function withOrderNo(app: Infra) {
  return async (_req: unknown, rows: Row[]) => {
    if (!rows.length) return rows
    const orders = await app.db.$queryRaw<{ id: number; order_no: string }[]>`SELECT id, order_no FROM orders WHERE id IN (${Prisma.join(rows.map((r) => Number(r.order_id)))})`
    const numbers = new Map(orders.map((o) => [o.id, o.order_no]))
    return rows.map((r) => ({ ...r, order_no: numbers.get(Number(r.order_id)) ?? '' }))
  }
}

export function sellerSettlementResources(app: Infra): ServerResource[] {
  return [
    { decl: seller.sellerSettlements, model: 'order_settlements', storeColumn: 'store_id', present: withOrderNo(app), presentOnWire: true },
    { decl: seller.sellerMoneyLogs, model: 'money_logs', storeColumn: 'user_id', scope: () => ({ is_belong: LEDGER_OWNER.store }) },
  ]
}

export function adminSettlementResources(app: Infra): ServerResource[] {
  return [
    { decl: admin.adminSettlements, model: 'order_settlements', present: withOrderNo(app), presentOnWire: true },
    { decl: admin.adminMoneyLogs, model: 'money_logs' },
    { decl: admin.orderPays, model: 'order_pays' },
  ]
}
