// The seller's goods form against sales, through the HTTP API: a form saves stock only against the values it loaded,
// so a sale made after it was opened is never overwritten — the save is refused whole with a message to reload — and
// concurrent checkouts and saves keep every sale and the goods row equal to the sum of its SKUs.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { formBody, inventoryWorld } from './testkit.ts'

let app: FastifyInstance
let w: Awaited<ReturnType<typeof inventoryWorld>>

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  w = await inventoryWorld(app)
})
afterAll(async () => app?.close())

const ZH = '打开表单后库存已发生变化（例如有新订单），本次保存未生效。请重新加载商品后再修改并保存。'
const EN = 'The stock changed after this form was opened (an order may have been placed), so nothing was saved. Reload the goods, then make your changes and save again.'

describe('a stale form', () => {
  test('SKU at 291, form loaded, one sold: the unrelated edit is refused, the SKU stays at 290; reloaded, the save works', async () => {
    const id = await w.create({ goods_name: '纯棉T恤', skus: [w.sku('黑色', 5), w.sku('红色', 291)] })
    const form = await w.load(id)
    const red = form.skus.find((s) => s.sku_name === '红色')!
    expect(red.goods_stock).toBe(291)

    expect((await w.buy(id, red.id, 1)).body.code).toBe(200)
    expect(await w.stock(id)).toEqual({ goods: 295, skus: { 红色: 290, 黑色: 5 } })

    const stale = formBody(form, { goods_name: '纯棉T恤 新款' })
    const refused = await w.save(id, stale)
    expect(refused.status).toBe(409)
    const redField = `skus.${form.skus.indexOf(red)}.goods_stock`
    expect(refused.body).toEqual({ code: 409, msg: ZH, data: { [redField]: '库存已变化' } })
    expect((await w.save(id, stale).set('lang', 'en')).body).toEqual({ code: 409, msg: EN, data: { [redField]: 'The stock has changed.' } })
    // nothing of the save is written
    expect(await w.stock(id)).toEqual({ goods: 295, skus: { 红色: 290, 黑色: 5 } })
    expect((await w.load(id)).goods_name).toBe('纯棉T恤')

    const reloaded = await w.load(id)
    expect(reloaded.skus.find((s) => s.sku_name === '红色')!.goods_stock).toBe(290)
    const saved = await w.save(id, formBody(reloaded, { goods_name: '纯棉T恤 新款' }))
    expect(saved.body.code).toBe(200)
    expect((await w.load(id)).goods_name).toBe('纯棉T恤 新款')
    expect(await w.stock(id)).toEqual({ goods: 295, skus: { 红色: 290, 黑色: 5 } })

    // a stock typed into the reloaded form applies
    expect((await w.save(id, formBody(await w.load(id), { stock: { 红色: 300 } }))).body.code).toBe(200)
    expect(await w.stock(id)).toEqual({ goods: 305, skus: { 红色: 300, 黑色: 5 } })
  })

  test('a goods without SKUs: the same, on its own stock', async () => {
    const id = await w.create({ goods_name: '绿茶', goods_price: '10.00', goods_stock: 20 })
    const form = await w.load(id)
    expect(form.goods_stock).toBe(20)
    expect((await w.buy(id, 0, 3)).body.code).toBe(200)

    const refused = await w.save(id, formBody(form, { goods_stock: 50 }))
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ code: 409, msg: ZH, data: { goods_stock: '库存已变化' } })
    expect((await w.stock(id)).goods).toBe(17)

    expect((await w.save(id, formBody(await w.load(id), { goods_stock: 50 }))).body.code).toBe(200)
    expect((await w.stock(id)).goods).toBe(50)
  })

  test('a new SKU needs no loaded stock, and a deleted SKU none either, even when it sold since', async () => {
    const id = await w.create({ goods_name: '纯棉T恤', skus: [w.sku('红色', 10), w.sku('黑色', 8)] })
    const form = await w.load(id)
    const black = form.skus.find((s) => s.sku_name === '黑色')!
    expect((await w.buy(id, black.id, 2)).body.code).toBe(200)

    // the form drops black (sold since) and adds white
    const body = formBody({ ...form, skus: form.skus.filter((s) => s !== black) })
    const saved = await w.save(id, { ...body, skus: [...(body.skus as object[]), w.sku('白色', 7)] })
    expect(saved.body.code).toBe(200)
    expect(await w.stock(id)).toEqual({ goods: 17, skus: { 红色: 10, 白色: 7 } })
  })

  test('removing every SKU sets the goods’ own stock against the sum the form loaded', async () => {
    const id = await w.create({ goods_name: '纯棉T恤', skus: [w.sku('红色', 10), w.sku('黑色', 8)] })
    const form = await w.load(id)
    expect(form.goods_stock).toBe(18)
    const own = { skus: [], goods_price: '12.00', goods_stock: 30, loaded_stock: 18 }
    expect((await w.buy(id, form.skus[0].id, 1)).body.code).toBe(200)
    expect((await w.save(id, own)).body).toMatchObject({ code: 409, data: { goods_stock: '库存已变化' } })
    expect(await w.stock(id)).toEqual({ goods: 17, skus: { 红色: 9, 黑色: 8 } })
    expect((await w.save(id, { ...own, loaded_stock: 17 })).body.code).toBe(200)
    expect(await w.stock(id)).toEqual({ goods: 30, skus: {} })
  })
})

describe('what a form must send', () => {
  test('a stock without the stock it replaces, or a loaded stock with nothing to replace, is refused and nothing is written', async () => {
    const id = await w.create({ goods_name: '纯棉T恤', skus: [w.sku('红色', 10)] })
    const [red] = (await w.load(id)).skus
    const existing = { id: red.id, spec_id: red.spec_id, goods_price: '10.00', goods_stock: 99 }
    const cases: [object, Record<string, string>][] = [
      [{ skus: [existing] }, { 'skus.0.loaded_stock': '必填项不能为空' }],
      [{ skus: [{ ...w.sku('黑色', 5), loaded_stock: 0 }] }, { 'skus.0.loaded_stock': '不允许的字段' }],
      [{ goods_stock: 5 }, { loaded_stock: '必填项不能为空' }],
      [{ loaded_stock: 5 }, { goods_stock: '必填项不能为空' }],
    ]
    for (const [body, fields] of cases) {
      const res = await w.save(id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.data).toEqual(fields)
    }
    const created = await http(app).post('/api/Seller/goods').set(w.seller.auth).send({ goods_name: 'x', class_id: w.leaves[0].id, goods_price: '1.00', goods_stock: 1, loaded_stock: 0 })
    expect(created.body.data).toEqual({ loaded_stock: '不允许的字段' })
    expect(await w.stock(id)).toEqual({ goods: 10, skus: { 红色: 10 } })
    expect(await app.db.goods.count()).toBe(1)
  })
})

describe('sales and saves at once', () => {
  test('checkouts racing saves of forms loaded before them: every sale stays sold, none past the stock, the goods row is the sum', async () => {
    const id = await w.create({ goods_name: '纯棉T恤', skus: [w.sku('红色', 10), w.sku('黑色', 5)] })
    const form = await w.load(id)
    const red = form.skus.find((s) => s.sku_name === '红色')!
    const results = await Promise.all([
      ...Array.from({ length: 14 }, () => w.buy(id, red.id, 1)),
      ...Array.from({ length: 6 }, (_, i) => w.save(id, formBody(form, { goods_name: `改名 ${i}` }))),
    ])
    const sales = results.slice(0, 14)
    const saves = results.slice(14)
    const sold = sales.filter((r) => r.body.code === 200).length
    for (const r of sales) expect([200, 402]).toContain(r.body.code)
    for (const r of saves) expect([200, 409]).toContain(r.body.code)
    expect(sold).toBe(10)
    expect(await w.stock(id)).toEqual({ goods: 5, skus: { 红色: 0, 黑色: 5 } })
  })
})
