import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp, resetDb } from '../../test/helpers.ts'
import { listPageSql, whereSql } from './listSql.ts'
import { prismaPage, type ListPlan } from './resource.ts'
import { toWire } from './wire.ts'
import { useSiteZone } from './siteCalendar.ts'
import { DEFAULT_TIME_ZONE } from '@qshop/shared'

describe('whereSql', () => {
  test('plain column tests become placeholders; a contains value goes into LIKE as it is, like Prisma’s', () => {
    const d = new Date('2026-01-02T03:04:05Z')
    expect(whereSql({ status: 1, name: { contains: '50\\%\\_off' }, id: { in: [1, 2] }, created_at: { gte: d, lte: d } })).toEqual({
      sql: ' WHERE `status` = ? AND `name` LIKE ? AND `id` IN (?, ?) AND `created_at` >= ? AND `created_at` <= ?',
      params: [1, '%50\\%\\_off%', 1, 2, d, d],
    })
  })

  test('an empty IN matches nothing; anything else is left to Prisma', () => {
    expect(whereSql({ id: { in: [] } })?.sql).toBe(' WHERE 1 = 0')
    expect(whereSql({ OR: [{ a: 1 }] })).toBeNull()
    expect(whereSql({ store: { is: { id: 1 } } })).toBeNull()
    expect(whereSql({ 'a`b': 1 })).toBeNull()
  })
})

// The whole page: columns, order, window, total and the wire form of what is read, against Prisma's answer to the
// same plan (the resource engine takes either path, core/resource.ts listRows).
describe('listPageSql', () => {
  let app: FastifyInstance
  const ids: number[] = []
  const plan = (over: Partial<ListPlan> = {}): ListPlan => ({
    select: { id: true, username: true, money: true, sex: true, login_time: true, created_at: true },
    where: { username: { contains: 'lsql\\_' } },
    orderBy: [{ id: 'desc' }],
    skip: 0,
    take: 30,
    ...over,
  })
  /** Both paths' answers, in wire form. */
  const both = async (p: ListPlan) => {
    const sql = (await listPageSql(app.sql, 'users', p))!
    const prisma = await prismaPage(app.db, 'users', p)
    return { sql: { total: sql.total, rows: toWire(sql.rows) as Record<string, unknown>[] }, prisma: { total: prisma.total, rows: toWire(prisma.rows) } }
  }

  beforeAll(async () => {
    app = await createTestApp()
    await resetDb(app, { demo: false, areas: false })
    // money ties (12.30 twice) and sex ties; one never logged in; times with milliseconds
    const rows = [
      { money: '12.30', sex: 1, login_time: new Date('2026-03-04T05:06:07.890Z') },
      { money: '0.05', sex: 2, login_time: null },
      { money: '12.30', sex: 1, login_time: new Date('2026-12-31T23:59:59.999Z') },
      { money: '99999999.99', sex: 0, login_time: new Date('2026-01-01T00:00:00.000Z') },
      { money: '7.00', sex: 2, login_time: new Date('2026-06-15T12:00:00.500Z') },
    ]
    for (const [i, r] of rows.entries()) {
      const user = await app.db.users.create({ data: { username: `lsql_${i}`, password: 'x', ...r, created_at: new Date(Date.UTC(2026, 1, 1 + i, 16, 30, 15, 400)) } })
      ids.push(user.id)
    }
    await app.db.users.create({ data: { username: 'lsqlx', password: 'x' } })
  })
  afterAll(async () => app?.close())

  test('ordering by a column with ties follows the tie-break order, both ways', async () => {
    const asc = await both(plan({ orderBy: [{ money: 'asc' }, { id: 'desc' }] }))
    expect(asc.sql.rows.map((r) => r.id)).toEqual([ids[1], ids[4], ids[2], ids[0], ids[3]])
    expect(asc.sql).toEqual(asc.prisma)
    const desc = await both(plan({ orderBy: [{ sex: 'desc' }, { id: 'desc' }] }))
    expect(desc.sql.rows.map((r) => r.id)).toEqual([ids[4], ids[1], ids[2], ids[0], ids[3]])
    expect(desc.sql).toEqual(desc.prisma)
  })

  test('paging: each window holds its rows, the total is the whole match, past the end is empty', async () => {
    const order = [{ id: 'asc' }]
    const pages = [await both(plan({ orderBy: order, take: 2 })), await both(plan({ orderBy: order, skip: 2, take: 2 })), await both(plan({ orderBy: order, skip: 4, take: 2 }))]
    expect(pages.map((p) => p.sql.rows.map((r) => r.id))).toEqual([[ids[0], ids[1]], [ids[2], ids[3]], [ids[4]]])
    for (const p of pages) expect(p.sql).toEqual(p.prisma)
    expect(pages.map((p) => p.sql.total)).toEqual([5, 5, 5])
    const past = await both(plan({ orderBy: order, skip: 10, take: 2 }))
    expect(past.sql).toEqual({ total: 5, rows: [] })
    expect(past.sql).toEqual(past.prisma)
  })

  test('the total is counted up to the limit asked (the lists count to LIST_TOTAL_CAP and one more), the same on both paths', async () => {
    const order = [{ id: 'asc' }]
    const counted = async (limit: number) => [(await listPageSql(app.sql, 'users', plan({ orderBy: order, take: 2 }), limit))!.total, (await prismaPage(app.db, 'users', plan({ orderBy: order, take: 2 }), limit)).total]
    expect(await counted(3)).toEqual([3, 3])
    expect(await counted(5)).toEqual([5, 5])
    expect(await counted(6)).toEqual([5, 5])
    // The page itself is not cut by the count's limit.
    expect((await listPageSql(app.sql, 'users', plan({ orderBy: order, skip: 4, take: 2 }), 3))!.rows.map((r) => r.id)).toEqual([ids[4]])
  })

  test.each(['UTC', 'Asia/Shanghai', 'America/New_York'])('money with two decimals, times to the second on the site clock, NULL as null (%s)', async (zone) => {
    useSiteZone(zone)
    try {
      const page = await both(plan({ where: { id: { in: [ids[0], ids[1]] } }, orderBy: [{ id: 'asc' }] }))
      expect(page.sql).toEqual(page.prisma)
      const shanghai = zone === 'Asia/Shanghai'
      const utc = zone === 'UTC'
      if (shanghai || utc)
        expect(page.sql.rows).toEqual([
          { id: ids[0], username: 'lsql_0', money: '12.30', sex: 1, login_time: shanghai ? '2026-03-04 13:06:07' : '2026-03-04 05:06:07', created_at: shanghai ? '2026-02-02 00:30:15' : '2026-02-01 16:30:15' },
          { id: ids[1], username: 'lsql_1', money: '0.05', sex: 2, login_time: null, created_at: shanghai ? '2026-02-03 00:30:15' : '2026-02-02 16:30:15' },
        ])
      else expect(page.sql.rows[0].login_time).toBe('2026-03-04 00:06:07')
    } finally {
      useSiteZone(DEFAULT_TIME_ZONE)
    }
  })

  test('time and money conditions select the same rows on both paths, milliseconds included', async () => {
    for (const where of [
      { login_time: { lte: new Date('2026-12-31T23:59:59.998Z') } },
      { login_time: { gte: new Date('2026-03-04T05:06:07.890Z') } },
      { login_time: null },
      { money: { gte: '12.3', lte: '99999999.99' } },
      { money: '0.05' },
    ]) {
      const page = await both(plan({ where: { ...plan().where, ...where } }))
      expect(page.sql, JSON.stringify(where)).toEqual(page.prisma)
      expect(page.sql.total, JSON.stringify(where)).toBeGreaterThan(0)
    }
  })

  test('what the builder cannot express is left to Prisma', async () => {
    expect(await listPageSql(app.sql, 'users', plan({ select: { id: true, store: { select: { id: true } } } }))).toBeNull()
    expect(await listPageSql(app.sql, 'users', plan({ where: { OR: [{ id: 1 }] } }))).toBeNull()
    expect(await listPageSql(app.sql, 'users;', plan())).toBeNull()
  })
})
