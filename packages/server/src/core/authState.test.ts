// Two api instances on one database and Redis: what one revokes or re-permits, the other applies.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { bearer, createTestApp, eventually, http, resetDb } from '../../test/helpers.ts'
import { createAdmin, createUser } from '../../test/factories.ts'
import pino from 'pino'
import { permissionRow, tokenFor } from '../modules/rbac/testkit.ts'
import { createAuthState } from './authState.ts'

let a: FastifyInstance
let b: FastifyInstance

beforeAll(async () => {
  a = await createTestApp()
  await resetDb(a, { demo: false })
  b = await createTestApp()
  await eventually(() => a.authState.live && b.authState.live)
})
afterAll(async () => {
  await a?.close()
  await b?.close()
})

const info = (app: FastifyInstance, token: string) => http(app).post('/api/auth/info').set(bearer(token)).send({ provider: 'users' })
const shopperToken = async () => tokenFor(a, 'user', (await createUser(a)).id)

describe('auth state shared by instances', () => {
  test('a logout on one instance refuses the token on the other', async () => {
    const token = await shopperToken()
    expect((await info(b, token)).status).toBe(200)
    expect((await http(a).post('/api/logout').set(bearer(token)).send({ provider: 'users' })).body.code).toBe(200)
    expect((await info(a, token)).status).toBe(401)
    await eventually(async () => (await info(b, token)).status === 401)
  })

  test('a permission withdrawn on one instance is refused on the other', async () => {
    const route = a.routeRecords.find((r) => r.method === 'GET' && r.url === '/api/Admin/users')!
    const admin = await createAdmin(a, { is_super: 0 })
    const role = await a.db.admin_roles.create({ data: { name: `users reader ${admin.id}` } })
    await a.db.admin_to_permissions.create({ data: { role_id: role.id, permission_id: await permissionRow(a, 'admin', route.permission!) } })
    await a.db.admin_to_roles.create({ data: { admin_id: admin.id, role_id: role.id } })
    await a.actors.invalidate()
    const token = bearer(await tokenFor(a, 'admin', admin.id))
    await eventually(async () => (await http(b).get('/api/Admin/users').set(token)).status === 200)

    await a.db.admin_to_permissions.deleteMany({ where: { role_id: role.id } })
    await a.actors.invalidate()
    expect((await http(a).get('/api/Admin/users').set(token)).status).toBe(403)
    await eventually(async () => (await http(b).get('/api/Admin/users').set(token)).status === 403)
  })

  test('an instance whose mirror is not live asks Redis, then reloads what it missed', async () => {
    b.authState.subscriber.disconnect()
    await eventually(() => !b.authState.live)
    const token = await shopperToken()
    expect((await info(b, token)).status).toBe(200)
    await http(a).post('/api/logout').set(bearer(token)).send({ provider: 'users' })
    // no message reaches b now: it reads the revocation from Redis
    expect((await info(b, token)).status).toBe(401)

    await b.authState.subscriber.connect()
    await eventually(() => b.authState.live)
    expect((await info(b, token)).status).toBe(401)
  })
})

describe('heartbeat', () => {
  test('a subscription that went silent is noticed, renewed and reloaded', async () => {
    const warnings: string[] = []
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) })
    const state = createAuthState({ redis: a.redis, key: a.key, log, heartbeatMs: 100 })
    try {
      await state.start()
      await eventually(() => state.live)
      // The link stays up but no message arrives any more, as with a half-open connection.
      warnings.length = 0
      await state.subscriber.unsubscribe()
      await b.authState.revoke(['silent-sid'], 60)
      await eventually(() => warnings.some((w) => w.includes('heartbeat lost')))
      await eventually(() => state.live)
      // read from the reloaded mirror
      expect(state.read('silent-sid')).toMatchObject({ revoked: true })
    } finally {
      state.stop()
    }
  })
})
