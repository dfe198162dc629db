// Default deny, checked over EVERY back-office route the app registers (including routes added later):
// each declares a permission key, and an account holding no role is refused (403) wherever the key is not '*'.
// A role granting one key opens exactly the routes of that key, and taking it away closes them at once; a route
// open to an actor never answers 500. Nobody takes more than they hold: super-admin-only routes refuse everyone
// else whatever keys they hold, and roles and accounts stronger than the editor cannot be edited or deleted.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { permissionKey } from '@qshop/shared'
import { ADMIN_RESOURCES, SELLER_RESOURCES } from '@qshop/shared/resources/index'
import type { RouteRecord } from '../src/app.ts'
import { bearer, callRoute, createTestApp, http, resetDb, routeLabel } from './helpers.ts'
import { createAdmin, createSeller, createUser } from './factories.ts'
import { permissionRow, tokenFor } from '../src/modules/rbac/testkit.ts'

let app: FastifyInstance
let routes: RouteRecord[]

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false })
  routes = app.routeRecords.filter((r) => r.area !== 'user')
})
afterAll(async () => app?.close())

async function refusedEverywhere(area: 'admin' | 'seller', auth: Record<string, string>) {
  const guarded = routes.filter((r) => r.area === area && r.permission !== '*' && !r.public)
  expect(guarded.length).toBeGreaterThan(0)
  const wrong: string[] = []
  for (const r of guarded) {
    const res = await callRoute(app, r, auth)
    if (res.status !== 403 || res.body.code !== 403) wrong.push(`${routeLabel(r)} → ${res.status}`)
  }
  expect(wrong).toEqual([])
}

test('every back-office route declares a permission key of its area (or * for any account of the area)', () => {
  expect(routes.length).toBeGreaterThan(0)
  const undeclared = routes.filter((r) => !r.public && !r.permission).map(routeLabel)
  expect(undeclared).toEqual([])
  const foreign = routes.filter((r) => r.permission && r.permission !== '*' && !r.permission.startsWith(`${r.area}.`)).map(routeLabel)
  expect(foreign).toEqual([])
  // A back-office route open to anyone would bypass the whole model.
  expect(routes.filter((r) => r.public).map(routeLabel)).toEqual([])
})

test('an admin without roles is refused by every admin route whose key is not *', async () => {
  const admin = await createAdmin(app, { is_super: 0 })
  await refusedEverywhere('admin', bearer(await tokenFor(app, 'admin', admin.id)))
})

test('a seller sub-account without roles is refused by every seller route whose key is not *', async () => {
  const owner = await createSeller(app)
  const sub = await createUser(app, { belong_id: owner.id })
  await refusedEverywhere('seller', bearer(await tokenFor(app, 'seller', sub.id)))
})

describe('a role granting one key', () => {
  /** The routes of `key`, and the other routes of the same resource. */
  const routesOf = (area: 'admin' | 'seller', key: string) => {
    const resource = key.split('.').slice(0, 2).join('.') + '.'
    const own = routes.filter((r) => r.area === area && r.permission === key)
    const siblings = routes.filter((r) => r.area === area && r.permission !== key && r.permission?.startsWith(resource))
    expect(own.length).toBeGreaterThan(0)
    expect(siblings.length).toBeGreaterThan(0)
    return { own, siblings }
  }

  async function expectOpen(r: RouteRecord[], auth: Record<string, string>, open: boolean) {
    for (const route of r) {
      const res = await callRoute(app, route, auth)
      if (open) {
        expect(res.status, routeLabel(route)).not.toBe(403)
        expect(res.status, `${routeLabel(route)} ${JSON.stringify(res.body)}`).toBeLessThan(500)
      } else expect(res.status, routeLabel(route)).toBe(403)
    }
  }

  test('admin: opens that route only; revoking closes it at once', async () => {
    const key = 'admin.menus.index'
    const { own, siblings } = routesOf('admin', key)
    const root = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
    const admin = await createAdmin(app, { is_super: 0 })
    const auth = bearer(await tokenFor(app, 'admin', admin.id))
    await expectOpen(own, auth, false) // the actor is now cached without the key

    const role = await http(app).post('/api/Admin/roles').set(root).send({ name: 'one key', permission_id: [await permissionRow(app, 'admin', key)] })
    expect(role.body.code).toBe(200)
    expect((await http(app).put(`/api/Admin/admins/${admin.id}`).set(root).send({ role_id: [role.body.data.id] })).body.code).toBe(200)
    await expectOpen(own, auth, true)
    await expectOpen(siblings, auth, false)

    expect((await http(app).put(`/api/Admin/admins/${admin.id}`).set(root).send({ role_id: [] })).body.code).toBe(200)
    await expectOpen(own, auth, false)

    // Taking the key out of the role works the same way.
    await http(app).put(`/api/Admin/admins/${admin.id}`).set(root).send({ role_id: [role.body.data.id] })
    await expectOpen(own, auth, true)
    await http(app).put(`/api/Admin/roles/${role.body.data.id}`).set(root).send({ permission_id: [] })
    await expectOpen(own, auth, false)
  })

  test('seller: opens that route only; revoking closes it at once', async () => {
    const key = 'seller.roles.index'
    const { own, siblings } = routesOf('seller', key)
    const owner = await createSeller(app)
    const ownerAuth = bearer(await tokenFor(app, 'seller', owner.id))
    const sub = await createUser(app, { belong_id: owner.id })
    const auth = bearer(await tokenFor(app, 'seller', sub.id))
    await expectOpen(own, auth, false)

    const role = await http(app).post('/api/Seller/roles').set(ownerAuth).send({ name: 'one key', permission_id: [await permissionRow(app, 'seller', key)] })
    expect(role.body.code).toBe(200)
    expect((await http(app).put(`/api/Seller/users/${sub.id}`).set(ownerAuth).send({ role_id: [role.body.data.id] })).body.code).toBe(200)
    await expectOpen(own, auth, true)
    await expectOpen(siblings, auth, false)

    expect((await http(app).put(`/api/Seller/users/${sub.id}`).set(ownerAuth).send({ role_id: [] })).body.code).toBe(200)
    await expectOpen(own, auth, false)
  })
})

// ---- nobody takes more than they hold ----

type Area = 'admin' | 'seller'
const PREFIX = { admin: '/api/Admin', seller: '/api/Seller' } as const

/** A role of the area holding exactly `keys` (seller roles belong to `owner`), written as the seed writes rows. */
async function roleWith(area: Area, keys: string[], owner?: { id: number }) {
  const role =
    area === 'admin'
      ? await app.db.admin_roles.create({ data: { name: `holds ${keys.join(' ')}`.slice(0, 64) } })
      : await app.db.user_roles.create({ data: { name: `holds ${keys.join(' ')}`.slice(0, 64), belong_id: owner!.id } })
  const ids = await Promise.all(keys.map((k) => permissionRow(app, area, k)))
  if (area === 'admin') await app.db.admin_to_permissions.createMany({ data: ids.map((permission_id) => ({ role_id: role.id, permission_id })) })
  else await app.db.user_to_permissions.createMany({ data: ids.map((permission_id) => ({ role_id: role.id, permission_id })) })
  return role.id
}

/** An account of the area holding exactly `keys`: an admin, or a sub-account of `owner`. */
async function accountWith(area: Area, keys: string[], owner?: { id: number }) {
  const account = area === 'admin' ? await createAdmin(app, { is_super: 0 }) : await createUser(app, { belong_id: owner!.id })
  const role = await roleWith(area, keys, owner)
  if (area === 'admin') await app.db.admin_to_roles.create({ data: { admin_id: account.id, role_id: role } })
  else await app.db.user_to_roles.create({ data: { user_id: account.id, role_id: role } })
  await app.actors.invalidate()
  return { ...account, role, auth: bearer(await tokenFor(app, area, account.id)) }
}

const logsIn = async (area: Area, username: string, password: string) =>
  (await http(app).post('/api/login').send({ username, password, provider: area === 'admin' ? 'admins' : 'users', area })).body.code === 200

const grantedKeys = async (area: Area, roleId: number) =>
  area === 'admin'
    ? (await app.db.admin_to_permissions.findMany({ where: { role_id: roleId }, include: { permission: true } })).map((l) => l.permission.apis).sort()
    : (await app.db.user_to_permissions.findMany({ where: { role_id: roleId }, include: { permission: true } })).map((l) => l.permission.apis).sort()

describe('closing after-sales requests', () => {
  test('admin.refunds.close is its own key, seeded with its name: arbitrating (verify) or reading refunds does not open it', async () => {
    expect(routes.filter((r) => r.permission === 'admin.refunds.close').map(routeLabel)).toEqual(['PUT /api/Admin/refunds/:id/close [admin.refunds.close]'])
    expect(await app.db.admin_permissions.findFirstOrThrow({ where: { apis: 'admin.refunds.close' }, select: { name: true } })).toEqual({ name: '退款订单 关闭' })
    const close = (auth: Record<string, string>) => http(app).put('/api/Admin/refunds/1/close').set(auth).send({ admin_remark: 'x' })
    const others = await accountWith('admin', ['admin.refunds.index', 'admin.refunds.show', 'admin.refunds.verify'])
    expect((await close(others.auth)).status).toBe(403)
    const holder = await accountWith('admin', ['admin.refunds.close'])
    // Past the permission check: no such request.
    expect((await close(holder.auth)).status).toBe(404)
  })
})

describe('super-admin-only routes', () => {
  test('are exactly the actions the resource declarations (which the web app reads to hide buttons) call super-only', () => {
    const declared = [...Object.values(ADMIN_RESOURCES), ...Object.values(SELLER_RESOURCES)].flatMap((decl) =>
      (decl.superOnly ?? []).map((action) => permissionKey(decl.area, decl.name, action)),
    )
    expect(declared).toContain('admin.permissions.store')
    const enforced = [...new Set(routes.filter((r) => r.superOnly).map((r) => r.permission))]
    expect(enforced.sort()).toEqual(declared.sort())
  })

  test('the permission rows and groups are written by super admins only: an admin holding every admin key is refused', async () => {
    const superOnly = routes.filter((r) => r.superOnly)
    for (const resource of ['permissions', 'permission_groups'])
      for (const action of ['store', 'update', 'destroy', 'import'])
        expect(superOnly.map((r) => r.permission)).toContain(`admin.${resource}.${action}`)
    expect(superOnly.filter((r) => r.area !== 'admin').map(routeLabel)).toEqual([])

    const everyKey = [...new Set(routes.filter((r) => r.area === 'admin' && r.permission !== '*').map((r) => r.permission!))]
    const holder = await accountWith('admin', everyKey)
    for (const route of superOnly) {
      const res = await callRoute(app, route, holder.auth)
      expect(res.status, routeLabel(route)).toBe(403)
    }
    // ...while the same keys open the rest of the area.
    expect((await http(app).get('/api/Admin/permissions').set(holder.auth)).body.code).toBe(200)
  })

  test('an admin holding admin.permissions.update cannot point a permission row it holds at another key', async () => {
    const row = await permissionRow(app, 'admin', 'admin.permissions.update')
    const rowBefore = await app.db.admin_permissions.findUniqueOrThrow({ where: { id: row } })
    const admin = await accountWith('admin', ['admin.permissions.index', 'admin.permissions.update', 'admin.permissions.store'])
    const rewrite = await http(app).put(`/api/Admin/permissions/${row}`).set(admin.auth).send({ apis: 'admin.configs.update' })
    expect(rewrite.status).toBe(403)
    const add = await http(app).post('/api/Admin/permissions').set(admin.auth).send({ pid: rowBefore.pid, name: 'configs', apis: 'admin.configs.zz' })
    expect(add.status).toBe(403)
    expect(await app.db.admin_permissions.findUniqueOrThrow({ where: { id: row } })).toEqual(rowBefore)
    expect(await app.db.admin_permissions.count({ where: { apis: 'admin.configs.zz' } })).toBe(0)
    expect((await http(app).put('/api/Admin/configs/web').set(admin.auth).send({})).status).toBe(403)

    const root = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
    const byRoot = await http(app).put(`/api/Admin/permissions/${row}`).set(root).send({ name: 'renamed by root' })
    expect(byRoot.body.code).toBe(200)
  })
})

describe.each(['admin', 'seller'] as const)('%s: roles and accounts stronger than the editor', (area) => {
  const strongKeys = area === 'admin' ? ['admin.configs.update', 'admin.menus.index'] : ['seller.goods.store', 'seller.users.index']
  const editorKeys =
    area === 'admin'
      ? ['admin.roles.index', 'admin.roles.update', 'admin.roles.destroy', 'admin.admins.index', 'admin.admins.update', 'admin.admins.destroy', 'admin.menus.index']
      : ['seller.roles.index', 'seller.roles.update', 'seller.roles.destroy', 'seller.users.index', 'seller.users.update', 'seller.users.destroy']
  const weakKeys = area === 'admin' ? ['admin.menus.index'] : ['seller.users.index']
  const accounts = area === 'admin' ? 'admins' : 'users'

  async function world() {
    const owner = area === 'seller' ? await createSeller(app) : undefined
    const editor = await accountWith(area, editorKeys, owner)
    const victim = await accountWith(area, strongKeys, owner)
    const weaker = await accountWith(area, weakKeys, owner)
    return { owner, editor, victim, weaker }
  }

  test('a stronger role cannot be renamed, stripped or deleted; one within the editor’s keys can', async () => {
    const { editor, victim, weaker } = await world()
    const base = `${PREFIX[area]}/roles`
    const name = async (id: number) =>
      area === 'admin' ? (await app.db.admin_roles.findUnique({ where: { id } }))?.name : (await app.db.user_roles.findUnique({ where: { id } }))?.name
    const before = await name(victim.role)

    expect((await http(app).put(`${base}/${victim.role}`).set(editor.auth).send({ name: 'renamed' })).status).toBe(403)
    expect((await http(app).put(`${base}/${victim.role}`).set(editor.auth).send({ permission_id: [] })).status).toBe(403)
    expect((await http(app).delete(`${base}/${victim.role}`).set(editor.auth)).status).toBe(403)
    expect(await name(victim.role)).toBe(before)
    expect(await grantedKeys(area, victim.role)).toEqual([...strongKeys].sort())

    expect((await http(app).put(`${base}/${weaker.role}`).set(editor.auth).send({ name: 'renamed' })).body.code).toBe(200)
    expect(await name(weaker.role)).toBe('renamed')
    expect((await http(app).delete(`${base}/${weaker.role}`).set(editor.auth)).body.code).toBe(200)
    expect(await name(weaker.role)).toBeUndefined()
  })

  test('a stronger account cannot have its password reset, be edited or deleted: the victim’s password still works', async () => {
    const { editor, victim, weaker } = await world()
    const base = `${PREFIX[area]}/${accounts}`
    const reset = await http(app).put(`${base}/${victim.id}`).set(editor.auth).send({ password: 'Taken@123' })
    expect(reset.status).toBe(403)
    expect((await http(app).put(`${base}/${victim.id}`).set(editor.auth).send({ nickname: 'taken' })).status).toBe(403)
    expect((await http(app).put(`${base}/${victim.id}`).set(editor.auth).send({ role_id: [] })).status).toBe(403)
    expect((await http(app).delete(`${base}/${victim.id}`).set(editor.auth)).status).toBe(403)
    expect(await logsIn(area, victim.username, victim.password)).toBe(true)
    expect(await logsIn(area, victim.username, 'Taken@123')).toBe(false)
    expect(await grantedKeys(area, victim.role)).toEqual([...strongKeys].sort())
    const row =
      area === 'admin' ? await app.db.admins.findUniqueOrThrow({ where: { id: victim.id } }) : await app.db.users.findUniqueOrThrow({ where: { id: victim.id } })
    expect(row.nickname).toBe(victim.username)
    // The victim still holds its role.
    const held = area === 'admin' ? await app.db.admin_to_roles.count({ where: { admin_id: victim.id } }) : await app.db.user_to_roles.count({ where: { user_id: victim.id } })
    expect(held).toBe(1)

    // An account holding no more than the editor is the editor's to manage.
    expect((await http(app).put(`${base}/${weaker.id}`).set(editor.auth).send({ password: 'Reset@123' })).body.code).toBe(200)
    expect(await logsIn(area, weaker.username, 'Reset@123')).toBe(true)
    expect((await http(app).delete(`${base}/${weaker.id}`).set(editor.auth)).body.code).toBe(200)
  })
})

test('an admin holding admin.users.update edits a platform user but cannot take the account over', async () => {
  const clerk = await accountWith('admin', ['admin.users.index', 'admin.users.update'])
  const owner = await createSeller(app, { phone: '13900000077' })
  for (const proof of [{ password: 'Taken@123' }, { pay_password: '654321' }, { phone: '13900000078' }]) {
    const res = await http(app).put(`/api/Admin/users/${owner.id}`).set(clerk.auth).send(proof)
    expect(res.status, JSON.stringify(proof)).toBe(403)
  }
  const row = await app.db.users.findUniqueOrThrow({ where: { id: owner.id } })
  expect(row).toMatchObject({ phone: '13900000077', pay_password: null })
  expect(await logsIn('seller', owner.username, owner.password)).toBe(true)
  expect(await logsIn('seller', owner.username, 'Taken@123')).toBe(false)
  // What does not prove ownership is the clerk's to change; a super admin may reset the rest.
  expect((await http(app).put(`/api/Admin/users/${owner.id}`).set(clerk.auth).send({ nickname: 'renamed' })).body.code).toBe(200)
  const root = bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
  expect((await http(app).put(`/api/Admin/users/${owner.id}`).set(root).send({ password: 'Reset@123' })).body.code).toBe(200)
  expect(await logsIn('seller', owner.username, 'Reset@123')).toBe(true)
})

describe('a route open to the actor never answers 500', () => {
  // Last in the file: the walk calls every route with id 1 and an empty body, as the holder of everything.
  test.each(['admin', 'seller'] as const)('%s: the holder of everything calls every route of the area', async (area) => {
    const auth =
      area === 'admin'
        ? bearer(await tokenFor(app, 'admin', (await createAdmin(app, { is_super: 1 })).id))
        : bearer(await tokenFor(app, 'seller', (await createSeller(app)).id))
    const failed: string[] = []
    for (const route of routes.filter((r) => r.area === area)) {
      const res = await callRoute(app, route, auth)
      if (res.status >= 500 || res.status === 403) failed.push(`${routeLabel(route)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
    }
    expect(failed).toEqual([])
  })
})
