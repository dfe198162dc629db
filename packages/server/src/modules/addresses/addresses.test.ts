// Delivery addresses: the area path checked and named, one default per shopper (also under concurrent changes), the
// limit of 20 (also under concurrent creates), another shopper's address not found and left as it was.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { MAX_ADDRESSES } from '@qshop/shared/schemas/addresses'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'

let app: FastifyInstance
let me: { id: number; auth: Record<string, string> }
let other: { id: number; auth: Record<string, string> }
/** [province, city, district] ids of the sample areas by district name */
let areas: Record<'南山区' | '福田区' | '朝阳区', [number, number, number]>

async function shopper() {
  const { id } = await createUser(app)
  return { id, auth: bearer(await tokenFor(app, 'user', id)) }
}

const idOf = async (code: string) => (await app.db.areas.findUniqueOrThrow({ where: { code } })).id

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  me = await shopper()
  other = await shopper()
  areas = {
    南山区: [await idOf('440000'), await idOf('440300'), await idOf('440305')],
    福田区: [await idOf('440000'), await idOf('440300'), await idOf('440304')],
    朝阳区: [await idOf('110000'), await idOf('110100'), await idOf('110105')],
  }
})
afterAll(async () => app?.close())

const body = (fields: Record<string, unknown> = {}) => ({ receive_name: '张三', receive_tel: '13800138000', area: areas.南山区, address: '科技园 1 号', ...fields })
const create = (fields: Record<string, unknown> = {}, auth = me.auth) => http(app).post('/api/user/addresses').set(auth).send(body(fields))
const createdId = async (fields: Record<string, unknown> = {}, auth = me.auth) => {
  const res = await create(fields, auth)
  expect(res.body.code, JSON.stringify(res.body)).toBe(200)
  return res.body.data.id as number
}
const list = async (auth = me.auth) => (await http(app).get('/api/user/addresses').set(auth)).body.data as { id: number; is_default: number }[]
const defaults = (userId: number) => app.db.addresses.findMany({ where: { user_id: userId, is_default: 1 }, select: { id: true, default_key: true } })

test('the first address is the default whatever is sent; the answer names the area; the list puts the default first, then the newest', async () => {
  const first = await createdId({ is_default: 0 })
  const shown = await http(app).get(`/api/user/addresses/${first}`).set(me.auth)
  expect(shown.body.data).toEqual({
    id: first, receive_name: '张三', receive_tel: '13800138000', area: areas.南山区, area_info: '广东省 深圳市 南山区', address: '科技园 1 号',
    province_id: areas.南山区[0], city_id: areas.南山区[1], region_id: areas.南山区[2], is_default: 1,
  })
  const second = await createdId({ area: areas.朝阳区 })
  const third = await createdId()
  expect((await list()).map((a) => [a.id, a.is_default])).toEqual([[first, 1], [third, 0], [second, 0]])

  const fourth = await createdId({ is_default: 1 })
  expect((await list()).map((a) => [a.id, a.is_default])).toEqual([[fourth, 1], [third, 0], [second, 0], [first, 0]])
  expect(await defaults(me.id)).toEqual([{ id: fourth, default_key: me.id }])
})

test('an update changes only what it names; a new area renames area_info; is_default moves the default, 0 on the default is ignored', async () => {
  const first = await createdId()
  const second = await createdId()
  expect((await http(app).put(`/api/user/addresses/${second}`).set(me.auth).send({ receive_name: '李四' })).body).toMatchObject({ code: 200, data: { id: second } })
  expect(await app.db.addresses.findUniqueOrThrow({ where: { id: second } })).toMatchObject({ receive_name: '李四', receive_tel: '13800138000', address: '科技园 1 号' })
  // A change to the same values, or to nothing, is answered like any other.
  for (const same of [{}, { receive_name: '李四' }])
    expect((await http(app).put(`/api/user/addresses/${second}`).set(me.auth).send(same)).body).toMatchObject({ code: 200, data: { id: second } })

  await http(app).put(`/api/user/addresses/${second}`).set(me.auth).send({ area: areas.朝阳区, is_default: 1 })
  expect(await app.db.addresses.findUniqueOrThrow({ where: { id: second } })).toMatchObject({
    area_info: '北京市 北京市 朝阳区', province_id: areas.朝阳区[0], city_id: areas.朝阳区[1], region_id: areas.朝阳区[2], is_default: 1,
  })
  expect(await defaults(me.id)).toEqual([{ id: second, default_key: me.id }])

  await http(app).put(`/api/user/addresses/${second}`).set(me.auth).send({ is_default: 0 })
  expect(await defaults(me.id)).toEqual([{ id: second, default_key: me.id }])
  expect((await http(app).put(`/api/user/addresses/${first}/default`).set(me.auth)).body).toMatchObject({ code: 200, data: { id: first } })
  expect(await defaults(me.id)).toEqual([{ id: first, default_key: me.id }])
})

test('deleting the default makes the newest remaining address the default; deleting the last leaves none', async () => {
  const first = await createdId()
  const second = await createdId()
  const third = await createdId()
  expect((await http(app).delete(`/api/user/addresses/${first}`).set(me.auth)).body).toMatchObject({ code: 200, data: { deleted: 1 } })
  expect(await defaults(me.id)).toEqual([{ id: third, default_key: me.id }])
  await http(app).delete(`/api/user/addresses/${second}`).set(me.auth)
  expect(await defaults(me.id)).toEqual([{ id: third, default_key: me.id }])
  await http(app).delete(`/api/user/addresses/${third}`).set(me.auth)
  expect(await list()).toEqual([])
})

describe('validation: 400 with the field named, nothing written', () => {
  test.each<[string, Record<string, unknown>, string]>([
    ['an area that does not exist', { area: [999990, 999991, 999992] }, 'area'],
    ['a district of another city', { area: 'mixed' }, 'area'],
    ['two levels only', { area: 'short' }, 'area'],
    ['a phone that is not a mainland mobile', { receive_tel: '12345' }, 'receive_tel'],
    ['an empty name', { receive_name: '  ' }, 'receive_name'],
    ['a name past 64 characters', { receive_name: '名'.repeat(65) }, 'receive_name'],
    ['no street address', { address: '' }, 'address'],
    ['is_default other than 0 or 1', { is_default: 2 }, 'is_default'],
  ])('%s', async (_name, fields, field) => {
    const area = fields.area === 'mixed' ? [areas.朝阳区[0], areas.朝阳区[1], areas.南山区[2]] : fields.area === 'short' ? areas.南山区.slice(0, 2) : fields.area
    const res = await create({ ...fields, ...(area ? { area } : {}) })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data)).toEqual([field])
    expect(await app.db.addresses.count()).toBe(0)
  })

  test('the area message is translated', async () => {
    const res = await http(app).post('/api/user/addresses').set(me.auth).set('lang', 'en').send(body({ area: [areas.南山区[0], areas.朝阳区[1], areas.朝阳区[2]] }))
    expect(res.body.data).toEqual({ area: 'The selected item does not exist.' })
  })

  test('an update with a bad area changes nothing', async () => {
    const id = await createdId()
    const before = await app.db.addresses.findUniqueOrThrow({ where: { id } })
    const res = await http(app).put(`/api/user/addresses/${id}`).set(me.auth).send({ receive_name: '王五', area: [areas.南山区[0], areas.南山区[1], areas.朝阳区[2]] })
    expect(res.status).toBe(400)
    expect(await app.db.addresses.findUniqueOrThrow({ where: { id } })).toEqual(before)
  })
})

test("another shopper's address: 404 on every route, and it stays as it was", async () => {
  const mine = await createdId()
  await createdId({}, other.auth)
  const before = await app.db.addresses.findUniqueOrThrow({ where: { id: mine } })
  const calls = [
    http(app).get(`/api/user/addresses/${mine}`).set(other.auth),
    http(app).put(`/api/user/addresses/${mine}`).set(other.auth).send({ receive_name: '攻击者', is_default: 1 }),
    http(app).put(`/api/user/addresses/${mine}/default`).set(other.auth),
    http(app).delete(`/api/user/addresses/${mine}`).set(other.auth),
  ]
  for (const res of await Promise.all(calls)) {
    expect(res.status).toBe(404)
    expect(res.body.code).toBe(404)
  }
  expect(await app.db.addresses.findUniqueOrThrow({ where: { id: mine } })).toEqual(before)
  expect((await list(other.auth)).map((a) => a.id)).not.toContain(mine)
  expect(await defaults(other.id)).toHaveLength(1)
})

test('logged out: 401', async () => {
  expect((await http(app).get('/api/user/addresses')).status).toBe(401)
  expect((await http(app).post('/api/user/addresses').send(body())).status).toBe(401)
})

test('concurrent "set default" of different addresses all succeed and leave exactly one default', async () => {
  const ids = [await createdId(), await createdId(), await createdId(), await createdId()]
  const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => http(app).put(`/api/user/addresses/${ids[i % ids.length]}/default`).set(me.auth)))
  expect(answers.map((r) => r.body.code)).toEqual(Array(16).fill(200))
  const rows = await defaults(me.id)
  expect(rows).toHaveLength(1)
  expect(ids).toContain(rows[0].id)
  expect(await app.db.addresses.count({ where: { default_key: { not: null } } })).toBe(1)
})

test(`at most ${MAX_ADDRESSES} addresses: the next one is refused with a translated message, also when created concurrently`, async () => {
  await app.db.addresses.createMany({
    data: Array.from({ length: MAX_ADDRESSES - 3 }, (_, i) => ({ user_id: me.id, receive_name: `n${i}`, receive_tel: '13800138000', address: 'a', area_info: 'x' })),
  })
  const answers = await Promise.all(Array.from({ length: 6 }, () => create()))
  expect(answers.filter((r) => r.body.code === 200)).toHaveLength(3)
  const refused = answers.filter((r) => r.body.code !== 200)
  expect(refused.map((r) => [r.status, r.body.code, r.body.msg])).toEqual(Array(3).fill([200, 402, `最多保存 ${MAX_ADDRESSES} 个收货地址`]))
  expect(await app.db.addresses.count({ where: { user_id: me.id } })).toBe(MAX_ADDRESSES)
  // Other shoppers are not limited by it.
  await createdId({}, other.auth)
})
