// An admin's manual change of a shopper's balance, frozen funds or points, or of a store's money or frozen funds:
// one ledger posting (reason "system", never below zero: the ledger refuses) and its audit row in money_adjustments
// (who, whom, how much, why), written in the same unit. No route edits or deletes the audit rows.
import { LEDGER_ACCOUNT, LEDGER_OWNER, toCents, translate, type LedgerAccount } from '@qshop/shared'
import type { AdjustBody } from '@qshop/shared/schemas/funds'
import type { Infra } from '../../core/infra.ts'
import type { RequestContext } from '../../core/context.ts'
import { invalid } from '../../core/errors.ts'
import { idempotent } from '../../core/idempotency.ts'
import { post } from '../../core/ledger.ts'
import { lockOwner, type Owner } from './owner.ts'

const ACCOUNTS = Object.fromEntries(Object.entries(LEDGER_ACCOUNT).map(([k, v]) => [v, k])) as Record<number, LedgerAccount>

export async function adjustFunds(app: Infra, ctx: RequestContext, owner: Owner, key: string, body: AdjustBody) {
  const account = ACCOUNTS[body.is_type]
  if (owner.kind === 'store' && account === 'points') throw invalid({ is_type: translate(ctx.locale, 'valid.storeNoPoints') })
  const amount = account === 'points' ? Math.trunc(Number(body.money)) : toCents(body.money)
  const adminId = ctx.actor!.id
  const request = { area: 'admin_adjust', ownerId: adminId, key, request: { owner, body } }
  const { answer } = await idempotent(app, ctx, request, async (tx) => {
    await lockOwner(tx, owner)
    const audit = await tx.money_adjustments.create({
      data: { admin_id: adminId, is_belong: LEDGER_OWNER[owner.kind], user_id: owner.id, is_type: body.is_type, money: body.money, remark: body.remark },
      select: { id: true },
    })
    const posting = await post(tx, {
      owner, account, amount, reason: 'system', source: { type: 'admin', id: audit.id }, idemKey: `adjust:${audit.id}`, info: body.remark.slice(0, 255),
    })
    await tx.money_adjustments.update({ where: { id: audit.id }, data: { money_log_id: posting.id }, select: { id: true } })
    return { id: audit.id, money_log_id: posting.id }
  })
  return answer
}
