// The back-office lists of withdrawals and of the admins' adjustments (read-only). A store sees its own withdrawals
// only (store_id from the actor), its card numbers masked; the admin, who pays them, sees them whole.
import * as admin from '@qshop/shared/resources/admin/funds'
import * as seller from '@qshop/shared/resources/seller/funds'
import type { ServerResource } from '../../core/resource.ts'
import { mask } from './owner.ts'

export const sellerFundsResources = (): ServerResource[] => [
  {
    decl: seller.sellerCashes,
    model: 'cashes',
    storeColumn: 'store_id',
    present: async (_req, rows) => rows.map((r) => ({ ...r, card_no: mask(String(r.card_no ?? '')) })),
  },
]

export const adminFundsResources = (): ServerResource[] => [
  { decl: admin.adminCashes, model: 'cashes' },
  { decl: admin.adminMoneyAdjustments, model: 'money_adjustments' },
]
