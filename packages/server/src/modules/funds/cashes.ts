// Withdrawals (docs/money-out.md). Asking moves the amount from the owner's balance to its frozen funds; the admin's
// payout takes it from the frozen funds; a refusal (admin) or a cancel (the owner) gives it back. Each step is one
// unit: the guarded change of cash_status (CASH_FLOW) decides, and only the unit that made it posts to the ledger, so
// a withdrawal is paid, refused or cancelled once whatever races. The ledger's guarded debit keeps a balance from
// going below zero, so concurrent requests never overdraw; the day's count is taken under the owner's row lock.
import { CASH_FLOW, CASH_STATUS, Code, decimalToCents, fromCents, percentOf, toCents, type LedgerReason } from '@qshop/shared'
import type { CashReviewBody, CashRow, PageQuery, SellerCashBody, UserCashBody } from '@qshop/shared/schemas/funds'
import type { Infra } from '../../core/infra.ts'
import type { Prisma } from '../../core/db/index.ts'
import type { RequestContext } from '../../core/context.ts'
import { AppError, businessError, notFound } from '../../core/errors.ts'
import { readGroupConfig } from '../../core/configs.ts'
import { siteCalendar } from '../../core/siteCalendar.ts'
import { idempotent } from '../../core/idempotency.ts'
import { post } from '../../core/ledger.ts'
import { transition } from '../../core/transition.ts'
import { runUnit, type Tx, type UnitOptions } from '../../core/unitOfWork.ts'
import { lockOwner, mask, ownerColumn, type Owner } from './owner.ts'

/** After the owner's lock, reads see what the owner's previous request committed. */
const OWNER_UNIT: UnitOptions = { isolation: 'ReadCommitted' }

const CASH_SELECT = {
  id: true, user_id: true, store_id: true, money: true, commission: true, cash_status: true, refuse_info: true,
  name: true, bank_name: true, card_no: true, remark: true, created_at: true, updated_at: true,
} as const

type StoredCash = {
  id: number; user_id: number | null; store_id: number | null; money: Prisma.Decimal; commission: Prisma.Decimal
  cash_status: number; refuse_info: string; name: string; bank_name: string; card_no: string; remark: string; created_at: Date; updated_at: Date
}

const grossOf = (row: Pick<StoredCash, 'money' | 'commission'>) => decimalToCents(row.money) + decimalToCents(row.commission)

/** The owner sees the card masked; the admin, who pays it, sees it whole. */
export function presentCash(row: StoredCash, opts: { masked: boolean }): CashRow & { user_id: number | null; store_id: number | null } {
  return {
    id: row.id, user_id: row.user_id, store_id: row.store_id,
    amount: fromCents(grossOf(row)), money: row.money.toFixed(2), commission: row.commission.toFixed(2),
    cash_status: row.cash_status, refuse_info: row.refuse_info, name: row.name, bank_name: row.bank_name,
    card_no: opts.masked ? mask(row.card_no) : row.card_no, remark: row.remark,
    created_at: row.created_at as unknown as string, updated_at: row.updated_at as unknown as string,
  }
}

type Payee = { name: string; bank_name: string; card_no: string }

/**
 * Asks for a withdrawal of `money` (the gross amount: the fee is taken from it) for the owner, paid to `payee` (a
 * shopper's: the real-name details). Idempotent per owner and key.
 */
export async function requestCash(app: Infra, ctx: RequestContext, owner: Owner, key: string, body: UserCashBody | SellerCashBody) {
  const config = await readGroupConfig(app, 'store')
  const amount = toCents(body.money)
  const min = String(config.cash_min)
  if (amount < toCents(min)) throw new AppError(Code.BUSINESS, 'msg.cashBelowMin', null, { min })
  const fee = percentOf(amount, String(config.cash))
  const limit = Number(config.cash_daily_limit)
  // The daily count is of the site's day.
  const cal = await siteCalendar(app)
  const request = { area: `${owner.kind}_cash`, ownerId: owner.id, key, request: body }
  const { answer } = await idempotent(app, ctx, request, async (tx) => {
    await lockOwner(tx, owner)
    const payee = await payeeOf(tx, owner, body)
    const today = await tx.cashes.count({ where: { ...ownerColumn(owner), created_at: { gte: cal.dayStart(new Date()) } } })
    if (today >= limit) throw new AppError(Code.BUSINESS, 'msg.cashDailyLimit', null, { max: limit })
    const row = await tx.cashes.create({
      data: { ...ownerColumn(owner), ...payee, money: fromCents(amount - fee), commission: fromCents(fee), remark: body.remark, cash_status: CASH_STATUS.PENDING },
      select: CASH_SELECT,
    })
    const source = { type: 'cash' as const, id: row.id }
    const reason: LedgerReason = owner.kind === 'user' ? 'withdraw' : 'store_withdraw'
    // The debit first: a short balance refuses it, and the unit (the row with it) rolls back.
    await post(tx, { owner, account: 'money', amount: -amount, reason, source, idemKey: `cash:${row.id}` })
    await post(tx, { owner, account: 'frozen', amount, reason, source, idemKey: `cash:${row.id}` })
    return presentCash(row, { masked: true })
  }, OWNER_UNIT)
  return answer
}

async function payeeOf(tx: Tx, owner: Owner, body: UserCashBody | SellerCashBody): Promise<Payee> {
  if (owner.kind === 'store') {
    const b = body as SellerCashBody
    return { name: b.name, bank_name: b.bank_name, card_no: b.card_no }
  }
  const check = await tx.user_checks.findUnique({ where: { user_id: owner.id }, select: { name: true, bank_name: true, bank_no: true } })
  if (!check) throw businessError('msg.checkRequired')
  return { name: check.name, bank_name: check.bank_name, card_no: check.bank_no }
}

/** What each end of a pending withdrawal does to the money: the frozen funds always go; refused or cancelled, back to the balance. */
const ENDS = {
  [CASH_STATUS.PAID]: { reason: 'withdraw_paid', back: false, tag: 'paid' },
  [CASH_STATUS.REFUSED]: { reason: 'withdraw_refused', back: true, tag: 'refused' },
  [CASH_STATUS.CANCELLED]: { reason: 'withdraw_cancelled', back: true, tag: 'cancelled' },
} as const satisfies Record<number, { reason: LedgerReason; back: boolean; tag: string }>

type End = keyof typeof ENDS

/**
 * Ends the pending withdrawal `id` (of `owner` only, when given: another owner's is not found). A withdrawal no longer
 * pending is refused (402) with nothing moved.
 */
async function endCash(app: Infra, id: number, to: End, opts: { owner?: Owner; refuseInfo?: string }) {
  return runUnit(app, { label: `cash ${id} → ${to}` }, async (tx) => {
    const [row] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM cashes FORCE INDEX (PRIMARY) WHERE id = ${id} FOR UPDATE`
    const cash = row && (await tx.cashes.findFirst({ where: { id, ...(opts.owner ? ownerColumn(opts.owner) : {}) }, select: CASH_SELECT }))
    if (!cash) throw notFound()
    const changed = await transition(tx, CASH_FLOW, id, { from: CASH_STATUS.PENDING, to }, { data: opts.refuseInfo !== undefined ? { refuse_info: opts.refuseInfo } : {} })
    if (!changed) throw businessError('msg.cashNotPending')
    const owner: Owner = cash.user_id ? { kind: 'user', id: cash.user_id } : { kind: 'store', id: cash.store_id! }
    const end = ENDS[to]
    const gross = grossOf(cash)
    const source = { type: 'cash' as const, id }
    await post(tx, { owner, account: 'frozen', amount: -gross, reason: end.reason, source, idemKey: `cash:${id}:${end.tag}` })
    if (end.back) await post(tx, { owner, account: 'money', amount: gross, reason: end.reason, source, idemKey: `cash:${id}:${end.tag}` })
    return (await tx.cashes.findUniqueOrThrow({ where: { id }, select: CASH_SELECT })) as StoredCash
  })
}

/** The admin pays out (1) or refuses (2, with the reason). */
export async function reviewCash(app: Infra, id: number, body: CashReviewBody) {
  const to = body.cash_status as End
  return presentCash(await endCash(app, id, to, { refuseInfo: to === CASH_STATUS.REFUSED ? body.refuse_info : undefined }), { masked: false })
}

/** The owner takes back its own pending withdrawal. */
export async function cancelCash(app: Infra, owner: Owner, id: number) {
  return presentCash(await endCash(app, id, CASH_STATUS.CANCELLED, { owner }), { masked: true })
}

/** The owner's withdrawals, newest first. */
export async function listOwnCashes(app: Infra, owner: Owner, q: PageQuery) {
  const where = ownerColumn(owner)
  const [total, rows] = await Promise.all([
    app.db.cashes.count({ where }),
    app.db.cashes.findMany({ where, select: CASH_SELECT, orderBy: [{ id: 'desc' }], skip: (q.page - 1) * q.per_page, take: q.per_page }),
  ])
  return {
    data: rows.map((r) => presentCash(r as StoredCash, { masked: true })),
    count: rows.length, total, per_page: q.per_page, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page,
  }
}

export async function readOwnCash(app: Infra, owner: Owner, id: number) {
  const row = await app.db.cashes.findFirst({ where: { id, ...ownerColumn(owner) }, select: CASH_SELECT })
  if (!row) throw notFound()
  return presentCash(row as StoredCash, { masked: true })
}
