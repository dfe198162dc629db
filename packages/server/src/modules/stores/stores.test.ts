// Store onboarding and its verification states, the admin's review and open/close, and the seller's settings.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { createGoods, leafClasses, sellerWithStore, type Leaf } from '../catalog/testkit.ts'

let app: FastifyInstance
let leaves: Leaf[]
let adminAuth: Record<string, string>
let area: { beijing: number[]; shenzhen: number[] }

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  leaves = await leafClasses(app)
  adminAuth = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
  const ids = async (...codes: string[]) => {
    const rows = await app.db.areas.findMany({ where: { code: { in: codes } } })
    return codes.map((c) => rows.find((r) => r.code === c)!.id)
  }
  area = { beijing: await ids('110000', '110100', '110105'), shenzhen: await ids('440000', '440300', '440305') }
})
afterAll(async () => app?.close())

async function shopper() {
  const user = await createUser(app)
  return { ...user, auth: bearer(await tokenFor(app, 'user', user.id)) }
}

const application = () => ({
  store_name: '青禾小店',
  store_logo: '/uploads/logo.png',
  store_mobile: '13800000011',
  store_company_name: '青禾商贸有限公司',
  area: area.beijing,
  store_lat: '39.921900',
  store_lng: '116.443600',
  store_address: '建国路 1 号',
  business_license: '/uploads/license.png',
  business_license_no: '91110000MA00000000',
  legal_person: '张三',
  store_phone: '13800000012',
  id_card_no: '11010519491231002X',
  id_card_t: '/uploads/id-t.png',
  id_card_b: '/uploads/id-b.png',
  class_id: [leaves[0].path, leaves[1].id],
})

const verify = (id: number, body: object) => http(app).put(`/api/Admin/stores/${id}/verify`).set(adminAuth).send(body)
const status = (id: number, store_status: number) => http(app).put(`/api/Admin/stores/${id}/status`).set(adminAuth).send({ store_status })

describe('onboarding', () => {
  test('join opens a closed store in state 1; joining again answers the same store; data then moves it to 2', async () => {
    const user = await shopper()
    expect((await http(app).get('/api/store').set(user.auth)).body.data).toBeNull()
    const joined = await http(app).post('/api/store/join').set(user.auth)
    expect(joined.body).toMatchObject({ code: 200, data: { store_verify: 1, store_status: 0, store_refuse_info: '' } })
    expect((await http(app).post('/api/store/join').set(user.auth)).body.data.id).toBe(joined.body.data.id)
    expect(await app.db.stores.count({ where: { user_id: user.id } })).toBe(1)

    const saved = await http(app).put('/api/store').set(user.auth).send(application())
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200, data: { store_verify: 2 } })
    const mine = await http(app).get('/api/store').set(user.auth)
    expect(mine.body.data).toMatchObject({
      store_name: '青禾小店', store_verify: 2, area: area.beijing, area_info: '北京市 北京市 朝阳区', store_lat: '39.921900',
      business_license_no: '91110000MA00000000', class_id: [leaves[0].path, leaves[1].path],
    })
  })

  test('a sub-account cannot apply for a store', async () => {
    const owner = await createUser(app)
    const sub = await createUser(app, { belong_id: owner.id })
    const res = await http(app).post('/api/store/join').set(bearer(await tokenFor(app, 'user', sub.id)))
    expect(res.body.code).toBe(402)
    expect(await app.db.stores.count({ where: { user_id: sub.id } })).toBe(0)
  })

  test('saving before joining, or while verifying, or once passed is refused', async () => {
    const user = await shopper()
    expect((await http(app).put('/api/store').set(user.auth).send(application())).body.code).toBe(402)
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    await http(app).put('/api/store').set(user.auth).send(application())
    const again = await http(app).put('/api/store').set(user.auth).send({ ...application(), store_name: '改名' })
    expect(again.body.code).toBe(402)
    await verify(id, { store_verify: 4 })
    expect((await http(app).put('/api/store').set(user.auth).send(application())).body.code).toBe(402)
    expect(await app.db.stores.findUniqueOrThrow({ where: { id } })).toMatchObject({ store_name: '青禾小店', store_verify: 4 })
  })

  test.each([
    [{ area: [999991, 999992, 999993] }, 'area'],
    ['shenzhen-broken', 'area'],
    [{ class_id: [99999] }, 'class_id.0'],
    ['level2-class', 'class_id.0'],
    ['wrong-path', 'class_id.0'],
    [{ class_id: [] }, 'class_id'],
    [{ store_mobile: '123' }, 'store_mobile'],
    [{ id_card_no: '1234' }, 'id_card_no'],
    [{ store_lat: '91' }, 'store_lat'],
    [{ store_status: 1 }, 'store_status'],
    [{ store_verify: 4 }, 'store_verify'],
  ])('application data %j is refused with 400 on %s', async (patch, field) => {
    const user = await shopper()
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    const change =
      patch === 'shenzhen-broken' ? { area: [area.shenzhen[0], area.beijing[1], area.shenzhen[2]] }
      : patch === 'level2-class' ? { class_id: [leaves[0].path[1]] }
      : patch === 'wrong-path' ? { class_id: [[leaves[0].path[0], leaves[0].path[1], leaves[5].id]] }
      : patch
    const res = await http(app).put('/api/store').set(user.auth).send({ ...application(), ...(change as object) })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.data).toHaveProperty([field])
    expect(await app.db.stores.findUniqueOrThrow({ where: { id } })).toMatchObject({ store_verify: 1, store_name: '' })
  })
})

describe('admin review', () => {
  async function applied() {
    const user = await shopper()
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    await http(app).put('/api/store').set(user.auth).send(application())
    return { user, id: id as number }
  }

  test('deny needs a reason; the applicant sees it, fixes the data (3 → 2) and is passed (4, open)', async () => {
    const { user, id } = await applied()
    const noReason = await verify(id, { store_verify: 3 })
    expect(noReason.status).toBe(400)
    expect(noReason.body.data).toHaveProperty(['store_refuse_info'])

    expect((await verify(id, { store_verify: 3, store_refuse_info: '营业执照模糊' })).body.data).toMatchObject({ store_verify: 3, store_refuse_info: '营业执照模糊' })
    expect((await http(app).get('/api/store').set(user.auth)).body.data).toMatchObject({ store_verify: 3, store_refuse_info: '营业执照模糊' })
    // a decision needs a verifying store
    expect((await verify(id, { store_verify: 4 })).body.code).toBe(402)

    await http(app).put('/api/store').set(user.auth).send({ ...application(), business_license: '/uploads/license-2.png' })
    expect(await app.db.stores.findUniqueOrThrow({ where: { id } })).toMatchObject({ store_verify: 2, store_refuse_info: '' })
    expect((await verify(id, { store_verify: 4 })).body.data).toEqual({ id, store_verify: 4, store_status: 1, store_refuse_info: '' })

    // the owner now reaches the seller area of the store
    const login = await http(app).post('/api/login').send({ username: user.username, password: user.password, provider: 'users', area: 'seller' })
    expect(login.body.code).toBe(200)
  })

  test('concurrent decisions on a verifying store: exactly one applies, the others are refused', async () => {
    const { id } = await applied()
    const decisions = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verify(id, i % 2 ? { store_verify: 4 } : { store_verify: 3, store_refuse_info: '营业执照模糊' })),
    )
    const decided = decisions.filter((r) => r.body.code === 200)
    expect(decided).toHaveLength(1)
    expect(decisions.filter((r) => r.body.code === 402).map((r) => r.body.msg)).toEqual(Array(9).fill('店铺不在审核中'))
    expect(await app.db.stores.findUniqueOrThrow({ where: { id }, select: { store_verify: true } })).toEqual({ store_verify: decided[0].body.data.store_verify })
  })

  test('only 3 or 4 can be set, by an admin with the permission; unknown stores are 404', async () => {
    const { id } = await applied()
    expect((await verify(id, { store_verify: 1 })).status).toBe(400)
    expect((await verify(id, { store_verify: 2 })).status).toBe(400)
    expect((await verify(9999999, { store_verify: 4 })).status).toBe(404)
    const clerk = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 0 })).id))
    expect((await http(app).put(`/api/Admin/stores/${id}/verify`).set(clerk).send({ store_verify: 4 })).status).toBe(403)
    expect((await app.db.stores.findUniqueOrThrow({ where: { id } })).store_verify).toBe(2)
  })

  test('the admin list filters by state and the detail shows the application with its categories', async () => {
    const { id } = await applied()
    await sellerWithStore(app, leaves)
    const list = await http(app).get('/api/Admin/stores').query({ store_verify: 2 }).set(adminAuth)
    expect(list.body.data.data.map((s: { id: number }) => s.id)).toEqual([id])
    const detail = await http(app).get(`/api/Admin/stores/${id}`).set(adminAuth)
    expect(detail.body.data).toMatchObject({ id, store_name: '青禾小店', id_card_no: '11010519491231002X', class_id: [leaves[0].path, leaves[1].path] })
  })

  test('closing a store hides it and its goods at once; opening shows them again', async () => {
    const seller = await sellerWithStore(app, leaves)
    const goods = await createGoods(app, seller.storeId, leaves[0].id)
    expect((await http(app).get(`/api/goods/${goods.id}`)).body.code).toBe(200)
    expect((await http(app).get(`/api/store/${seller.storeId}`)).body.code).toBe(200)

    expect((await status(seller.storeId, 0)).body.data).toEqual({ id: seller.storeId, store_status: 0 })
    expect((await http(app).get(`/api/goods/${goods.id}`)).status).toBe(404)
    expect((await http(app).get(`/api/store/${seller.storeId}`)).status).toBe(404)
    expect((await http(app).get('/api/goods')).body.data.total).toBe(0)

    await status(seller.storeId, 1)
    expect((await http(app).get(`/api/goods/${goods.id}`)).body.code).toBe(200)
    expect((await status(9999999, 1)).status).toBe(404)
  })
})

describe('seller settings', () => {
  test('the seller reads and edits the store’s settings; area and slides are checked; the public page follows', async () => {
    const seller = await sellerWithStore(app, leaves)
    const settings = { store_name: '新店名', store_description: '简介', after_sale_service: '七天无理由', store_face_image: '/uploads/face.png', area: area.shenzhen, store_lat: '22.543099', store_lng: '114.057868', store_address: '深南大道 1 号', store_slide: ['/uploads/s1.png', '/uploads/s2.png', '/uploads/s3.png'] }
    await http(app).get(`/api/store/${seller.storeId}`) // cached
    const res = await http(app).put('/api/Seller/stores').set(seller.auth).send(settings)
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: { ...settings, area_info: '广东省 深圳市 南山区', store_verify: 4 } })
    expect((await http(app).get('/api/Seller/stores').set(seller.auth)).body.data).toMatchObject({ store_name: '新店名', store_slide: settings.store_slide })
    expect((await http(app).get(`/api/store/${seller.storeId}`)).body.data).toMatchObject({ store_name: '新店名', store_slide: settings.store_slide, store_lat: '22.543099' })

    const tooMany = await http(app).put('/api/Seller/stores').set(seller.auth).send({ store_slide: ['/1', '/2', '/3', '/4'] })
    expect(tooMany.status).toBe(400)
    const badArea = await http(app).put('/api/Seller/stores').set(seller.auth).send({ area: [area.beijing[0], area.shenzhen[1], area.shenzhen[2]] })
    expect(badArea.status).toBe(400)
    for (const field of ['store_verify', 'store_status', 'store_money', 'business_license'])
      expect((await http(app).put('/api/Seller/stores').set(seller.auth).send({ [field]: 4 })).status).toBe(400)

    // the after-sales text is rich text: stored without script
    await http(app).put('/api/Seller/stores').set(seller.auth).send({ after_sale_service: '<p>七天无理由</p><script>alert(1)</script>##qshop##[]' })
    expect((await app.db.stores.findUniqueOrThrow({ where: { id: seller.storeId } })).after_sale_service).toBe('<p>七天无理由</p>##qshop##[]')
    expect(await app.db.stores.findUniqueOrThrow({ where: { id: seller.storeId } })).toMatchObject({ store_verify: 4, store_status: 1 })
  })

  test('saving settings of a store in state 1 or 3 submits it (2)', async () => {
    const filling = await sellerWithStore(app, leaves, { store_verify: 1, store_status: 0 })
    const denied = await sellerWithStore(app, leaves, { store_verify: 3, store_status: 0 })
    for (const s of [filling, denied]) {
      expect((await http(app).put('/api/Seller/stores').set(s.auth).send({ store_description: '补充' })).body.data.store_verify).toBe(2)
    }
  })

  test('the goods form’s category tree holds only the store’s categories', async () => {
    const seller = await sellerWithStore(app, [leaves[0], leaves[1], leaves[7]])
    const tree = (await http(app).get('/api/Seller/store_classes').set(seller.auth)).body.data
    const ids = (nodes: { id: number; children: unknown[] }[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children as never)])
    expect(ids(tree).sort((a, b) => a - b)).toEqual([...new Set([...leaves[0].path, ...leaves[1].path, ...leaves[7].path])].sort((a, b) => a - b))
  })
})
