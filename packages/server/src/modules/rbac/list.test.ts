// The list contract (paging, filters, trees), batch delete and import, through the RBAC resources.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin } from '../../../test/factories.ts'
import { verifyPassword } from '../../core/hash.ts'
import { tokenFor } from './testkit.ts'

let app: FastifyInstance
let auth: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false })
  const root = await createAdmin(app, { is_super: 1 })
  auth = bearer(await tokenFor(app, 'admin', root.id))
})
afterAll(async () => app?.close())

const get = (url: string, query: Record<string, string | number> = {}) => http(app).get(url).query(query).set(auth)

describe('paging', () => {
  test('answers {data,count,total,per_page,last_page,current_page}', async () => {
    await app.db.admin_permission_groups.createMany({ data: Array.from({ length: 35 }, (_, i) => ({ name: `page_${i}` })) })
    const total = await app.db.admin_permission_groups.count()
    const res = await get('/api/Admin/permission_groups', { page: 2, per_page: 30 })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(['count', 'current_page', 'data', 'last_page', 'per_page', 'total'])
    // The seeded groups grow with the routes: page 2 holds what is past the first 30, at most 30.
    const onPage2 = Math.min(30, total - 30)
    expect(res.body.data).toMatchObject({ total, per_page: 30, current_page: 2, last_page: Math.ceil(total / 30), count: onPage2 })
    expect(res.body.data.data).toHaveLength(onPage2)

    const first = await get('/api/Admin/permission_groups')
    expect(first.body.data).toMatchObject({ per_page: 30, current_page: 1, count: 30 })
  })

  test.each([50, 0, 1000, 'x'])('per_page=%s is refused with 400', async (perPage) => {
    const res = await get('/api/Admin/permission_groups', { per_page: perPage })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(400)
    expect(res.body.data).toHaveProperty('per_page')
  })

  test.each([100, 200, 300, 400])('per_page=%s is accepted', async (perPage) => {
    const res = await get('/api/Admin/permission_groups', { per_page: perPage })
    expect(res.body.data.per_page).toBe(perPage)
  })
})

describe('filters', () => {
  let ids: number[]
  beforeAll(async () => {
    ids = []
    for (const name of ['filter_alpha', 'filter_alphabet', 'filter_beta']) {
      const res = await http(app).post('/api/Admin/admins').set(auth).send({ username: name, password: 'Secret@123', nickname: name })
      expect(res.body.code).toBe(200)
      ids.push(res.body.data.id)
    }
  })

  test('like on username', async () => {
    const res = await get('/api/Admin/admins', { username: 'filter_alpha|like' })
    expect(res.body.data.data.map((r: { username: string }) => r.username).sort()).toEqual(['filter_alpha', 'filter_alphabet'])
  })

  test('eq on username (no operator) and on id', async () => {
    const byName = await get('/api/Admin/admins', { username: 'filter_alpha' })
    expect(byName.body.data.data.map((r: { id: number }) => r.id)).toEqual([ids[0]])
    const byId = await get('/api/Admin/admins', { id: ids[2] })
    expect(byId.body.data.data.map((r: { username: string }) => r.username)).toEqual(['filter_beta'])
    const inIds = await get('/api/Admin/admins', { id: `${ids[0]},${ids[2]}|in` })
    expect(inIds.body.data.total).toBe(2)
  })

  test('an unknown field is refused with 400 naming it', async () => {
    const res = await get('/api/Admin/admins', { password: 'x' })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data)).toEqual(['password'])
    const other = await get('/api/Admin/admins', { nosuchfield: '1' })
    expect(other.status).toBe(400)
    expect(other.body.data).toHaveProperty('nosuchfield')
    // Blank is "any" for a declared filter, never a way past the whitelist.
    const blank = await get('/api/Admin/admins', { username: '', nosuchfield: '' })
    expect(blank.status).toBe(400)
    expect(Object.keys(blank.body.data)).toEqual(['nosuchfield'])
  })

  test('an operator the field does not allow is refused with 400', async () => {
    for (const value of ['a|gt', 'a|between', 'a|nosuchop']) {
      const res = await get('/api/Admin/admins', { username: value })
      expect(res.status).toBe(400)
      expect(res.body.data).toHaveProperty('username')
    }
  })

  test('a column never answered (password) is never listed', async () => {
    const res = await get('/api/Admin/admins', { per_page: 400 })
    expect(res.body.data.data.length).toBeGreaterThan(0)
    for (const row of res.body.data.data) expect(row).not.toHaveProperty('password')
  })
})

describe('menu tree', () => {
  let root: number, child: number, leaf: number, lone: number
  const post = async (body: object) => {
    const res = await http(app).post('/api/Admin/menus').set(auth).send(body)
    expect(res.body.code).toBe(200)
    return res.body.data.id as number
  }
  beforeAll(async () => {
    root = await post({ name: 'tree root', is_sort: 1 })
    child = await post({ name: 'tree child', pid: root, apis: '/Admin/tree_child', icon: 'fa-cog' })
    leaf = await post({ name: 'tree leaf', pid: child, apis: '/Admin/tree_leaf' })
    lone = await post({ name: 'tree lone', pid: root })
  })

  test('roots by default, children of pid lazily, with has_children', async () => {
    const roots = await get('/api/Admin/menus', { per_page: 400 })
    const rows: { id: number; pid: number; has_children: boolean }[] = roots.body.data.data
    expect(rows.every((r) => r.pid === 0)).toBe(true)
    expect(rows.find((r) => r.id === root)?.has_children).toBe(true)

    const children = await get('/api/Admin/menus', { isChildren: 1, pid: root })
    expect(children.body.data.data.map((r: { id: number; has_children: boolean }) => [r.id, r.has_children]).sort()).toEqual(
      [[child, true], [lone, false]].sort(),
    )
    const leaves = await get('/api/Admin/menus', { isChildren: 1, pid: child })
    expect(leaves.body.data.data).toMatchObject([{ id: leaf, pid: child, name: 'tree leaf', icon: '', apis: '/Admin/tree_leaf', has_children: false }])
  })

  test('a search looks through every level', async () => {
    const res = await get('/api/Admin/menus', { name: 'tree leaf' })
    expect(res.body.data.data.map((r: { id: number }) => r.id)).toEqual([leaf])
  })

  test('a parent must exist and cannot be the menu itself or below it', async () => {
    for (const pid of [999999, child, leaf]) {
      const res = await http(app).put(`/api/Admin/menus/${child}`).set(auth).send({ pid })
      expect(res.status).toBe(400)
      expect(res.body.data).toHaveProperty('pid')
    }
    expect((await app.db.admin_menus.findUnique({ where: { id: child } }))?.pid).toBe(root)
  })

  test('a menu with children cannot be deleted; with its children it can', async () => {
    const refused = await http(app).delete(`/api/Admin/menus/${child}`).set(auth)
    expect(refused.status).toBe(200)
    expect(refused.body.code).toBe(402)
    expect(refused.body.msg).toBe('请先删除下级数据')
    expect(await app.db.admin_menus.count({ where: { id: child } })).toBe(1)

    const done = await http(app).delete(`/api/Admin/menus/${leaf},${child}`).set(auth)
    expect(done.body).toMatchObject({ code: 200, data: { deleted: 2 } })
    expect(await app.db.admin_menus.count({ where: { id: { in: [leaf, child] } } })).toBe(0)
  })

  test('seller menus are a tree of their own', async () => {
    const res = await http(app).post('/api/Admin/seller_menus').set(auth).send({ name: 'seller top', icon: 'fa-shop', is_open: 1 })
    expect(res.body.code).toBe(200)
    const row = await app.db.user_menus.findUnique({ where: { id: res.body.data.id } })
    expect(row).toMatchObject({ name: 'seller top', icon: 'fa-shop', is_open: 1, pid: 0 })
    expect(await app.db.admin_menus.count({ where: { name: 'seller top' } })).toBe(0)
  })
})

describe('batch delete', () => {
  test('deletes every id of a comma list', async () => {
    const { count } = await app.db.admin_permission_groups.createMany({ data: [{ name: 'del_1' }, { name: 'del_2' }, { name: 'del_3' }] })
    expect(count).toBe(3)
    const rows = await app.db.admin_permission_groups.findMany({ where: { name: { startsWith: 'del_' } }, orderBy: { id: 'asc' } })
    const res = await http(app).delete(`/api/Admin/permission_groups/${rows[0].id},${rows[1].id}`).set(auth)
    expect(res.body).toMatchObject({ code: 200, data: { deleted: 2 } })
    expect((await app.db.admin_permission_groups.findMany({ where: { name: { startsWith: 'del_' } } })).map((r) => r.name)).toEqual(['del_3'])
  })

  test('a missing id refuses the whole batch', async () => {
    const row = await app.db.admin_permission_groups.create({ data: { name: 'keep_me' } })
    const res = await http(app).delete(`/api/Admin/permission_groups/${row.id},99999999`).set(auth)
    expect(res.status).toBe(404)
    expect(await app.db.admin_permission_groups.count({ where: { id: row.id } })).toBe(1)
  })

  test('ids must be a comma list of numbers', async () => {
    const res = await http(app).delete('/api/Admin/permission_groups/1;2').set(auth)
    expect(res.status).toBe(400)
  })
})

describe('import', () => {
  test('creates every row, through the same rules as create', async () => {
    const res = await http(app)
      .post('/api/Admin/admins/import/excel')
      .set(auth)
      .send([
        { username: 'imported_1', password: 'Secret@123', nickname: 'one' },
        { username: 'imported_2', password: 'Secret@456' },
      ])
    expect(res.body).toMatchObject({ code: 200, data: { imported: 2 } })
    const rows = await app.db.admins.findMany({ where: { username: { startsWith: 'imported_' } }, orderBy: { username: 'asc' } })
    expect(rows.map((r) => [r.username, r.nickname, r.belong_id > 0])).toEqual([['imported_1', 'one', true], ['imported_2', '', true]])
    expect(await verifyPassword(rows[1].password, 'Secret@456')).toBe(true)
  })

  test('rows posted by the web client as one form field of JSON', async () => {
    const res = await http(app)
      .post('/api/Admin/permission_groups/import/excel')
      .set(auth)
      .type('form')
      .send({ rows: JSON.stringify([{ name: 'form_import_1' }, { name: 'form_import_2' }]) })
    expect(res.body).toMatchObject({ code: 200, data: { imported: 2 } })
    expect(await app.db.admin_permission_groups.count({ where: { name: { startsWith: 'form_import_' } } })).toBe(2)
  })

  test('one invalid row refuses the import and names the row and field', async () => {
    const res = await http(app)
      .post('/api/Admin/permission_groups/import/excel')
      .set(auth)
      .send({ rows: [{ name: 'import_ok' }, { name: '' }, { name: 'x', extra: 1 }] })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data).sort()).toEqual(['1.name', '2.extra'])
    expect(await app.db.admin_permission_groups.count({ where: { name: 'import_ok' } })).toBe(0)
  })

  test('a duplicate key rolls the whole import back', async () => {
    const res = await http(app)
      .post('/api/Admin/admins/import/excel')
      .set(auth)
      .send([{ username: 'imported_3', password: 'Secret@123' }, { username: 'imported_1', password: 'Secret@123' }])
    expect(res.status).toBe(409)
    expect(await app.db.admins.count({ where: { username: 'imported_3' } })).toBe(0)
  })
})

describe('times', () => {
  // DATETIMEs are stored in UTC and answered on the site's clock (Asia/Shanghai by default, core/siteCalendar.ts)
  // whatever the process's zone, whether a list is read by the bare driver (users: no present hook) or a row through
  // Prisma (show).
  test.each([
    ['UTC', '2026-03-04 13:06:07'],
    ['America/New_York', '2026-03-04 13:06:07'],
  ])('list and show answer the same created_at on the site clock, the process in %s', async (zone, expected) => {
    const saved = process.env.TZ
    process.env.TZ = zone
    const zoned = await createTestApp()
    try {
      const user = await zoned.db.users.create({ data: { username: `tz_${zone.replace('/', '_')}`, password: 'x', created_at: new Date('2026-03-04T05:06:07Z') } })
      const list = await http(zoned).get('/api/Admin/users').query({ username: user.username }).set(auth)
      expect(list.body.data.data.map((r: { created_at: string }) => r.created_at)).toEqual([expected])
      const show = await http(zoned).get(`/api/Admin/users/${user.id}`).set(auth)
      expect(show.body.data.created_at).toBe(expected)
    } finally {
      await zoned.close()
      process.env.TZ = saved
    }
  })
})
