// Money out: the shopper's ledger pages, the admin's adjustments, real-name and bank details, withdrawals (shopper,
// seller, admin review) and referral commissions.
import { z } from 'zod'
import * as zx from '../zx.ts'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../list.ts'
import { CASH_STATUS } from '../states.ts'
import { LEDGER_ACCOUNT } from '../ledger.ts'

const DAY_OR_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/

const paging = {
  page: zx.urlInt(1, 1000).default(1),
  per_page: zx
    .urlInt(1, Math.max(...PAGE_SIZES))
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(DEFAULT_PAGE_SIZE),
}
export const pageQuery = z.strictObject(paging)
export type PageQuery = z.infer<typeof pageQuery>

/** from,to: days (to counts whole) or times */
const dateRange = () =>
  z
    .string()
    .max(41)
    .transform((s) => s.split(','))
    .pipe(z.tuple([z.string().regex(DAY_OR_TIME), z.string().regex(DAY_OR_TIME)]))
    .optional()

/** GET /user/money_logs: one of the shopper's accounts (0 balance, 1 frozen funds, 2 points), newest first. */
export const moneyLogQuery = z.strictObject({
  ...paging,
  is_type: z.enum(['0', '1', '2']).transform(Number).default(LEDGER_ACCOUNT.money),
  created_at: dateRange(),
})
export type MoneyLogQuery = z.infer<typeof moneyLogQuery>

export type MoneyLogRow = {
  id: number
  /** the reason's label in the asker's language */
  name: string
  /** the reason (LEDGER_REASONS) */
  ename: string
  money: string
  after_money: string
  is_type: number
  info: string
  /** the order the row is about, when there is one (its id for the order page) */
  order_id: number | null
  created_at: string
}

/** POST /Admin/users/{id}/money (and /Admin/stores/{id}/money): a signed change with a reason. */
export const adjustBody = z
  .strictObject({
    is_type: zx.int().pipe(z.number().int().min(0).max(2)),
    /** + credit, − debit: money for balance and frozen funds, whole points for points */
    money: zx.money({ min: -99999999.99, max: 99999999.99 }).refine((s) => Number(s) !== 0, { message: 'not_zero' }),
    remark: zx.text(255, 1),
  })
  .superRefine((b, c) => {
    if (b.is_type === LEDGER_ACCOUNT.points && !/^-?\d+(\.0+)?$/.test(b.money)) c.addIssue({ code: 'custom', path: ['money'], message: 'valid.pointsWhole' })
  })
export type AdjustBody = z.infer<typeof adjustBody>

/** Real-name and bank details (user_checks). The card numbers are answered masked. */
export const checkBody = z.strictObject({
  name: zx.text(64, 1),
  /** ID card: 15 or 18 characters, the last possibly X */
  id_card: z.string().trim().regex(/^(\d{15}|\d{17}[\dXx])$/, { message: 'id_card' }),
  bank_name: zx.text(64, 1),
  /** bank card number: 12 to 19 digits */
  card_no: z.string().trim().regex(/^\d{12,19}$/, { message: 'card_no' }),
})
export type CheckBody = z.infer<typeof checkBody>
export type CheckAnswer = { name: string; id_card: string; bank_name: string; card_no: string } | null

/** A withdrawal's gross amount: what leaves the balance (the fee included). */
const cashAmount = () => zx.money({ min: 0.01, max: 99999999.99 })

/** POST /user/cashes: the payee comes from the shopper's real-name details. */
export const userCashBody = z.strictObject({ money: cashAmount(), remark: zx.text(255).default('') })
/** POST /Seller/cashes: the store types the payee in. */
export const sellerCashBody = z.strictObject({
  money: cashAmount(),
  name: zx.text(64, 1),
  bank_name: zx.text(64, 1),
  card_no: z.string().trim().regex(/^\d{12,19}$/, { message: 'card_no' }),
  remark: zx.text(255).default(''),
})
export type UserCashBody = z.infer<typeof userCashBody>
export type SellerCashBody = z.infer<typeof sellerCashBody>

/** PUT /Admin/cashes/{id}: pay out (1) or refuse (2, a reason required). */
export const cashReviewBody = z
  .strictObject({
    cash_status: zx.int().pipe(z.union([z.literal(CASH_STATUS.PAID), z.literal(CASH_STATUS.REFUSED)])),
    refuse_info: zx.text(255).default(''),
  })
  .superRefine((b, c) => {
    if (b.cash_status === CASH_STATUS.REFUSED && !b.refuse_info) c.addIssue({ code: 'custom', path: ['refuse_info'], message: 'valid.refuseInfo' })
  })
export type CashReviewBody = z.infer<typeof cashReviewBody>

export type CashRow = {
  id: number
  /** the gross amount asked for (paid out + fee) */
  amount: string
  /** paid out: the amount less the fee */
  money: string
  /** the fee */
  commission: string
  cash_status: number
  refuse_info: string
  name: string
  bank_name: string
  card_no: string
  remark: string
  created_at: string
  updated_at: string
}

/** GET /user/distributions?lev=1|2|3: the shopper's members at that level. */
export const membersQuery = z.strictObject({ ...paging, lev: z.enum(['1', '2', '3']).transform(Number).default(1) })
export type MembersQuery = z.infer<typeof membersQuery>

/** GET /user/distribution_logs?status=0|1|2: pending (not settled yet), credited, or cancelled commissions. */
export const distributionLogQuery = z.strictObject({ ...paging, status: z.enum(['0', '1', '2']).transform(Number).default(1) })
export type DistributionLogQuery = z.infer<typeof distributionLogQuery>
