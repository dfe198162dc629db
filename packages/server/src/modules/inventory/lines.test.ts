// Stock on the real database under concurrency: guarded takes never oversell or go negative, multi-line takes in
// opposite orders do not deadlock, stock given back goes to the rows that still exist and keeps the goods row equal to
// the sum of its SKUs.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp, resetDb } from '../../../test/helpers.ts'
import { createSeller } from '../../../test/factories.ts'
import { InsufficientStock, giveBackStock, takeStock, type StockLine } from './lines.ts'
import { runUnit, type UnitInfra } from '../../core/unitOfWork.ts'

let app: FastifyInstance
let infra: UnitInfra
let conflicts: number
let storeId: number
let classId: number

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  storeId = (await createSeller(app)).storeId
  classId = (await app.db.goods_classes.create({ data: { name: 'c' } })).id
  conflicts = 0
  const warn = (_obj: unknown, msg: string) => void (msg.includes('running it again') && conflicts++)
  infra = { db: app.db, queues: app.queues, log: { ...app.log, warn } as unknown as FastifyInstance['log'] }
})
afterAll(async () => app?.close())

/** A goods with the given SKU stocks (none: a goods without SKUs holding `plain`). */
async function goods(skuStocks: number[], plain = 0) {
  const total = skuStocks.length ? skuStocks.reduce((a, b) => a + b, 0) : plain
  const g = await app.db.goods.create({ data: { store_id: storeId, class_id: classId, goods_name: 'g', goods_stock: total } })
  const skus = []
  for (const [i, stock] of skuStocks.entries())
    skus.push((await app.db.goods_skus.create({ data: { goods_id: g.id, spec_id: String(i), goods_stock: stock } })).id)
  return { id: g.id, skus }
}

const stockOf = async (goodsId: number) => {
  const g = await app.db.goods.findUniqueOrThrow({ where: { id: goodsId }, select: { goods_stock: true, goods_skus: { select: { goods_stock: true }, orderBy: { id: 'asc' } } } })
  return { goods: g.goods_stock, skus: g.goods_skus.map((s) => s.goods_stock) }
}

const take = (lines: StockLine[]) => runUnit(infra, (tx) => takeStock(tx, lines))
const giveBack = (lines: StockLine[]) => runUnit(infra, (tx) => giveBackStock(tx, lines))

/** Runs all at once; answers how many succeeded and the refusals. */
async function race(attempts: (() => Promise<unknown>)[]) {
  const results = await Promise.allSettled(attempts.map((a) => a()))
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason)
  return { taken: results.length - refused.length, refused }
}

describe('takeStock', () => {
  test('60 concurrent takes of the last 10 units of a SKU: 10 succeed, the rest are refused naming the line, nothing negative', async () => {
    const g = await goods([10, 5])
    const { taken, refused } = await race(Array.from({ length: 60 }, () => () => take([{ goods_id: g.id, sku_id: g.skus[0], qty: 1 }])))
    expect(taken).toBe(10)
    expect(refused).toHaveLength(50)
    for (const err of refused) {
      expect(err).toBeInstanceOf(InsufficientStock)
      expect(err).toMatchObject({ code: 402, msgKey: 'msg.stockShort', data: { goods_id: g.id, sku_id: g.skus[0] } })
    }
    expect(await stockOf(g.id)).toEqual({ goods: 5, skus: [0, 5] })
    expect(conflicts).toBe(0)
  })

  test('the same for a goods without SKUs', async () => {
    const g = await goods([], 10)
    const { taken, refused } = await race(Array.from({ length: 60 }, () => () => take([{ goods_id: g.id, sku_id: 0, qty: 1 }])))
    expect([taken, refused.length]).toEqual([10, 50])
    expect(refused[0]).toMatchObject({ data: { goods_id: g.id, sku_id: 0 } })
    expect(await stockOf(g.id)).toEqual({ goods: 0, skus: [] })
    expect(conflicts).toBe(0)
  })

  test('multi-line takes listing the same rows in opposite orders neither deadlock nor lose a unit', async () => {
    const [g1, g2] = [await goods([100, 100]), await goods([100])]
    const a = { goods_id: g1.id, sku_id: g1.skus[1], qty: 1 }
    const b = { goods_id: g2.id, sku_id: g2.skus[0], qty: 2 }
    const c = { goods_id: g1.id, sku_id: g1.skus[0], qty: 1 }
    const { taken } = await race(Array.from({ length: 40 }, (_, i) => () => take(i % 2 ? [a, b, c] : [b, c, a])))
    expect(taken).toBe(40)
    expect(conflicts).toBe(0)
    expect(await stockOf(g1.id)).toEqual({ goods: 120, skus: [60, 60] })
    expect(await stockOf(g2.id)).toEqual({ goods: 20, skus: [20] })
  })

  test('a multi-line take is all or nothing; lines of the same SKU count together', async () => {
    const g = await goods([3, 5])
    await expect(take([{ goods_id: g.id, sku_id: g.skus[1], qty: 5 }, { goods_id: g.id, sku_id: g.skus[0], qty: 4 }])).rejects.toMatchObject({ data: { sku_id: g.skus[0] } })
    await expect(take([{ goods_id: g.id, sku_id: g.skus[0], qty: 2 }, { goods_id: g.id, sku_id: g.skus[0], qty: 2 }])).rejects.toBeInstanceOf(InsufficientStock)
    expect(await stockOf(g.id)).toEqual({ goods: 8, skus: [3, 5] })
  })

  test('a SKU of another goods, a goods line of a goods that has SKUs, or a missing row is refused', async () => {
    const [g1, g2] = [await goods([5]), await goods([5])]
    await expect(take([{ goods_id: g1.id, sku_id: g2.skus[0], qty: 1 }])).rejects.toBeInstanceOf(InsufficientStock)
    await expect(take([{ goods_id: g1.id, sku_id: 0, qty: 1 }])).rejects.toMatchObject({ data: { goods_id: g1.id, sku_id: 0 } })
    await expect(take([{ goods_id: 999999, sku_id: 0, qty: 1 }])).rejects.toBeInstanceOf(InsufficientStock)
    expect([await stockOf(g1.id), await stockOf(g2.id)]).toEqual([{ goods: 5, skus: [5] }, { goods: 5, skus: [5] }])
    await expect(take([{ goods_id: g1.id, sku_id: g1.skus[0], qty: 0 }])).rejects.toThrow(/quantity/)
  })
})

describe('giveBackStock', () => {
  test('stock comes back to the rows it was taken from', async () => {
    const [g1, g2] = [await goods([4, 4]), await goods([], 4)]
    const lines = [{ goods_id: g1.id, sku_id: g1.skus[0], qty: 3 }, { goods_id: g2.id, sku_id: 0, qty: 4 }]
    await take(lines)
    expect(await giveBack(lines)).toEqual(lines)
    expect([await stockOf(g1.id), await stockOf(g2.id)]).toEqual([{ goods: 8, skus: [4, 4] }, { goods: 4, skus: [] }])
  })

  test('a SKU or goods deleted since takes nothing back, and the goods row stays the sum of its SKUs', async () => {
    const [g1, g2] = [await goods([4, 4]), await goods([4])]
    const lines = [{ goods_id: g1.id, sku_id: g1.skus[0], qty: 2 }, { goods_id: g1.id, sku_id: g1.skus[1], qty: 1 }, { goods_id: g2.id, sku_id: g2.skus[0], qty: 1 }]
    await take(lines)
    // the seller removes the first SKU (the goods save recomputes the goods row) and deletes the second goods
    await app.db.goods_skus.delete({ where: { id: g1.skus[0] } })
    await app.db.goods.update({ where: { id: g1.id }, data: { goods_stock: 3 } })
    await app.db.goods.delete({ where: { id: g2.id } })
    expect(await giveBack(lines)).toEqual([lines[1]])
    expect(await stockOf(g1.id)).toEqual({ goods: 4, skus: [4] })
  })

  test('a goods line of a goods that got SKUs since takes nothing back', async () => {
    const g = await goods([], 5)
    await take([{ goods_id: g.id, sku_id: 0, qty: 2 }])
    await app.db.goods_skus.create({ data: { goods_id: g.id, goods_stock: 3 } })
    await app.db.goods.update({ where: { id: g.id }, data: { goods_stock: 3 } })
    expect(await giveBack([{ goods_id: g.id, sku_id: 0, qty: 2 }])).toEqual([])
    expect(await stockOf(g.id)).toEqual({ goods: 3, skus: [3] })
  })
})
