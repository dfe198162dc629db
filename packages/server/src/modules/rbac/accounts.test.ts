// Administrators, roles, platform users and seller sub-accounts: what is written, what is answered, who may.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin, createSeller, createUser } from '../../../test/factories.ts'
import { verifyPassword } from '../../core/hash.ts'
import { verifyPayPassword } from '../../core/payPassword.ts'
import { permissionRow, tokenFor } from './testkit.ts'

let app: FastifyInstance
let rootId: number
let root: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false })
  rootId = (await createAdmin(app, { is_super: 1 })).id
  root = bearer(await tokenFor(app, 'admin', rootId))
})
afterAll(async () => app?.close())

const adminRole = async (name: string, keys: string[]) => {
  const permission_id = await Promise.all(keys.map((k) => permissionRow(app, 'admin', k)))
  const res = await http(app).post('/api/Admin/roles').set(root).send({ name, permission_id })
  expect(res.body.code).toBe(200)
  return res.body.data.id as number
}

/** A non-super admin holding exactly `keys`. */
const limitedAdmin = async (keys: string[]) => {
  const admin = await createAdmin(app, { is_super: 0 })
  const role = await adminRole(`role of ${admin.username}`, keys)
  await app.db.admin_to_roles.create({ data: { admin_id: admin.id, role_id: role } })
  await app.actors.invalidate()
  return { ...admin, auth: bearer(await tokenFor(app, 'admin', admin.id)) }
}

describe('admins', () => {
  test('create with role ids, show them, never answer the password', async () => {
    const r1 = await adminRole('editors', [])
    const r2 = await adminRole('auditors', [])
    const created = await http(app)
      .post('/api/Admin/admins')
      .set(root)
      .send({ username: 'ops_1', password: 'Secret@123', nickname: 'Ops', avatar: '/a.png', role_id: [r2, r1] })
    expect(created.body.code).toBe(200)
    const id = created.body.data.id

    const shown = await http(app).get(`/api/Admin/admins/${id}`).set(root)
    expect(shown.body.data).toMatchObject({ id, username: 'ops_1', nickname: 'Ops', avatar: '/a.png', is_super: 0, role_id: [r1, r2] })
    expect(shown.body.data).not.toHaveProperty('password')
    expect(JSON.stringify(shown.body)).not.toContain('Secret@123')

    const row = await app.db.admins.findUniqueOrThrow({ where: { id } })
    expect(row.password).not.toBe('Secret@123')
    expect(await verifyPassword(row.password, 'Secret@123')).toBe(true)
    expect(row.belong_id).toBe(rootId)

    const listed = await http(app).get('/api/Admin/admins').query({ username: 'ops_1' }).set(root)
    expect(listed.body.data.data[0]).toMatchObject({ id, role_id: [r1, r2] })
    expect(listed.body.data.data[0]).not.toHaveProperty('password')
  })

  test('update replaces the roles; an empty password leaves it unchanged; a new one is hashed', async () => {
    const r1 = await adminRole('r_upd_1', [])
    const r2 = await adminRole('r_upd_2', [])
    const { body } = await http(app).post('/api/Admin/admins').set(root).send({ username: 'ops_2', password: 'Secret@123', role_id: [r1] })
    const id = body.data.id
    const before = (await app.db.admins.findUniqueOrThrow({ where: { id } })).password

    const upd = await http(app).put(`/api/Admin/admins/${id}`).set(root).type('form').send(`nickname=Two&password=&role_id[]=${r2}`)
    expect(upd.body.code).toBe(200)
    const after = await app.db.admins.findUniqueOrThrow({ where: { id } })
    expect(after.nickname).toBe('Two')
    expect(after.password).toBe(before)
    expect((await app.db.admin_to_roles.findMany({ where: { admin_id: id } })).map((r) => r.role_id)).toEqual([r2])

    await http(app).put(`/api/Admin/admins/${id}`).set(root).send({ password: 'Changed@123' })
    expect(await verifyPassword((await app.db.admins.findUniqueOrThrow({ where: { id } })).password, 'Changed@123')).toBe(true)

    await http(app).put(`/api/Admin/admins/${id}`).set(root).send({ role_id: [] })
    expect(await app.db.admin_to_roles.count({ where: { admin_id: id } })).toBe(0)
  })

  test('unknown role ids and unknown fields are refused', async () => {
    const res = await http(app).post('/api/Admin/admins').set(root).send({ username: 'ops_3', password: 'Secret@123', role_id: [99999] })
    expect(res.status).toBe(400)
    expect(res.body.data).toHaveProperty('role_id')
    expect(await app.db.admins.count({ where: { username: 'ops_3' } })).toBe(0)

    const extra = await http(app).post('/api/Admin/admins').set(root).send({ username: 'ops_3', password: 'Secret@123', belong_id: 5 })
    expect(extra.status).toBe(400)
    expect(extra.body.data).toHaveProperty('belong_id')
  })

  test('a duplicate username is a conflict', async () => {
    await http(app).post('/api/Admin/admins').set(root).send({ username: 'dup_admin', password: 'Secret@123' })
    const res = await http(app).post('/api/Admin/admins').set(root).send({ username: 'dup_admin', password: 'Secret@123' })
    expect(res.status).toBe(409)
  })

  test('nobody deletes themselves', async () => {
    const res = await http(app).delete(`/api/Admin/admins/${rootId}`).set(root)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ code: 402, msg: '不能删除自己' })
    const en = await http(app).delete(`/api/Admin/admins/${rootId}`).set(root).set('lang', 'en')
    expect(en.body.msg).toBe('You cannot delete yourself.')
    expect(await app.db.admins.count({ where: { id: rootId } })).toBe(1)
  })

  test('only a super admin creates, edits or deletes super admins, or changes is_super', async () => {
    const manager = await limitedAdmin(['admin.admins.store', 'admin.admins.update', 'admin.admins.destroy'])
    const other = await createAdmin(app, { is_super: 1 })
    const plain = await createAdmin(app, { is_super: 0 })

    const create = await http(app).post('/api/Admin/admins').set(manager.auth).send({ username: 'would_be_super', password: 'Secret@123', is_super: 1 })
    expect(create.status).toBe(403)
    expect(await app.db.admins.count({ where: { username: 'would_be_super' } })).toBe(0)

    const promote = await http(app).put(`/api/Admin/admins/${plain.id}`).set(manager.auth).send({ is_super: 1 })
    expect(promote.status).toBe(403)
    const promoteSelf = await http(app).put(`/api/Admin/admins/${manager.id}`).set(manager.auth).send({ is_super: '1' })
    expect(promoteSelf.status).toBe(403)
    const editSuper = await http(app).put(`/api/Admin/admins/${other.id}`).set(manager.auth).send({ nickname: 'x' })
    expect(editSuper.status).toBe(403)
    const deleteSuper = await http(app).delete(`/api/Admin/admins/${other.id}`).set(manager.auth)
    expect(deleteSuper.status).toBe(403)
    expect(await app.db.admins.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ is_super: 1, nickname: other.username })
    expect((await app.db.admins.findUniqueOrThrow({ where: { id: plain.id } })).is_super).toBe(0)

    const normal = await http(app).post('/api/Admin/admins').set(manager.auth).send({ username: 'plain_new', password: 'Secret@123', is_super: 0 })
    expect(normal.body.code).toBe(200)
    const edit = await http(app).put(`/api/Admin/admins/${plain.id}`).set(manager.auth).send({ nickname: 'renamed' })
    expect(edit.body.code).toBe(200)

    const byRoot = await http(app).put(`/api/Admin/admins/${plain.id}`).set(root).send({ is_super: 1 })
    expect(byRoot.body.code).toBe(200)
    expect((await app.db.admins.findUniqueOrThrow({ where: { id: plain.id } })).is_super).toBe(1)
  })

  test('nobody grants more than they hold', async () => {
    const strong = await adminRole('strong', ['admin.menus.destroy'])
    const weak = await adminRole('weak', ['admin.menus.index'])
    const manager = await limitedAdmin(['admin.admins.update', 'admin.roles.update', 'admin.menus.index'])

    const selfPromote = await http(app).put(`/api/Admin/admins/${manager.id}`).set(manager.auth).send({ role_id: [strong] })
    expect(selfPromote.status).toBe(403)
    expect(await app.db.admin_to_roles.count({ where: { admin_id: manager.id, role_id: strong } })).toBe(0)

    const ownRole = (await app.db.admin_to_roles.findFirstOrThrow({ where: { admin_id: manager.id } })).role_id
    const destroy = await permissionRow(app, 'admin', 'admin.menus.destroy')
    const widen = await http(app).put(`/api/Admin/roles/${ownRole}`).set(manager.auth).send({ permission_id: [destroy] })
    expect(widen.status).toBe(403)

    const plain = await createAdmin(app, { is_super: 0 })
    const ok = await http(app).put(`/api/Admin/admins/${plain.id}`).set(manager.auth).send({ role_id: [weak] })
    expect(ok.body.code).toBe(200)
    // An admin holding a role the manager could not grant is stronger than the manager: not the manager's to edit,
    // not even to keep the roles it has (test/permission-matrix.test.ts walks the other edits).
    await app.db.admin_to_roles.create({ data: { admin_id: plain.id, role_id: strong } })
    const keep = await http(app).put(`/api/Admin/admins/${plain.id}`).set(manager.auth).send({ role_id: [weak, strong] })
    expect(keep.status).toBe(403)
    expect((await app.db.admin_to_roles.findMany({ where: { admin_id: plain.id }, orderBy: { role_id: 'asc' } })).map((r) => r.role_id)).toEqual([strong, weak].sort((a, b) => a - b))
  })
})

describe('roles', () => {
  test('menus and permissions are written, answered and replaced', async () => {
    const menu = await app.db.admin_menus.create({ data: { name: 'role menu' } })
    const p1 = await permissionRow(app, 'admin', 'admin.users.index')
    const p2 = await permissionRow(app, 'admin', 'admin.users.show')
    const res = await http(app).post('/api/Admin/roles').set(root).send({ name: 'support', menu_id: [menu.id], permission_id: [p2, p1] })
    const id = res.body.data.id
    const shown = await http(app).get(`/api/Admin/roles/${id}`).set(root)
    expect(shown.body.data).toMatchObject({ id, name: 'support', menu_id: [menu.id], permission_id: [p1, p2].sort((a, b) => a - b) })

    await http(app).put(`/api/Admin/roles/${id}`).set(root).send({ permission_id: [p1] })
    expect((await app.db.admin_to_permissions.findMany({ where: { role_id: id } })).map((r) => r.permission_id)).toEqual([p1])
    expect(await app.db.admin_to_menus.count({ where: { role_id: id } })).toBe(1)

    const bad = await http(app).put(`/api/Admin/roles/${id}`).set(root).send({ menu_id: [menu.id, 99999] })
    expect(bad.status).toBe(400)
    expect(bad.body.data).toHaveProperty('menu_id')
  })

  test('load_permission gives the role editor menus, grouped permissions and every route key', async () => {
    const res = await http(app).get('/api/Admin/load_permission').set(root)
    expect(res.body.code).toBe(200)
    const { menus, permissions, keys } = res.body.data
    expect(Array.isArray(menus)).toBe(true)
    expect(keys).toContain('admin.roles.index')
    expect(keys).toContain('admin.admins.destroy')
    expect(keys).not.toContain('*')
    const group = permissions.find((g: { children: { value: number }[] }) => g.children.some((c) => c.value > 0))
    expect(group.value).toMatch(/^group:\d+$/)
    const part = await http(app).get('/api/Admin/load_permission').query({ part: 'keys' }).set(root)
    expect(part.body.data).toEqual(keys)
  })
})

describe('platform users', () => {
  test('passwords are hashed and never answered; money is shown and never writable', async () => {
    const res = await http(app)
      .post('/api/Admin/users')
      .set(root)
      .send({ username: 'shopper_a', phone: '13800000001', password: 'Secret@123', pay_password: '123456', nickname: 'A', sex: 2 })
    expect(res.body.code).toBe(200)
    const id = res.body.data.id
    const row = await app.db.users.findUniqueOrThrow({ where: { id } })
    expect(await verifyPassword(row.password, 'Secret@123')).toBe(true)
    expect(await verifyPayPassword(app.config.PAY_PASSWORD_KEY, row.pay_password, '123456')).toEqual({ ok: true, upgrade: null })

    const shown = await http(app).get(`/api/Admin/users/${id}`).set(root)
    expect(shown.body.data).toMatchObject({ id, username: 'shopper_a', phone: '13800000001', sex: 2, money: '0.00', frozen_money: '0.00', integral: 0, belong_id: 0 })
    expect(shown.body.data).not.toHaveProperty('password')
    expect(shown.body.data).not.toHaveProperty('pay_password')

    for (const field of ['money', 'frozen_money', 'integral']) {
      const write = await http(app).put(`/api/Admin/users/${id}`).set(root).send({ [field]: '100.00' })
      expect(write.status).toBe(400)
      expect(write.body.data).toHaveProperty(field)
    }
    expect((await app.db.users.findUniqueOrThrow({ where: { id } })).money.toFixed(2)).toBe('0.00')

    const cleared = await http(app).put(`/api/Admin/users/${id}`).set(root).send({ phone: '' })
    expect(cleared.body.code).toBe(200)
    expect((await app.db.users.findUniqueOrThrow({ where: { id } })).phone).toBeNull()
  })

  test('validation: phone format, pay password digits, inviter exists', async () => {
    const bad = await http(app).post('/api/Admin/users').set(root).send({ username: 'shopper_b', password: 'Secret@123', phone: '123', pay_password: 'abcdef' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.data).sort()).toEqual(['pay_password', 'phone'])
    const inviter = await http(app).post('/api/Admin/users').set(root).send({ username: 'shopper_b', password: 'Secret@123', inviter_id: 99999 })
    expect(inviter.body.code).toBe(402)
    expect(await app.db.users.count({ where: { username: 'shopper_b' } })).toBe(0)
  })

  test('disabling a user takes effect at once', async () => {
    const seller = await createSeller(app)
    const token = bearer(await tokenFor(app, 'seller', seller.id))
    expect((await http(app).get('/api/Seller/load_menu').set(token)).body.code).toBe(200)
    await http(app).put(`/api/Admin/users/${seller.id}`).set(root).send({ status: 0 })
    expect((await http(app).get('/api/Seller/load_menu').set(token)).status).toBe(401)
  })
})

describe('seller sub-accounts and roles', () => {
  test('an owner manages sub-accounts and roles of the own store only', async () => {
    const a = await createSeller(app)
    const b = await createSeller(app)
    const aAuth = bearer(await tokenFor(app, 'seller', a.id))
    const bAuth = bearer(await tokenFor(app, 'seller', b.id))
    const menu = await app.db.user_menus.create({ data: { name: 'orders', apis: '/Seller/orders' } })
    const perm = await permissionRow(app, 'seller', 'seller.users.index')

    const role = await http(app).post('/api/Seller/roles').set(aAuth).send({ name: 'clerk', menu_id: [menu.id], permission_id: [perm] })
    expect(role.body.code).toBe(200)
    const roleId = role.body.data.id
    expect(await app.db.user_roles.findUniqueOrThrow({ where: { id: roleId } })).toMatchObject({ belong_id: a.id, name: 'clerk' })

    const foreignRole = await http(app).post('/api/Seller/users').set(bAuth).send({ username: 'b_clerk', password: 'Secret@123', role_id: [roleId] })
    expect(foreignRole.status).toBe(400)
    expect(foreignRole.body.data).toHaveProperty('role_id')

    const sub = await http(app).post('/api/Seller/users').set(aAuth).send({ username: 'a_clerk', password: 'Secret@123', nickname: 'clerk', role_id: [roleId] })
    expect(sub.body.code).toBe(200)
    const subRow = await app.db.users.findUniqueOrThrow({ where: { id: sub.body.data.id } })
    expect(subRow.belong_id).toBe(a.id)
    expect(await verifyPassword(subRow.password, 'Secret@123')).toBe(true)

    const listA = await http(app).get('/api/Seller/users').set(aAuth)
    expect(listA.body.data.data).toEqual([expect.objectContaining({ id: subRow.id, username: 'a_clerk', role_id: [roleId] })])
    expect(listA.body.data.data[0]).not.toHaveProperty('password')
    expect((await http(app).get('/api/Seller/users').set(bAuth)).body.data.total).toBe(0)
    expect((await http(app).get('/api/Seller/roles').set(bAuth)).body.data.total).toBe(0)

    // The sub-account holds seller.users.index only.
    const subAuth = bearer(await tokenFor(app, 'seller', subRow.id))
    expect((await http(app).get('/api/Seller/users').set(subAuth)).body.code).toBe(200)
    expect((await http(app).get('/api/Seller/roles').set(subAuth)).status).toBe(403)
    const menus = await http(app).get('/api/Seller/load_menu').set(subAuth)
    expect(menus.body.data.map((m: { id: number }) => m.id)).toEqual([menu.id])

    // No one deletes themselves, and the owner is no row of the sub-account list.
    expect((await http(app).delete(`/api/Seller/users/${a.id}`).set(aAuth)).body.code).toBe(402)
    expect((await http(app).get(`/api/Seller/users/${a.id}`).set(aAuth)).status).toBe(404)
    expect(await app.db.users.count({ where: { id: a.id } })).toBe(1)
  })

  test('a sub-account cannot delete itself nor grant beyond what it holds', async () => {
    const owner = await createSeller(app)
    const keys = ['seller.users.index', 'seller.users.update', 'seller.users.destroy', 'seller.roles.update']
    const perms = await Promise.all(keys.map((k) => permissionRow(app, 'seller', k)))
    const role = await app.db.user_roles.create({ data: { belong_id: owner.id, name: 'manager' } })
    await app.db.user_to_permissions.createMany({ data: perms.map((permission_id) => ({ role_id: role.id, permission_id })) })
    const sub = await createUser(app, { belong_id: owner.id })
    await app.db.user_to_roles.create({ data: { user_id: sub.id, role_id: role.id } })
    const subAuth = bearer(await tokenFor(app, 'seller', sub.id))

    const self = await http(app).delete(`/api/Seller/users/${sub.id}`).set(subAuth)
    expect(self.body).toMatchObject({ code: 402 })
    const extra = await permissionRow(app, 'seller', 'seller.roles.destroy')
    const widen = await http(app).put(`/api/Seller/roles/${role.id}`).set(subAuth).send({ permission_id: [...perms, extra] })
    expect(widen.status).toBe(403)
    expect(await app.db.user_to_permissions.count({ where: { role_id: role.id } })).toBe(keys.length)
  })
})
