// The site's time zone (core/siteCalendar.ts): the dashboards' days, a daily limit, the times answered and the
// numbers written follow the zone the admin set (Asia/Shanghai by default), not the process's (UTC here); saving
// another zone changes them all.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { DEFAULT_TIME_ZONE, translate } from '@qshop/shared'
import { bearer, createTestApp, http, resetDb } from '../../test/helpers.ts'
import { createAdmin, createSeller, createUser } from '../../test/factories.ts'
import { tokenFor } from '../modules/rbac/testkit.ts'
import { goodsOf, shopper } from '../modules/aftersales/testkit.ts'
import { paidOrders } from '../modules/orders/testkit.ts'
import { calendarOf, currentCalendar } from './siteCalendar.ts'

let app: FastifyInstance
let adminId: number

/** An admin's headers, minted at the (possibly faked) time of the call. */
const admin = async () => bearer(await tokenFor(app, 'admin', adminId))
const setZone = async (time_zone: string) => {
  const res = await http(app).put('/api/Admin/configs/web').set(await admin()).send({ time_zone })
  expect(res.body.code).toBe(200)
}
/** The clock at `iso` (only Date is faked: Redis, the database and timers run as they are). */
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(iso))
}

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
  adminId = (await createAdmin(app, { is_super: 1 })).id
})
afterEach(async () => {
  vi.useRealTimers()
  await setZone(DEFAULT_TIME_ZONE)
})
afterAll(async () => app?.close())

describe('the calendar', () => {
  const shanghai = calendarOf('Asia/Shanghai')

  test("an instant's day, week from Monday and month are the zone's", () => {
    const late = new Date('2026-11-28T15:30:00Z') // Saturday 23:30 in Shanghai
    const early = new Date('2026-11-28T16:30:00Z') // Sunday 00:30
    expect([shanghai.dateTime(late), shanghai.dateTime(early)]).toEqual(['2026-11-28 23:30:00', '2026-11-29 00:30:00'])
    expect(shanghai.dayStart(late).toISOString()).toBe('2026-11-27T16:00:00.000Z')
    expect(shanghai.dayStart(early).toISOString()).toBe('2026-11-28T16:00:00.000Z')
    expect(shanghai.weekStart(early).toISOString()).toBe('2026-11-22T16:00:00.000Z')
    expect(shanghai.monthStart(new Date('2026-11-30T16:30:00Z')).toISOString()).toBe('2026-11-30T16:00:00.000Z')
    expect(shanghai.msToNextDay(late)).toBe(30 * 60_000)
    expect(calendarOf('UTC').dayText(early)).toBe('2026-11-28')
  })

  test('days of a zone that moves its clocks are 23 and 25 hours long', () => {
    const ny = calendarOf('America/New_York')
    const spring = ny.dayStart(new Date('2026-03-08T12:00:00Z'))
    expect(ny.dayStart(spring, 1).getTime() - spring.getTime()).toBe(23 * 3_600_000)
    const autumn = ny.dayStart(new Date('2026-11-01T12:00:00Z'))
    expect(ny.dayStart(autumn, 1).getTime() - autumn.getTime()).toBe(25 * 3_600_000)
    expect(ny.parseDateTime('2026-02-30')).toBeNull()
  })
})

describe("The dashboards' day boundaries at 23:30 and 00:30 in Asia/Shanghai", () => {
  let late: number
  let early: number
  let buyerId: number

  beforeAll(async () => {
    const seller = await createSeller(app)
    const goods = await goodsOf(app, seller.storeId, '10.00')
    const buyer = await shopper(app)
    buyerId = buyer.id
    const paidAt = async (iso: string) => {
      const [id] = await paidOrders(app, buyer.id, [{ goods_id: goods.id, buy_num: 1 }])
      await app.db.orders.update({ where: { id }, data: { created_at: new Date(iso) } })
      return id
    }
    late = await paidAt('2026-11-28T15:30:00Z') // 23:30 on the 28th in Shanghai
    early = await paidAt('2026-11-28T16:30:00Z') // 00:30 on the 29th in Shanghai
  })

  const dashboard = async () => {
    const res = await http(app).get('/api/Admin/dashboard').set(await admin())
    expect(res.body.code).toBe(200)
    return res.body.data as { sales: Record<string, string>; paid_orders: { today: number; yesterday: number }; recent: { key: string; orders: number }[] }
  }
  const day = (data: Awaited<ReturnType<typeof dashboard>>, key: string) => data.recent.find((p) => p.key === key)?.orders

  test('at 00:30 on the 29th: the order of 00:30 is today, the one of 23:30 yesterday', async () => {
    at('2026-11-28T16:45:00Z')
    const data = await dashboard()
    expect(data.paid_orders).toEqual({ today: 1, yesterday: 1 })
    // Saturday and Sunday: both in the week from Monday the 23rd.
    expect(data.sales).toMatchObject({ today: '10.00', yesterday: '10.00', this_week: '20.00', last_week: '0.00' })
    expect(data.recent.at(-1)).toEqual({ key: '2026-11-29', orders: 1, sales: '10.00' })
    expect(day(data, '2026-11-28')).toBe(1)
  })

  test('at 23:30 on the 28th: the order of 23:30 is today (the other is not placed yet)', async () => {
    at('2026-11-28T15:45:00Z')
    const data = await dashboard()
    expect(data.paid_orders).toEqual({ today: 1, yesterday: 0 })
    expect(data.recent.at(-1)).toEqual({ key: '2026-11-28', orders: 1, sales: '10.00' })
  })

  test('with the site on UTC both are on the 28th', async () => {
    await setZone('UTC')
    at('2026-11-28T16:45:00Z')
    const data = await dashboard()
    expect(data.paid_orders).toEqual({ today: 2, yesterday: 0 })
    expect(data.recent.at(-1)).toEqual({ key: '2026-11-28', orders: 2, sales: '20.00' })
  })

  test("an order's times and number are answered on the site's clock", async () => {
    at('2026-11-28T16:45:00Z')
    const shown = (await http(app).get(`/api/Admin/orders/${early}`).set(await admin())).body.data
    expect(shown.created_at).toBe('2026-11-29 00:30:00')
    const listed = (await http(app).get('/api/Admin/orders').query({ id: late }).set(await admin())).body.data.data
    expect(listed.map((o: { created_at: string }) => o.created_at)).toContain('2026-11-28 23:30:00')
    await setZone('UTC')
    expect((await http(app).get(`/api/Admin/orders/${early}`).set(await admin())).body.data.created_at).toBe('2026-11-28 16:30:00')
  })

  test("the shopper's orders of a day are those of the site's day", async () => {
    const ofDay = async (day: string) => {
      const res = await http(app).get(`/api/user/orders?created_at=${day},${day}&order_status=-1`).set(bearer(await tokenFor(app, 'user', buyerId)))
      return res.body.data.data.map((o: { id: number }) => o.id).sort()
    }
    expect(await ofDay('2026-11-29')).toEqual([early])
    expect(await ofDay('2026-11-28')).toEqual([late])
    await setZone('UTC')
    expect(await ofDay('2026-11-28')).toEqual([late, early].sort())
  })
})

describe('answered times', () => {
  test.each([
    ['Asia/Shanghai', '2026-11-29 00:30:00'],
    ['UTC', '2026-11-28 16:30:00'],
  ])('a list (bare driver) and a row (Prisma) answer the same time on the site clock (%s)', async (zone, expected) => {
    await setZone(zone)
    const user = await app.db.users.create({ data: { username: `tz_${zone.replace('/', '_')}`, password: 'x', created_at: new Date('2026-11-28T16:30:00Z') } })
    const list = await http(app).get('/api/Admin/users').query({ username: user.username }).set(await admin())
    expect(list.body.data.data.map((r: { created_at: string }) => r.created_at)).toEqual([expected])
    expect((await http(app).get(`/api/Admin/users/${user.id}`).set(await admin())).body.data.created_at).toBe(expected)
    // A day filter names the site's day.
    const day = expected.slice(0, 10)
    const filtered = await http(app).get('/api/Admin/users').query({ username: user.username, created_at: `${day},${day}|between` }).set(await admin())
    expect(filtered.body.data.total).toBe(1)
  })
})

describe('posted times', () => {
  test("a time typed in a form is read on the site's clock, stored in UTC and answered as typed", async () => {
    const space = await app.db.adv_spaces.upsert({ where: { name: 'tz_space' }, create: { name: 'tz_space' }, update: {} })
    const post = async (name: string) => {
      const res = await http(app).post('/api/Admin/advs').set(await admin()).send({ pid: space.id, name, adv_start: '2026-12-01 10:00:00', adv_end: '2026-12-02' })
      expect(res.body.code, JSON.stringify(res.body)).toBe(200)
      return app.db.advs.findUniqueOrThrow({ where: { id: res.body.data.id } })
    }
    const shanghai = await post('tz_sh')
    expect([shanghai.adv_start.toISOString(), shanghai.adv_end?.toISOString()]).toEqual(['2026-12-01T02:00:00.000Z', '2026-12-01T16:00:00.000Z'])
    expect((await http(app).get(`/api/Admin/advs/${shanghai.id}`).set(await admin())).body.data.adv_start).toBe('2026-12-01 10:00:00')
    await setZone('UTC')
    expect((await post('tz_utc')).adv_start.toISOString()).toBe('2026-12-01T10:00:00.000Z')
  })
})

describe('a daily limit resets at the site midnight', () => {
  const signIn = async (userId: number) => (await http(app).post('/api/user/sign_in').set(bearer(await tokenFor(app, 'user', userId))).send({})).body

  test('Asia/Shanghai: signed in at 23:50, again at 00:10 (still the same UTC day)', async () => {
    const user = await createUser(app)
    at('2026-11-28T15:50:00Z')
    expect((await signIn(user.id)).code).toBe(200)
    const again = await signIn(user.id)
    expect([again.code, again.msg]).toEqual([402, translate('zh-cn', 'msg.signedInToday')])
    at('2026-11-28T16:10:00Z')
    expect(await signIn(user.id)).toMatchObject({ code: 200, data: { streak: 2 } })
    expect(await app.db.$queryRaw`SELECT DATE_FORMAT(sign_day, '%Y-%m-%d') AS day FROM user_sign_ins WHERE user_id = ${user.id} ORDER BY sign_day`).toEqual([
      { day: '2026-11-28' },
      { day: '2026-11-29' },
    ])
  })

  test('UTC: 00:10 in Shanghai is the same day as 23:50; the day turns at UTC midnight', async () => {
    await setZone('UTC')
    const user = await createUser(app)
    at('2026-11-28T15:50:00Z')
    expect((await signIn(user.id)).code).toBe(200)
    at('2026-11-28T16:10:00Z')
    expect((await signIn(user.id)).code).toBe(402)
    at('2026-11-29T00:10:00Z')
    expect((await signIn(user.id)).code).toBe(200)
  })
})

describe('the time zone setting', () => {
  test('an unknown zone is refused in the caller’s language; the saved one is public and used at once', async () => {
    for (const [lang, text] of [['zh-cn', '不是有效的时区名称（须为 IANA 时区，如 Asia/Shanghai、UTC）'], ['en', 'Not a known time zone (an IANA zone is expected, such as Asia/Shanghai or UTC).']]) {
      for (const time_zone of ['Mars/Olympus', '+08:00', 'CST']) {
        const res = await http(app).put('/api/Admin/configs/web').set(await admin()).set('Accept-Language', lang).send({ time_zone })
        expect(res.status, time_zone).toBe(400)
        expect(res.body.data).toEqual({ time_zone: text })
      }
    }
    expect((await http(app).get('/api/Admin/configs/web').set(await admin())).body.data.time_zone).toBe('Asia/Shanghai')
    await setZone('America/New_York')
    expect(currentCalendar().zone).toBe('America/New_York')
    const common = await http(app).get('/api/common')
    expect(JSON.stringify(common.body.data)).toContain('"time_zone":"America/New_York"')
    // Every answer names it, for the times the web formats itself.
    expect(common.headers['x-time-zone']).toBe('America/New_York')
  })
})
