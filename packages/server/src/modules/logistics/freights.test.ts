import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createSeller } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'

let app: FastifyInstance
let seller: Awaited<ReturnType<typeof createSeller>>
let auth: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false })
  seller = await createSeller(app)
  auth = bearer(await tokenFor(app, 'seller', seller.id))
})
afterAll(() => app.close())

const create = (body: object) => http(app).post('/api/Seller/freights').set(auth).send(body)

describe('seller freight templates', () => {
  test('money and weights are answered with two decimals, and the list is the store\'s own', async () => {
    const res = await create({ name: '默认运费', is_type: 0, f_weight: '1', f_price: '8', o_weight: '0.5', o_price: '2.5' })
    expect(res.body.code).toBe(200)
    const list = await http(app).get('/api/Seller/freights').set(auth)
    expect(list.body.data.data).toEqual([
      expect.objectContaining({ id: res.body.data.id, name: '默认运费', is_type: 0, f_weight: '1.00', f_price: '8.00', o_weight: '0.50', o_price: '2.50' }),
    ])
    const rows = await app.db.freights.findMany({ where: { store_id: seller.storeId } })
    expect(rows).toHaveLength(1)
  })

  test('a new default template demotes the previous default: one default per store', async () => {
    const second = await create({ name: '新默认', is_type: 0, f_price: '6' })
    expect(second.body.code).toBe(200)
    const defaults = await app.db.freights.findMany({ where: { store_id: seller.storeId, is_type: 0 } })
    expect(defaults.map((f) => f.name)).toEqual(['新默认'])
  })

  test('a negative price or malformed province list is refused and nothing is written', async () => {
    const before = await app.db.freights.count()
    const res = await create({ name: 'bad', f_price: '-1', area_id: '11,x' })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data).sort()).toEqual(['area_id', 'f_price'])
    expect(await app.db.freights.count()).toBe(before)
  })

  test('a template used by goods cannot be deleted', async () => {
    const template = await app.db.freights.findFirstOrThrow({ where: { store_id: seller.storeId, name: '新默认' } })
    const cls = await app.db.goods_classes.findFirstOrThrow()
    await app.db.goods.create({ data: { store_id: seller.storeId, class_id: cls.id, goods_name: 'uses template', freight_id: template.id } })
    const res = await http(app).delete(`/api/Seller/freights/${template.id}`).set(auth)
    expect(res.body).toMatchObject({ code: 402 })
    expect(await app.db.freights.count({ where: { id: template.id } })).toBe(1)
  })
})
