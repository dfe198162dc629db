// A shopper's real-name and bank details (user_checks), which a shopper's withdrawal is paid to. Answered masked: the
// ID card in id_card (stored in user_checks.card_no) and the bank card in card_no (stored in user_checks.bank_no).
import type { CheckAnswer, CheckBody } from '@qshop/shared/schemas/funds'
import type { Infra } from '../../core/infra.ts'
import type { RequestContext } from '../../core/context.ts'
import { inShopperUnit } from '../../core/shopperLock.ts'
import { mask } from './owner.ts'

type Row = { name: string; card_no: string; bank_no: string; bank_name: string }
const present = (row: Row | null): CheckAnswer =>
  row && { name: row.name, id_card: mask(row.card_no), bank_name: row.bank_name, card_no: mask(row.bank_no) }

export async function readCheck(app: Infra, userId: number): Promise<CheckAnswer> {
  return present(await app.db.user_checks.findUnique({ where: { user_id: userId }, select: { name: true, card_no: true, bank_no: true, bank_name: true } }))
}

export async function saveCheck(app: Infra, ctx: RequestContext, body: CheckBody): Promise<CheckAnswer> {
  const data = { name: body.name, card_no: body.id_card.toUpperCase(), bank_name: body.bank_name, bank_no: body.card_no }
  return inShopperUnit(app, ctx, async (tx, userId) =>
    present(await tx.user_checks.upsert({ where: { user_id: userId }, create: { user_id: userId, ...data }, update: data, select: { name: true, card_no: true, bank_no: true, bank_name: true } })),
  )
}
