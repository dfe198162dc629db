// The cancel staged by every checkout: at its deadline an unpaid order is cancelled and its stock given back, once,
// by the job or by the sweeper; an order not yet due, or paid, is left alone.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'bullmq'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore } from '../catalog/testkit.ts'
import { orderCancelJob } from './cancelJob.ts'

let app: FastifyInstance
let goods: { id: number }
let auth: Record<string, string>
let addressId: number

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  const leaves = await leafClasses(app)
  const seller = await sellerWithStore(app, leaves)
  goods = await createGoods(app, seller.storeId, leaves[0].id, { goods_stock: 10 })
  const shopper = await createUser(app)
  auth = bearer(await tokenFor(app, 'user', shopper.id))
  addressId = (await app.db.addresses.create({ data: { user_id: shopper.id, receive_name: 'x', receive_tel: '13800138000', address: 'a', is_default: 1, default_key: shopper.id } })).id
})
afterAll(async () => app?.close())

let keys = 0
async function order(buyNum: number): Promise<number> {
  const res = await http(app).post('/api/user/order/create').set(auth).set('Idempotency-Key', `c${++keys}`).send({ order: [{ goods_id: goods.id, buy_num: buyNum }], address_id: addressId })
  return res.body.data.order_id[0] as number
}
const stock = async () => (await app.db.goods.findUniqueOrThrow({ where: { id: goods.id } })).goods_stock
const status = async (id: number) => (await app.db.orders.findUniqueOrThrow({ where: { id } })).order_status
const runJob = (id: number) => orderCancelJob.process(app, { order_id: id }, {} as Job)

test('a due order is cancelled by its job once, its stock back once; the sweeper finds nothing left', async () => {
  const id = await order(3)
  expect(await stock()).toBe(7)
  expect(await runJob(id)).toEqual({ outcome: 'not_due' })
  await app.db.orders.update({ where: { id }, data: { pay_deadline: new Date(Date.now() - 1000) } })
  expect(await runJob(id)).toEqual({ outcome: 'cancelled' })
  expect(await runJob(id)).toEqual({ outcome: 'not_unpaid' })
  expect(await orderCancelJob.sweep!.run(app)).toEqual({ cancelled: 0 })
  expect([await status(id), await stock()]).toEqual([0, 10])
  expect((await app.db.orders.findUniqueOrThrow({ where: { id } })).cancel_time).not.toBeNull()
})

test('the sweeper cancels what is due when the job was lost, and leaves paid and not yet due orders', async () => {
  const [due, paid, later] = [await order(1), await order(2), await order(3)]
  await app.db.orders.updateMany({ where: { id: { in: [due, paid] } }, data: { pay_deadline: new Date(Date.now() - 1000) } })
  await app.db.orders.update({ where: { id: paid }, data: { order_status: 2 } })
  expect(await orderCancelJob.sweep!.run(app)).toEqual({ cancelled: 1 })
  expect([await status(due), await status(paid), await status(later), await stock()]).toEqual([0, 2, 1, 5])
})
