// Store onboarding and its verification states, the admin's review and open/close, and the seller's settings.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createUser } from '../../../test/factories.ts'
import { permissionRow, tokenFor } from '../rbac/testkit.ts'
import { makeIdentityImagesPrivate } from './identityMove.ts'
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

/** A private upload of the shopper (an identity image), as the signed URL the upload answers. */
async function identityImage(auth: Record<string, string>, folder: 'id_card' | 'business_license') {
  const image = await sharp({ create: { width: 40, height: 25, channels: 3, background: '#88aacc' } }).png().toBuffer()
  const res = await http(app).post('/api/uploads').set(auth).field('name', folder).attach('file', image, 'card.png')
  expect(res.body.code).toBe(200)
  return res.body.data as string
}

async function shopper() {
  const user = await createUser(app)
  const auth = bearer(await tokenFor(app, 'user', user.id))
  const identity = {
    business_license: await identityImage(auth, 'business_license'),
    id_card_t: await identityImage(auth, 'id_card'),
    id_card_b: await identityImage(auth, 'id_card'),
  }
  return { ...user, auth, identity }
}

type Identity = Awaited<ReturnType<typeof shopper>>['identity']

const application = (identity: Identity) => ({
  store_name: '青禾小店',
  store_logo: '/uploads/logo.png',
  store_mobile: '13800000011',
  store_company_name: '青禾商贸有限公司',
  area: area.beijing,
  store_lat: '39.921900',
  store_lng: '116.443600',
  store_address: '建国路 1 号',
  business_license: identity.business_license,
  business_license_no: '91110000MA00000000',
  legal_person: '张三',
  store_phone: '13800000012',
  id_card_no: '11010519491231002X',
  id_card_t: identity.id_card_t,
  id_card_b: identity.id_card_b,
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

    const saved = await http(app).put('/api/store').set(user.auth).send(application(user.identity))
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
    expect((await http(app).put('/api/store').set(user.auth).send(application(user.identity))).body.code).toBe(402)
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    await http(app).put('/api/store').set(user.auth).send(application(user.identity))
    const again = await http(app).put('/api/store').set(user.auth).send({ ...application(user.identity), store_name: '改名' })
    expect(again.body.code).toBe(402)
    await verify(id, { store_verify: 4 })
    expect((await http(app).put('/api/store').set(user.auth).send(application(user.identity))).body.code).toBe(402)
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
    const res = await http(app).put('/api/store').set(user.auth).send({ ...application(user.identity), ...(change as object) })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.data).toHaveProperty([field])
    expect(await app.db.stores.findUniqueOrThrow({ where: { id } })).toMatchObject({ store_verify: 1, store_name: '' })
  })

  test('an empty or partial application is refused with 400 naming each missing field, and stays in state 1', async () => {
    const user = await shopper()
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    const required = [
      'store_name', 'store_mobile', 'area', 'store_address', 'business_license', 'business_license_no', 'legal_person', 'store_phone',
      'id_card_no', 'id_card_t', 'id_card_b', 'class_id',
    ]
    const empty = await http(app).put('/api/store').set(user.auth).send({})
    expect(empty.status).toBe(400)
    expect(Object.keys(empty.body.data).sort()).toEqual([...required].sort())
    const { business_license: _licence, id_card_b: _back, ...partial } = application(user.identity)
    const blanks = await http(app).put('/api/store').set(user.auth).send({ ...partial, legal_person: '  ' })
    expect(blanks.status).toBe(400)
    expect(Object.keys(blanks.body.data).sort()).toEqual(['business_license', 'id_card_b', 'legal_person'])
    expect(await app.db.stores.findUniqueOrThrow({ where: { id } })).toMatchObject({ store_verify: 1, store_name: '', legal_person: '' })
    expect(await app.db.store_classes.count({ where: { store_id: id } })).toBe(0)
  })
})

describe('until the store passes review', () => {
  /** The seller back office as an applicant's account would use it: menus, settings, a sub-account, a freight template, an upload. */
  const backOffice = (auth: Record<string, string>, n: string) => ({
    menus: http(app).get('/api/Seller/load_menu').set(auth),
    emptySettings: http(app).put('/api/Seller/stores').set(auth).send({}),
    settings: http(app).put('/api/Seller/stores').set(auth).send({ store_description: '补充' }),
    subAccount: http(app).post('/api/Seller/users').set(auth).send({ username: `clerk_${n}`, password: 'Secret@123' }),
    freight: http(app).post('/api/Seller/freights').set(auth).send({ name: `freight ${n}` }),
    upload: http(app).post('/api/Seller/uploads').set(auth).field('name', 'goods').attach('file', Buffer.from('not read'), 'a.png'),
  })

  test('the seller tokens of an applicant (owner or sub-account) open nothing of the back office; nothing is written', async () => {
    for (const state of [1, 2, 3]) {
      const owner = await sellerWithStore(app, leaves, { store_verify: state, store_status: 0 })
      const sub = await createUser(app, { belong_id: owner.id })
      const before = await app.db.stores.findUniqueOrThrow({ where: { id: owner.storeId } })
      for (const [who, auth] of [['owner', owner.auth], ['sub', bearer(await tokenFor(app, 'seller', sub.id))]] as const) {
        for (const [call, res] of Object.entries(backOffice(auth, `${state}${who}`))) {
          expect((await res).status, `${who} ${call}`).toBe(401)
        }
      }
      expect(await app.db.stores.findUniqueOrThrow({ where: { id: owner.storeId } })).toEqual(before)
      expect(await app.db.users.count({ where: { belong_id: owner.id } })).toBe(1)
      expect(await app.db.freights.count({ where: { store_id: owner.storeId } })).toBe(0)
      expect(await app.db.file_spaces.count({ where: { belong_id: owner.storeId } })).toBe(0)
      // The application stays the owner's to read with the storefront login.
      const mine = await http(app).get('/api/store').set(bearer(await tokenFor(app, 'user', owner.id)))
      expect(mine.body.data).toMatchObject({ id: owner.storeId, store_verify: state })
    }
  })

  test('passing review opens the back office to the token at once', async () => {
    const user = await shopper()
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    await http(app).put('/api/store').set(user.auth).send(application(user.identity))
    const seller = bearer(await tokenFor(app, 'seller', user.id))
    expect((await http(app).get('/api/Seller/load_menu').set(seller)).status).toBe(401)
    await verify(id, { store_verify: 4 })
    expect((await http(app).get('/api/Seller/load_menu').set(seller)).body.code).toBe(200)
  })

  test('closing a passed store keeps its back office; withdrawing the approval ends it', async () => {
    const seller = await sellerWithStore(app, leaves)
    await status(seller.storeId, 0)
    expect((await http(app).get('/api/Seller/stores').set(seller.auth)).body.data).toMatchObject({ store_status: 0, store_verify: 4 })
    // No route withdraws an approval; whatever does must drop cached actors, as every RBAC change does.
    await app.db.stores.update({ where: { id: seller.storeId }, data: { store_verify: 3 } })
    await app.actors.invalidate()
    expect((await http(app).get('/api/Seller/stores').set(seller.auth)).status).toBe(401)
  })
})

describe('identity images (private uploads)', () => {
  const signed = /^\/api\/private_files\/(\d+)\?expires=\d+&signature=[\w-]+$/

  test('the application stores references to the applicant’s private uploads and answers them as signed URLs', async () => {
    const user = await shopper()
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    expect((await http(app).put('/api/store').set(user.auth).send(application(user.identity))).body.code).toBe(200)

    const idOf = (url: string) => Number(signed.exec(url)![1])
    expect(await app.db.stores.findUniqueOrThrow({ where: { id }, select: { business_license: true, id_card_t: true, id_card_b: true } })).toEqual({
      business_license: `/api/private_files/${idOf(user.identity.business_license)}`,
      id_card_t: `/api/private_files/${idOf(user.identity.id_card_t)}`,
      id_card_b: `/api/private_files/${idOf(user.identity.id_card_b)}`,
    })
    const mine = (await http(app).get('/api/store').set(user.auth)).body.data
    for (const field of ['business_license', 'id_card_t', 'id_card_b'] as const) {
      expect(mine[field], field).toMatch(signed)
      expect(idOf(mine[field])).toBe(idOf(user.identity[field]))
      const image = await http(app).get(mine[field])
      expect(image.status, field).toBe(200)
      expect(image.headers['content-type']).toBe('image/png')
    }
  })

  test('public URLs, other accounts’ files and public uploads are refused with 400 on their fields; nothing is written', async () => {
    const user = await shopper()
    const other = await shopper()
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    const avatar = await http(app)
      .post('/api/uploads')
      .set(user.auth)
      .attach('file', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer(), 'a.png')
    const avatarRow = await app.db.uploads.findFirstOrThrow({ where: { url: avatar.body.data } })
    const res = await http(app)
      .put('/api/store')
      .set(user.auth)
      .send({ ...application(user.identity), business_license: avatar.body.data, id_card_t: other.identity.id_card_t, id_card_b: `/api/private_files/${avatarRow.id}` })
    expect(res.status).toBe(400)
    expect(res.body.data).toEqual({ business_license: '请重新上传该证件图片', id_card_t: '请重新上传该证件图片', id_card_b: '请重新上传该证件图片' })
    expect(await app.db.stores.findUniqueOrThrow({ where: { id } })).toMatchObject({ store_verify: 1, store_name: '', id_card_t: '' })
  })

  test('the admin detail shows them as signed URLs; an admin without the detail key gets none in the list', async () => {
    const user = await shopper()
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    await http(app).put('/api/store').set(user.auth).send(application(user.identity))
    const detail = (await http(app).get(`/api/Admin/stores/${id}`).set(adminAuth)).body.data
    for (const field of ['business_license', 'id_card_t', 'id_card_b']) {
      expect(detail[field], field).toMatch(signed)
      expect((await http(app).get(detail[field])).status, field).toBe(200)
    }

    const clerk = await createAdmin(app, { is_super: 0 })
    const role = await app.db.admin_roles.create({ data: { name: 'store list only' } })
    await app.db.admin_to_permissions.create({ data: { role_id: role.id, permission_id: await permissionRow(app, 'admin', 'admin.stores.index') } })
    await app.db.admin_to_roles.create({ data: { admin_id: clerk.id, role_id: role.id } })
    const list = await http(app).get('/api/Admin/stores').set(bearer(await tokenFor(app, 'admin', clerk.id)))
    expect(list.body.code).toBe(200)
    expect(list.body.data.data.find((s: { id: number }) => s.id === id)).toMatchObject({ business_license: '', id_card_t: '', id_card_b: '' })
  })
})

describe('identity images saved while they were public', () => {
  test('move to the private storage once: the application keeps its images, the public copies are gone', async () => {
    const user = await shopper()
    const dir = path.join(app.config.UPLOAD_DIR, 'store', '20250101')
    await mkdir(dir, { recursive: true })
    const licence = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } }).png().toBuffer()
    const front = await sharp({ create: { width: 31, height: 20, channels: 3, background: '#654321' } }).jpeg().toBuffer()
    await writeFile(path.join(dir, 'licence.png'), licence)
    await writeFile(path.join(dir, 'front.jpg'), front)
    const store = await app.db.stores.create({
      data: {
        user_id: user.id, store_name: 'Old', store_verify: 2, business_license: '/uploads/store/20250101/licence.png',
        id_card_t: '/uploads/store/20250101/front.jpg', id_card_b: 'https://elsewhere.example/back.png',
      },
    })
    const other = await app.db.stores.create({ data: { user_id: (await createUser(app)).id, store_name: 'Done', id_card_t: '/api/private_files/1' } })

    const result = await makeIdentityImagesPrivate(app)
    expect(result).toEqual({ moved: 2, left: [{ store: store.id, field: 'id_card_b', value: 'https://elsewhere.example/back.png' }] })
    const row = await app.db.stores.findUniqueOrThrow({ where: { id: store.id } })
    expect(row.business_license).toMatch(/^\/api\/private_files\/\d+$/)
    expect(row.id_card_t).toMatch(/^\/api\/private_files\/\d+$/)
    expect(row.id_card_b).toBe('https://elsewhere.example/back.png')
    expect((await app.db.stores.findUniqueOrThrow({ where: { id: other.id } })).id_card_t).toBe('/api/private_files/1')
    expect(existsSync(path.join(dir, 'licence.png'))).toBe(false)
    expect(existsSync(path.join(dir, 'front.jpg'))).toBe(false)
    expect((await http(app).get('/uploads/store/20250101/licence.png')).status).toBe(404)

    const uploads = await app.db.uploads.findMany({ where: { area: 'user', owner_id: user.id, folder: { in: ['business_license', 'id_card'] }, original_name: { in: ['licence.png', 'front.jpg'] } }, orderBy: { id: 'asc' } })
    expect(uploads).toEqual([
      expect.objectContaining({ folder: 'business_license', is_private: 1, disk: 'private', mime: 'image/png', size: licence.length, url: row.business_license }),
      expect.objectContaining({ folder: 'id_card', is_private: 1, disk: 'private', mime: 'image/jpeg', size: front.length, url: row.id_card_t }),
    ])
    // The applicant still sees them, through signed URLs.
    const mine = (await http(app).get('/api/store').set(user.auth)).body.data
    const served = await http(app).get(mine.business_license).responseType('blob')
    expect(Buffer.compare(served.body as Buffer, licence)).toBe(0)
    expect(mine.id_card_b).toBe('https://elsewhere.example/back.png')

    // A second run has nothing left to move.
    expect(await makeIdentityImagesPrivate(app)).toEqual({ moved: 0, left: [{ store: store.id, field: 'id_card_b', value: 'https://elsewhere.example/back.png' }] })
  })
})

describe('admin review', () => {
  async function applied() {
    const user = await shopper()
    const { id } = (await http(app).post('/api/store/join').set(user.auth)).body.data
    await http(app).put('/api/store').set(user.auth).send(application(user.identity))
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

    await http(app).put('/api/store').set(user.auth).send({ ...application(user.identity), business_license: await identityImage(user.auth, 'business_license') })
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

  test('the goods form’s category tree holds only the store’s categories', async () => {
    const seller = await sellerWithStore(app, [leaves[0], leaves[1], leaves[7]])
    const tree = (await http(app).get('/api/Seller/store_classes').set(seller.auth)).body.data
    const ids = (nodes: { id: number; children: unknown[] }[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children as never)])
    expect(ids(tree).sort((a, b) => a - b)).toEqual([...new Set([...leaves[0].path, ...leaves[1].path, ...leaves[7].path])].sort((a, b) => a - b))
  })
})
