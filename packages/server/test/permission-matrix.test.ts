// Default deny, checked over EVERY back-office route the app registers (including routes added later):
// each declares a permission key, and an account holding no role is refused (403) wherever the key is not '*'.
// A role granting one key opens exactly the routes of that key, and taking it away closes them at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
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
      if (open) expect(res.status, routeLabel(route)).not.toBe(403)
      else expect(res.status, routeLabel(route)).toBe(403)
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
