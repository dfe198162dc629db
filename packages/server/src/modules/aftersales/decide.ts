// Every change of a request after it was opened, each one guarded change of refund_verify or refund_step
// (core/transition.ts with REFUND_VERIFY_FLOW / REFUND_STEP_FLOW) whose row count decides, in one unit with what
// follows from it: the shopper withdraws a pending request, ships a return, takes a refusal to arbitration; the seller
// (or, past the deadline, the auto-agree job) agrees or refuses, and confirms returned goods; the admin arbitrates, and
// closes any request whose money has not started back. Who may act is part of the guarded change's WHERE (user_id,
// store_id): another's request is 404.
import { REFUND_CLOSABLE, REFUND_STEP, REFUND_STEP_FLOW, REFUND_TYPE, REFUND_VERIFY, REFUND_VERIFY_FLOW, type MessageKey } from '@qshop/shared'
import type { Columns, Conditions } from '../../core/transition.ts'
import { transition } from '../../core/transition.ts'
import { readGroupConfig } from '../../core/configs.ts'
import { businessError, notFound } from '../../core/errors.ts'
import { isDuplicateKey } from '../../core/db/index.ts'
import { runUnit, type Tx, type Unit, type UnitInfra } from '../../core/unitOfWork.ts'
import type { Infra } from '../../core/infra.ts'
import { checkStillFits, closeRequest, payBack } from './payback.ts'
import { scheduleReturnClose } from './returnCloseJob.ts'

const V = REFUND_VERIFY
const S = REFUND_STEP
const DAY_MS = 86_400_000

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

export type Outcome = 'done' | 'refunding' | 'agreed' | 'refused' | 'closed' | 'withdrawn' | 'shipped' | 'arbitrating'

/** How long the shopper has to ship back an agreed return (task.return_ship_days), read before the unit. */
async function returnShipDays(infra: Infra): Promise<number> {
  return Number((await readGroupConfig(infra, 'task')).return_ship_days)
}

/** The request is agreed (by the seller, the job or the admin): a money-only request starts its money back now; a
 *  return waits for the shopper's shipment, for `shipDays` at most. Either must still fit what is left of its lines. */
async function afterAgree(tx: Tx, unit: Unit, id: number, shipDays: number): Promise<Outcome> {
  const r = await requestOf(tx, id)
  if (r.refund_type !== REFUND_TYPE.GOODS) return payBack(tx, unit, id, S.AWAIT_BUYER_SHIPMENT)
  await checkStillFits(tx, id, r.order_id)
  const deadline = new Date(Date.now() + shipDays * DAY_MS)
  await tx.refunds.updateMany({ where: { id }, data: { ship_deadline: deadline } })
  await scheduleReturnClose(unit, id, deadline)
  return 'agreed'
}

/** Seller agrees a pending request of the store (or `party` {} with `dueAt`: the auto-agree job, once due). */
export async function agreeRequest(infra: Infra, id: number, party: Party, opts: { dueAt?: Date } = {}): Promise<Outcome | 'not_due'> {
  const shipDays = await returnShipDays(infra)
  return runUnit(infra, { label: `refund-agree ${id}` }, async (tx, unit) => {
    const where: Conditions = { ...party }
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
    return afterAgree(tx, unit, id, shipDays)
  })
}

export function refuseRequest(infra: UnitInfra, id: number, storeId: number, remark: string): Promise<Outcome> {
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
export function confirmReturned(infra: Infra, id: number, storeId: number): Promise<Outcome> {
  return runUnit(infra, { label: `refund-confirm ${id}` }, async (tx, unit) => {
    const party = { store_id: storeId }
    const [row] = await tx.$queryRaw<{ refund_step: number; refund_verify: number; refund_type: number }[]>`SELECT refund_step, refund_verify, refund_type
      FROM refunds WHERE id = ${id} AND store_id = ${storeId} FOR UPDATE`
    if (!row) throw notFound()
    if (row.refund_type !== REFUND_TYPE.GOODS || row.refund_verify !== V.AGREED || row.refund_step !== S.AWAIT_SELLER) return refusal(tx, id, party)
    return payBack(tx, unit, id, S.AWAIT_SELLER)
  })
}

export function withdrawRequest(infra: UnitInfra, id: number, userId: number): Promise<Outcome> {
  return runUnit(infra, { label: `refund-withdraw ${id}` }, async (tx) => {
    const party = { user_id: userId }
    if (!(await transition(tx, REFUND_VERIFY_FLOW, id, { from: V.PENDING, to: V.CLOSED }, { where: party }))) return refusal(tx, id, party)
    await closeRequest(tx, id, (await requestOf(tx, id)).order_id)
    return 'withdrawn' as const
  })
}

/** The shopper ships an agreed return (step 0 → 1) with a carrier of `expresses` and its tracking number. */
export function shipReturn(infra: UnitInfra, id: number, userId: number, body: { delivery_code: string; delivery_no: string }): Promise<Outcome> {
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
 * be settled yet, holding its lines, which must not be in another open request meanwhile, and still fitting what is
 * left to refund of them (another request may have refunded some of the same units since the refusal).
 */
export function askArbitration(infra: UnitInfra, id: number, userId: number, remark: string): Promise<Outcome> {
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
      if (isDuplicateKey(err)) throw businessError('msg.refundLineOpen')
      throw err
    }
    await checkStillFits(tx, id, r.order_id)
    return 'arbitrating' as const
  })
}

/** The admin decides an arbitrated request: agree (as the seller would have) or close it, with a remark. */
export async function arbitrate(infra: Infra, id: number, adminId: number, decision: 'agree' | 'close', remark: string): Promise<Outcome> {
  const shipDays = await returnShipDays(infra)
  return runUnit(infra, { label: `refund-arbitration ${id}` }, async (tx, unit) => {
    const agree = decision === 'agree'
    const data: Columns = agree ? { admin_remark: remark } : { admin_remark: remark, closed_by: adminId, closed_at: new Date() }
    if (!(await transition(tx, REFUND_VERIFY_FLOW, id, { from: V.ARBITRATING, to: agree ? V.AGREED : V.CLOSED }, { data }))) return refusal(tx, id, {})
    if (agree) return afterAgree(tx, unit, id, shipDays)
    await closeRequest(tx, id, (await requestOf(tx, id)).order_id)
    return 'closed' as const
  })
}

/**
 * The admin closes an open request whose money has not started back (REFUND_CLOSABLE: pending, in arbitration, or an
 * agreed return not yet confirmed; a refunding request is the gateway's to finish), saying why; who and when are kept
 * on the row.
 */
export function closeRequestByAdmin(infra: UnitInfra, id: number, adminId: number, remark: string): Promise<Outcome> {
  return runUnit(infra, { label: `refund-close ${id}` }, async (tx) => {
    const closed = await transition(tx, REFUND_VERIFY_FLOW, id, { from: REFUND_CLOSABLE.verify, to: V.CLOSED }, {
      where: { refund_step: REFUND_CLOSABLE.step },
      data: { admin_remark: remark, closed_by: adminId, closed_at: new Date() },
    })
    if (!closed) return refusal(tx, id, {})
    await closeRequest(tx, id, (await requestOf(tx, id)).order_id)
    return 'closed' as const
  })
}
