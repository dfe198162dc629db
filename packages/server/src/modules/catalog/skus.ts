// The SKU matrix of a goods: each SKU is one combination of the store's specs, one spec of each attribute, the same
// attributes in every SKU, no combination twice. Spec ids are stored in attribute order, names derived from them.
// Their stock is the inventory module's (modules/inventory/adjust.ts): SKUs are written here without it.
import { toCents, fromCents } from '@qshop/shared'
import type { SkuInput } from '@qshop/shared/schemas/catalog'
import type { FastifyRequest } from 'fastify'
import type { Tx } from '../../core/resource.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { insertRows } from '../../core/db/index.ts'
import { invalid } from '../../core/errors.ts'

export type Sku = {
  id?: number
  spec_id: string
  sku_name: string
  goods_image: string
  goods_price: string
  goods_market_price: string
  goods_weight: string
}

/** Validated SKUs (in input order) or a 400 naming the first wrong one. `defaults` fill what a SKU leaves out. */
export async function normalizeSkus(
  req: FastifyRequest,
  tx: Tx,
  storeId: number,
  input: SkuInput[],
  defaults: { goods_image: string; goods_weight: string },
): Promise<Sku[]> {
  const ids = [...new Set(input.flatMap((s) => s.spec_id))]
  // Shared locks: an attribute edit cannot remove these specs before this save commits (resources.ts, specsInUse).
  const specs = ids.length
    ? await tx.$queryRaw<{ id: number; name: string; attr_id: number }[]>`SELECT s.id, s.name, s.attr_id FROM goods_specs s
        JOIN goods_attrs a ON a.id = s.attr_id WHERE s.id IN (${Prisma.join(ids)}) AND a.store_id = ${storeId} LOCK IN SHARE MODE`
    : []
  const byId = new Map(specs.map((s) => [s.id, s]))
  const fail = (i: number, field: string, key: Parameters<FastifyRequest['t']>[0]) => invalid({ [`skus.${i}.${field}`]: req.t(key) })

  let attrSet: string | null = null
  const seen = new Set<string>()
  return input.map((sku, i) => {
    const chosen = sku.spec_id.map((id) => byId.get(id))
    if (chosen.some((s) => !s)) throw fail(i, 'spec_id', 'valid.skuSpec')
    const ordered = (chosen as NonNullable<(typeof chosen)[number]>[]).sort((a, b) => a.attr_id - b.attr_id || a.id - b.id)
    const attrs = ordered.map((s) => s.attr_id)
    if (new Set(attrs).size !== attrs.length) throw fail(i, 'spec_id', 'valid.skuAttrs')
    const attrKey = attrs.join(',')
    if (attrSet !== null && attrSet !== attrKey) throw fail(i, 'spec_id', 'valid.skuAttrs')
    attrSet = attrKey
    const spec_id = ordered.map((s) => s.id).join(',')
    if (seen.has(spec_id)) throw fail(i, 'spec_id', 'valid.skuDuplicate')
    seen.add(spec_id)
    return {
      id: sku.id,
      spec_id,
      sku_name: ordered.map((s) => s.name).join(','),
      goods_image: sku.goods_image ?? defaults.goods_image,
      goods_price: sku.goods_price,
      goods_market_price: sku.goods_market_price ?? sku.goods_price,
      goods_weight: sku.goods_weight ?? defaults.goods_weight,
    }
  })
}

/** The goods' list price follows its SKUs: the lowest price, with that SKU's market price. */
export function skuPrices(skus: Sku[]): { goods_price: string; goods_market_price: string } {
  const cheapest = skus.reduce((a, b) => (toCents(b.goods_price) < toCents(a.goods_price) ? b : a))
  return { goods_price: fromCents(toCents(cheapest.goods_price)), goods_market_price: fromCents(toCents(cheapest.goods_market_price)) }
}

/** Writes the SKU list of a goods: posted ids of its own SKUs are updated, new ones created (their stock 0 until the
 *  inventory sets it), the rest deleted. Answers the SKUs' ids in the list's order. */
export async function syncSkus(req: FastifyRequest, tx: Tx, goodsId: number, skus: Sku[]): Promise<number[]> {
  const existing = new Set((await tx.goods_skus.findMany({ where: { goods_id: goodsId }, select: { id: true } })).map((s) => s.id))
  const kept = new Set<number>()
  skus.forEach((s, i) => {
    if (s.id === undefined) return
    if (!existing.has(s.id) || kept.has(s.id)) throw invalid({ [`skus.${i}.id`]: req.t('valid.notExists') })
    kept.add(s.id)
  })
  const removed = [...existing].filter((id) => !kept.has(id))
  if (removed.length) await tx.goods_skus.deleteMany({ where: { id: { in: removed }, goods_id: goodsId } })
  for (const { id, ...data } of skus) {
    if (id !== undefined) await tx.goods_skus.update({ where: { id }, data, select: { id: true } })
  }
  // One insert each, sent together (one round trip): each answers its own id.
  const created = await Promise.all(
    skus.filter((s) => s.id === undefined).map(({ id: _id, ...data }) => tx.$insertRaw`INSERT INTO goods_skus ${insertRows([{ ...data, goods_id: goodsId }])}`),
  )
  let next = 0
  return skus.map((s) => s.id ?? created[next++].insertId)
}
