// load_menu: super admins and store owners see every menu; others the menus of their roles and the
// ancestors needed to reach them, ordered by is_sort then id.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createSeller, createUser } from '../../../test/factories.ts'
import { tokenFor } from './testkit.ts'

type Node = { id: number; name: string; children: Node[] }

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false })
})
afterAll(async () => app?.close())

const ids = (nodes: Node[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children)])
const shape = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children.length ? { [n.name]: shape(n.children) } : n.name))

/** top (sort 2) › [group › [page, other], lone], first (sort 1) — in the given model. */
async function menuTree(model: 'admin_menus' | 'user_menus', tag: string) {
  const db = app.db[model] as unknown as { create(args: object): Promise<{ id: number }> }
  const add = (data: object) => db.create({ data })
  const top = await add({ name: `${tag} top`, is_sort: 2, icon: 'fa-home', ename: 'Top' })
  const first = await add({ name: `${tag} first`, is_sort: 1, apis: `/x/${tag}/first`, view: 'x/first' })
  const group = await add({ name: `${tag} group`, pid: top.id, is_sort: 0 })
  const lone = await add({ name: `${tag} lone`, pid: top.id, is_sort: 0, apis: `/x/${tag}/lone` })
  const page = await add({ name: `${tag} page`, pid: group.id, is_sort: 5, apis: `/x/${tag}/page`, is_open: 1 })
  const other = await add({ name: `${tag} other`, pid: group.id, is_sort: 5, apis: `/x/${tag}/other` })
  return { top: top.id, first: first.id, group: group.id, lone: lone.id, page: page.id, other: other.id }
}

describe('admin load_menu', () => {
  let m: Awaited<ReturnType<typeof menuTree>>
  beforeAll(async () => {
    m = await menuTree('admin_menus', 'adm')
  })

  test('a super admin gets every menu, each node with its fields, ordered by is_sort then id', async () => {
    const admin = await createAdmin(app, { is_super: 1 })
    const res = await http(app).get('/api/Admin/load_menu').query({ type: 'getChildren' }).set(bearer(await tokenFor(app, 'admin', admin.id)))
    expect(res.body.code).toBe(200)
    const tree: Node[] = res.body.data
    expect(ids(tree).sort((a, b) => a - b)).toEqual((await app.db.admin_menus.findMany({ select: { id: true } })).map((r) => r.id).sort((a, b) => a - b))
    const mine = tree.filter((n) => n.id === m.top || n.id === m.first)
    expect(shape(mine)).toEqual(['adm first', { 'adm top': [{ 'adm group': ['adm page', 'adm other'] }, 'adm lone'] }])
    const page = mine[1].children[0].children[0]
    expect(page).toEqual({
      id: m.page, pid: m.group, name: 'adm page', ename: '', icon: '', view: '', apis: '/x/adm/page', is_open: 1, is_sort: 5, children: [],
    })
  })

  test('a restricted admin gets the menus of the roles plus their ancestors; none without roles', async () => {
    const admin = await createAdmin(app, { is_super: 0 })
    const auth = bearer(await tokenFor(app, 'admin', admin.id))
    expect((await http(app).get('/api/Admin/load_menu').set(auth)).body.data).toEqual([])

    const r1 = await app.db.admin_roles.create({ data: { name: 'menu role 1' } })
    const r2 = await app.db.admin_roles.create({ data: { name: 'menu role 2' } })
    await app.db.admin_to_menus.createMany({ data: [{ role_id: r1.id, menu_id: m.page }, { role_id: r2.id, menu_id: m.first }] })
    await app.db.admin_to_roles.createMany({ data: [{ admin_id: admin.id, role_id: r1.id }, { admin_id: admin.id, role_id: r2.id }] })
    const res = await http(app).get('/api/Admin/load_menu').set(auth)
    expect(shape(res.body.data)).toEqual(['adm first', { 'adm top': [{ 'adm group': ['adm page'] }] }])

    // Taking the role away shows at once.
    const root = await createAdmin(app, { is_super: 1 })
    const revoke = await http(app).put(`/api/Admin/admins/${admin.id}`).set(bearer(await tokenFor(app, 'admin', root.id))).send({ role_id: [r2.id] })
    expect(revoke.body.code).toBe(200)
    expect(shape((await http(app).get('/api/Admin/load_menu').set(auth)).body.data)).toEqual(['adm first'])
  })

  test('a seller token is refused in the admin area', async () => {
    const seller = await createSeller(app)
    const res = await http(app).get('/api/Admin/load_menu').set(bearer(await tokenFor(app, 'seller', seller.id)))
    expect(res.status).toBe(401)
  })
})

describe('seller load_menu', () => {
  let m: Awaited<ReturnType<typeof menuTree>>
  beforeAll(async () => {
    m = await menuTree('user_menus', 'sel')
  })

  test('a store owner gets every seller menu', async () => {
    const owner = await createSeller(app)
    const res = await http(app).get('/api/Seller/load_menu').set(bearer(await tokenFor(app, 'seller', owner.id)))
    const all = (await app.db.user_menus.findMany({ select: { id: true } })).map((r) => r.id)
    expect(ids(res.body.data).sort((a, b) => a - b)).toEqual(all.sort((a, b) => a - b))
    expect(ids(res.body.data)).toContain(m.other)
  })

  test('a sub-account gets the menus of its roles (of its store) plus their ancestors', async () => {
    const owner = await createSeller(app)
    const sub = await createUser(app, { belong_id: owner.id })
    const auth = bearer(await tokenFor(app, 'seller', sub.id))
    expect((await http(app).get('/api/Seller/load_menu').set(auth)).body.data).toEqual([])

    const role = await app.db.user_roles.create({ data: { belong_id: owner.id, name: 'clerk' } })
    await app.db.user_to_menus.createMany({ data: [{ role_id: role.id, menu_id: m.other }, { role_id: role.id, menu_id: m.lone }] })
    await app.db.user_to_roles.create({ data: { user_id: sub.id, role_id: role.id } })
    const res = await http(app).get('/api/Seller/load_menu').set(auth)
    expect(shape(res.body.data)).toEqual([{ 'sel top': [{ 'sel group': ['sel other'] }, 'sel lone'] }])

    // The owner edits the role: the sub-account's menu follows at once.
    const ownerAuth = bearer(await tokenFor(app, 'seller', owner.id))
    const edit = await http(app).put(`/api/Seller/roles/${role.id}`).set(ownerAuth).send({ menu_id: [m.first] })
    expect(edit.body.code).toBe(200)
    expect(shape((await http(app).get('/api/Seller/load_menu').set(auth)).body.data)).toEqual(['sel first'])
  })

  test('a shopper without a store is refused in the seller area', async () => {
    const shopper = await createUser(app)
    const res = await http(app).get('/api/Seller/load_menu').set(bearer(await tokenFor(app, 'seller', shopper.id)))
    expect(res.status).toBe(401)
  })
})
