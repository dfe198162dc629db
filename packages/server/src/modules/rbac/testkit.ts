// Test support for the back offices: tokens issued like a login would, permission rows by key.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AreaName } from '../../core/context.ts'

const fakeRequest = { ip: '127.0.0.1', headers: {} } as unknown as FastifyRequest

/** An access token for the account, as a login would issue it. */
export async function tokenFor(app: FastifyInstance, area: AreaName, id: number): Promise<string> {
  return (await app.tokens.issue(area, id, fakeRequest)).access_token
}

/** Access tokens for many accounts, a few sessions at a time: each is a row written through the test's small pool,
 *  and hundreds at once waited past the pool's timeout on a busy machine. In the order of `ids`. */
export async function tokensFor(app: FastifyInstance, area: AreaName, ids: number[]): Promise<string[]> {
  const tokens: string[] = []
  for (let i = 0; i < ids.length; i += 4) tokens.push(...(await Promise.all(ids.slice(i, i + 4).map((id) => tokenFor(app, area, id)))))
  return tokens
}

/** The permission row of `key` in the area's permission table (created in a test group when the seed has none). */
export async function permissionRow(app: FastifyInstance, area: 'admin' | 'seller', key: string): Promise<number> {
  if (area === 'admin') {
    const found = await app.db.admin_permissions.findUnique({ where: { apis: key } })
    if (found) return found.id
    const group = await app.db.admin_permission_groups.create({ data: { name: 'test' } })
    return (await app.db.admin_permissions.create({ data: { pid: group.id, name: key, apis: key } })).id
  }
  const found = await app.db.user_permissions.findUnique({ where: { apis: key } })
  if (found) return found.id
  const group = await app.db.user_permission_groups.create({ data: { name: 'test' } })
  return (await app.db.user_permissions.create({ data: { pid: group.id, name: key, apis: key } })).id
}
