// Rules that span a shopper's rows — at most N cart lines or addresses, one default address, one cart line per goods
// and SKU that later adds merge into — hold only if two requests of the same shopper cannot interleave. A unit that
// writes such rows first locks the shopper's users row: requests of one shopper then run one after the other, those of
// different shoppers never wait for each other. Such units run READ COMMITTED (SHOPPER_UNIT), so what they read after
// the lock is what the previous request of the shopper committed.
import type { RequestContext } from './context.ts'
import { notFound } from './errors.ts'
import { inUnit, type Tx, type UnitInfra, type UnitOptions } from './unitOfWork.ts'

export const SHOPPER_UNIT: UnitOptions = { isolation: 'ReadCommitted' }

export async function lockShopper(tx: Tx, userId: number): Promise<void> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM users FORCE INDEX (PRIMARY) WHERE id = ${userId} FOR UPDATE`
  if (!rows.length) throw notFound()
}

/** Runs `work` in a shopper unit once the calling shopper's row is locked; `work` gets the shopper's id. */
export function inShopperUnit<T>(infra: UnitInfra, ctx: RequestContext, work: (tx: Tx, userId: number) => Promise<T>): Promise<T> {
  const userId = ctx.actor!.id
  return inUnit(
    infra,
    ctx,
    async (tx) => {
      await lockShopper(tx, userId)
      return work(tx, userId)
    },
    SHOPPER_UNIT,
  )
}
