// Every change of a request after it was opened, each one guarded change of refund_verify or refund_step
// (core/transition.ts with REFUND_VERIFY_FLOW / REFUND_STEP_FLOW) whose row count decides, in one unit with what
// follows from it: the shopper withdraws a pending request, ships a return, takes a refusal to arbitration; the seller
// (or, past the deadline, the auto-agree job) agrees or refuses, and confirms returned goods; the admin arbitrates.
// Who may act is part of the guarded change's WHERE (user_id, store_id): another's request is 404.
import { REFUND_STEP, REFUND_STEP_FLOW, REFUND_TYPE, REFUND_VERIFY, REFUND_VERIFY_FLOW, type MessageKey } from '@qshop/shared'
import type { Columns } from '../../core/transition.ts'
import { transition } from '../../core/transition.ts'
import { businessError, notFound } from '../../core/errors.ts'
import { runUnit, type Tx, type Unit } from '../../core/unitOfWork.ts'
import { closeRequest, payBack, type PaybackInfra } from './payback.ts'

const V = REFUND_VERIFY
const S = REFUND_STEP

/** Who acts: the shopper (user_id), the seller (store_id), the admin or the job (nobody's in particular). */
export type Party = { user_id: number } | { store_id: number } | Record<string, never>

/** After a guarded change found nothing: 404 when the request is not the party's, 402 when its state moved on. */
async function refusal(tx: Tx, id: number, party: Party, key: MessageKey = 'msg.refundStateChanged'): Promise<never> {
  const row = await tx.refunds.findFirst({ where: { id, ...party }, select: { id: true } })
  if (!row) throw notFound()
  throw businessError(key)
}

const requestOf = (tx: Tx, id: number) =>
  tx.refunds.findUniqueOrThrow({ where: { id }, select: { id: true, order_id: true, refund_type: true } })

export type Outcome = 'done' | 'pending' | 'agreed' | 'refused' | 'closed' | 'withdrawn' | 'shipped' | 'arbitrating'

/** The request is agreed (by the seller, the job or the admin): a money-only request is refunded now, a return waits
 *  for the shopper's shipment. */
async function afterAgree(tx: Tx, unit: Unit, id: number): Promise<Outcome> {
  const r = await requestOf(tx, id)
  if (r.refund_type === REFUND_TYPE.GOODS) return 'agreed'
  return payBack(tx, unit, id, { fromStep: S.AWAIT_BUYER_SHIPMENT, returned: false })
}

/** Seller agrees a pending request of the store (or `party` {} with `dueAt`: the auto-agree job, once due). */
export function agreeRequest(infra: PaybackInfra, id: number, party: Party, opts: { dueAt?: Date } = {}): Promise<Outcome | 'not_due'> {
  return runUnit(infra, { label: `refund-agree ${id}` }, async (tx, unit) => {
    const where: Columns = { ...party }
    if (opts.dueAt) {
      const row = await tx.refunds.findFirst({ where: { id }, select: { agree_deadline: true, refund_verify: true } })
      if (!row) return 'not_due'
      if (row.refund_verify !== V.PENDING || !row.agree_deadline || row.agree_deadline > opts.dueAt) return 'not_due'
    }
    const agreed = await transition(tx, REFUND_VERIFY_FLOW, id, { from: V.PENDING, to: V.AGREED }, { where })
    if (!agreed) {
      if (opts.dueAt) return 'not_due'
      return refusal(tx, id, party)
    }
    return afterAgree(tx, unit, id)
  })
}

export function refuseRequest(infra: PaybackInfra, id: number, storeId: number, remark: string): Promise<Outcome> {
  return runUnit(infra, { label: `refund-refuse ${id}` }, async (tx) => {
    const party = { store_id: storeId }
    if (!(await transition(tx, REFUND_VERIFY_FLOW, id, { from: V.PENDING, to: V.REFUSED }, { where: party, data: { refuse_remark: remark } }))) return refusal(tx, id, party)
    const r = await requestOf(tx, id)
    // A refusal closes the request: the order may settle unless the shopper takes it to arbitration first.
    await closeRequest(tx, id, r.order_id)
    return 'refused' as const
  })
}

/** The seller confirms the returned goods arrived: the money goes back and the goods return to stock. */
export function confirmReturned(infra: PaybackInfra, id: number, storeId: number): Promise<Outcome> {
  return runUnit(infra, { label: `refund-confirm ${id}` }, async (tx, unit) => {
    const party = { store_id: storeId }
    const [row] = await tx.$queryRaw<{ refund_step: number; refund_verify: number; refund_type: number }[]>`SELECT refund_step, refund_verify, refund_type
      FROM refunds WHERE id = ${id} AND store_id = ${storeId} FOR UPDATE`
    if (!row) throw notFound()
    if (row.refund_type !== REFUND_TYPE.GOODS || row.refund_verify !== V.AGREED || row.refund_step !== S.AWAIT_SELLER) return refusal(tx, id, party)
    return payBack(tx, unit, id, { fromStep: S.AWAIT_SELLER, returned: true })
  })
}

export function withdrawRequest(infra: PaybackInfra, id: number, userId: number): Promise<Outcome> {
  return runUnit(infra, { label: `refund-withdraw ${id}` }, async (tx) => {
    const party = { user_id: userId }
    if (!(await transition(tx, REFUND_VERIFY_FLOW, id, { from: V.PENDING, to: V.CLOSED }, { where: party }))) return refusal(tx, id, party)
    await closeRequest(tx, id, (await requestOf(tx, id)).order_id)
    return 'withdrawn' as const
  })
}

/** The shopper ships an agreed return (step 0 → 1) with a carrier of `expresses` and its tracking number. */
export function shipReturn(infra: PaybackInfra, id: number, userId: number, body: { delivery_code: string; delivery_no: string }): Promise<Outcome> {
  return runUnit(infra, { label: `refund-ship ${id}` }, async (tx) => {
    const party = { user_id: userId }
    if (!(await tx.refunds.findFirst({ where: { id, ...party }, select: { id: true } }))) throw notFound()
    if (!(await tx.expresses.findUnique({ where: { code: body.delivery_code }, select: { id: true } }))) throw businessError('msg.refundExpressUnknown')
    const shipped = await transition(tx, REFUND_STEP_FLOW, id, { from: S.AWAIT_BUYER_SHIPMENT, to: S.AWAIT_SELLER }, {
      where: { ...party, refund_type: REFUND_TYPE.GOODS, refund_verify: V.AGREED },
      data: { delivery_code: body.delivery_code, delivery_no: body.delivery_no },
    })
    if (!shipped) return refusal(tx, id, party)
    return 'shipped' as const
  })
}

/**
 * The shopper takes a refusal to the admin (2 → 3): the request is open again — counted on its order, which must not
 * be settled yet, and holding its lines, which must not be in another open request meanwhile.
 */
export function askArbitration(infra: PaybackInfra, id: number, userId: number, remark: string): Promise<Outcome> {
  return runUnit(infra, { label: `refund-arbitrate ${id}` }, async (tx) => {
    const party = { user_id: userId }
    if (!(await transition(tx, REFUND_VERIFY_FLOW, id, { from: V.REFUSED, to: V.ARBITRATING }, { where: party, data: { arbitration_remark: remark } })))
      return refusal(tx, id, party)
    const r = await requestOf(tx, id)
    const reopened = await tx.$executeRaw`UPDATE orders FORCE INDEX (PRIMARY) SET open_refunds = open_refunds + 1, refund_status = ${r.refund_type},
      updated_at = CURRENT_TIMESTAMP(3) WHERE id = ${r.order_id} AND is_settlement = 0`
    if (!reopened) throw businessError('msg.refundSettled')
    try {
      await tx.$executeRaw`UPDATE refund_goods SET open_line = order_goods_id WHERE refund_id = ${id}`
    } catch (err) {
      if ((err as { code?: string }).code === 'P2002' || /Duplicate entry/.test(String((err as Error).message))) throw businessError('msg.refundLineOpen')
      throw err
    }
    return 'arbitrating' as const
  })
}

/** The admin decides an arbitrated request: agree (as the seller would have) or close it, with a remark. */
export function arbitrate(infra: PaybackInfra, id: number, decision: 'agree' | 'close', remark: string): Promise<Outcome> {
  return runUnit(infra, { label: `refund-arbitration ${id}` }, async (tx, unit) => {
    const to = decision === 'agree' ? V.AGREED : V.CLOSED
    if (!(await transition(tx, REFUND_VERIFY_FLOW, id, { from: V.ARBITRATING, to }, { data: { admin_remark: remark } }))) return refusal(tx, id, {})
    if (decision === 'agree') return afterAgree(tx, unit, id)
    await closeRequest(tx, id, (await requestOf(tx, id)).order_id)
    return 'closed' as const
  })
}

