import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import mysql from 'mysql2/promise'
import { RICH_TEXT_SEPARATOR } from '@qshop/shared/constants'
import { SMS_USAGES } from '@qshop/shared/schemas/auth'
import { REPO_ROOT } from '../app.ts'
import { createTestApp, login, resetDb } from '../../test/helpers.ts'
import { seed } from './index.ts'
import { chinaAreas, SAMPLE_AREAS } from './areas.ts'
import { DEMO_ACCOUNTS, DEMO_PAY_PASSWORD, SHOPPER_INTEGRAL, SHOPPER_MONEY } from './demo.ts'
import { verifyPayPassword } from '../core/payPassword.ts'
import { SHOWCASE_PASSWORD, SHOWCASE_STORES } from './showcase.ts'
import { ADMIN_MENUS, SELLER_MENUS, type MenuSeed } from './menus.ts'
import { routePermissionKeys } from './rbac.ts'
import { EXPRESSES, SMS_TEMPLATES } from './content.ts'
import { CONFIGS } from './configs.ts'
import { searchText } from '../modules/catalog/searchText.ts'

// The pages the spec knows by name (§2 "Pages known by name"), as view keys; login is outside the menus.
const pages = (area: string, list: string) =>
  [...list.matchAll(/(\w+)(?: \(([^)]+)\))?/g)].flatMap(([, name, views]) =>
    (views?.split(', ') ?? ['index']).map((view) => `${area}/${name}/${view}`),
  )
const SPEC_ADMIN_PAGES = pages('Admin', 'dashboard (index, order, pay, store, user), admins, adv_spaces, advs, agreements, app_versions, article_menus, articles, configs (oauth, pay, sms, store, web), menus, money_logs, notices, permissions (index, group), roles, seller_menus, sms, sms_logs, users, areas, cashes, currencies, distribution_logs, expresses, goods (index, form), goods_brands, goods_classes, integral_goods (index, form), integral_goods_classes, integral_orders, order_comments, order_settlements, orders, refunds (index, return), stores')
const SPEC_SELLER_PAGES = pages('Seller', 'cashes, chats, collectives, coupons (index, log), dashboard (index, order), distributions (index, log), file_spaces, freights, full_reductions, goods (index, form), goods_attrs, money_logs, order_comments, order_settlements, orders (index, wait), refunds (index, return), roles, seckills, stores, users')

const FA_SOLID = path.join(REPO_ROOT, 'packages/web/node_modules/@fortawesome/fontawesome-free/svgs/solid')

let app: FastifyInstance

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await app.db.$queryRaw<{ t: string }[]>`SELECT TABLE_NAME t FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> '_prisma_migrations' ORDER BY TABLE_NAME`
  const counts = await Promise.all(
    tables.map(async ({ t }) => [t, Number((await app.db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT COUNT(*) n FROM \`${t}\``))[0].n)] as const),
  )
  return Object.fromEntries(counts)
}

/** Every table emptied, as resetDb does, without seeding. */
async function emptyDb() {
  const tables = await app.db.$queryRaw<{ t: string }[]>`SELECT TABLE_NAME t FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME <> '_prisma_migrations'`
  const conn = await mysql.createConnection({ uri: app.config.DATABASE_URL, multipleStatements: true })
  try {
    await conn.query(['SET FOREIGN_KEY_CHECKS = 0', ...tables.map(({ t }) => `TRUNCATE TABLE \`${t}\``), 'SET FOREIGN_KEY_CHECKS = 1'].join(';'))
  } finally {
    await conn.end()
  }
}

const flatten = (nodes: MenuSeed[]): MenuSeed[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])])

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: true, areas: false })
})
afterAll(async () => {
  await app?.close()
})

describe('seed', () => {
  it('is idempotent: a second run creates, changes and deletes nothing', async () => {
    const before = await rowCounts()
    expect(before.admin_menus).toBeGreaterThan(50)
    const report = await seed(app, { demo: true, areas: false })
    expect(report.changed).toEqual({})
    expect(await rowCounts()).toEqual(before)
  })

  it('seeds an empty database (demo data, sample areas)', async () => {
    await emptyDb()
    const report = await seed(app, { demo: true, areas: false })
    expect(report.changed).toMatchObject({ admins: 2, users: 6, stores: 4, goods: 47 })
  })

  it('has a menu item for every back-office page the spec names', async () => {
    const [admin, seller] = await Promise.all([
      app.db.admin_menus.findMany({ select: { view: true } }),
      app.db.user_menus.findMany({ select: { view: true } }),
    ])
    expect(SPEC_ADMIN_PAGES.filter((v) => !admin.some((m) => m.view === v))).toEqual([])
    expect(SPEC_SELLER_PAGES.filter((v) => !seller.some((m) => m.view === v))).toEqual([])
    expect(admin.filter((m) => m.view === 'Admin/configs/upload' || m.view === 'Admin/configs/map' || m.view === 'Admin/configs/logistics')).toHaveLength(3)
  })

  it('gives every menu item a unique route, a view for each route and a Font Awesome icon', async () => {
    for (const [tree, prefix] of [[ADMIN_MENUS, '/Admin/'], [SELLER_MENUS, '/Seller/']] as const) {
      const items = flatten(tree)
      const routes = items.filter((m) => m.apis).map((m) => m.apis)
      expect(new Set(routes).size).toBe(routes.length)
      for (const m of items) {
        expect(m.apis === '' || m.apis.startsWith(prefix), m.apis).toBe(true)
        expect(Boolean(m.apis), m.name).toBe(Boolean(m.view))
        expect(m.is_open).toBe(0)
        if (m.icon) expect(existsSync(path.join(FA_SOLID, `${m.icon.slice(3)}.svg`)), m.icon).toBe(true)
      }
    }
    const rows = await app.db.admin_menus.findMany({ where: { apis: '/Admin/goods/form' } })
    const parent = await app.db.admin_menus.findUniqueOrThrow({ where: { id: rows[0].pid } })
    expect(parent.apis).toBe('/Admin/goods') // sub-pages hang under their list page
  })

  it('has a permission row, in a group named after its resource, for every back-office route key', async () => {
    for (const [area, perms] of [
      ['admin', await app.db.admin_permissions.findMany({ include: { group: true } })],
      ['seller', await app.db.user_permissions.findMany({ include: { group: true } })],
    ] as const) {
      const keys = routePermissionKeys(app, area)
      expect(keys.length).toBeGreaterThan(0)
      expect(perms.map((p) => p.apis).sort()).toEqual(keys)
      for (const p of perms) expect(p.group.content).toBe(p.apis.split('.')[1])
    }
    const list = await app.db.admin_permissions.findFirst({ where: { apis: { endsWith: '.index' }, group: { content: 'roles' } } })
    if (list) expect(list.name).toBe('角色管理 列表')
  })

  it('removes permissions whose route is gone, with their role links', async () => {
    const group = await app.db.admin_permission_groups.create({ data: { name: 'gone', content: 'gone_resource' } })
    const perm = await app.db.admin_permissions.create({ data: { pid: group.id, name: 'gone 列表', apis: 'admin.gone_resource.index' } })
    const role = await app.db.admin_roles.findFirstOrThrow({ where: { name: '运营' } })
    await app.db.admin_to_permissions.create({ data: { role_id: role.id, permission_id: perm.id } })
    const report = await seed(app, { demo: true, areas: false })
    expect(report.changed).toEqual({ admin_permissions: 1, admin_permission_groups: 1 })
    expect(await app.db.admin_permissions.count({ where: { id: perm.id } })).toBe(0)
    expect(await app.db.admin_to_permissions.count({ where: { permission_id: perm.id } })).toBe(0)
    expect(await app.db.admin_permission_groups.count({ where: { id: group.id } })).toBe(0)
  })

  it('gives the demo roles their pages and only the permissions of those pages', async () => {
    const ops = await app.db.admin_roles.findFirstOrThrow({
      where: { name: '运营', belong_id: 0 },
      include: { admin_to_menus: { include: { menu: true } }, admin_to_permissions: { include: { permission: true } }, admin_to_roles: { include: { admin: true } } },
    })
    const opsPages = ops.admin_to_menus.map((l) => l.menu.apis).filter(Boolean)
    expect(opsPages).toEqual(expect.arrayContaining(['/Admin/dashboard', '/Admin/articles', '/Admin/advs', '/Admin/notices']))
    expect(opsPages).not.toContain('/Admin/admins')
    const opsResources = new Set(['dashboard', 'notices', 'article_menus', 'articles', 'adv_spaces', 'advs', 'agreements'])
    for (const l of ops.admin_to_permissions) expect(opsResources.has(l.permission.apis.split('.')[1]), l.permission.apis).toBe(true)
    expect(ops.admin_to_roles.map((r) => r.admin.username)).toEqual(['operator'])

    const seller = await app.db.users.findUniqueOrThrow({ where: { username: 'seller' } })
    const cs = await app.db.user_roles.findFirstOrThrow({
      where: { name: '客服', belong_id: seller.id },
      include: { user_to_menus: { include: { menu: true } }, user_to_permissions: { include: { permission: true } }, user_to_roles: { include: { user: true } } },
    })
    const csPages = cs.user_to_menus.map((l) => l.menu.apis).filter(Boolean)
    expect(csPages).toEqual(expect.arrayContaining(['/Seller/orders', '/Seller/orders/wait', '/Seller/refunds', '/Seller/order_comments']))
    expect(csPages).not.toContain('/Seller/cashes')
    for (const l of cs.user_to_permissions) expect(['chats', 'orders', 'refunds', 'order_comments']).toContain(l.permission.apis.split('.')[1])
    expect(cs.user_to_roles.map((r) => ({ username: r.user.username, belong_id: r.user.belong_id }))).toEqual([{ username: 'seller_cs', belong_id: seller.id }])
  })

  it('lets every demo account log in', async () => {
    if (!app.routeRecords.some((r) => r.url === '/api/login')) return // the auth module is not mounted
    for (const [area, account] of [
      ['admin', DEMO_ACCOUNTS.admin], ['admin', DEMO_ACCOUNTS.operator], ['seller', DEMO_ACCOUNTS.seller],
      ['seller', DEMO_ACCOUNTS.seller_cs], ['seller', DEMO_ACCOUNTS.seller2], ['user', DEMO_ACCOUNTS.shopper],
    ] as const) {
      expect(await login(app, area, account.username, account.password), `${area} ${account.username}`).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    }
  })

  it('credits the shopper through the ledger: the sums equal balance and points', async () => {
    const shopper = await app.db.users.findUniqueOrThrow({ where: { username: 'shopper' } })
    expect(shopper.money.toFixed(2)).toBe(SHOPPER_MONEY)
    expect(shopper.integral).toBe(SHOPPER_INTEGRAL)
    const sums = await app.db.money_logs.groupBy({ by: ['is_type'], where: { user_id: shopper.id, is_belong: 0 }, _sum: { money: true } })
    expect(sums.map((s) => [s.is_type, s._sum.money!.toFixed(2)])).toEqual([[0, SHOPPER_MONEY], [2, `${SHOPPER_INTEGRAL}.00`]])
    const address = await app.db.addresses.findFirstOrThrow({ where: { user_id: shopper.id } })
    expect(address).toMatchObject({ is_default: 1, area_info: '北京市 北京市 朝阳区' })
    expect(await verifyPayPassword(app.config.PAY_PASSWORD_KEY, shopper.pay_password, DEMO_PAY_PASSWORD)).toEqual({ ok: true, upgrade: null })
  })

  it('opens an approved demo store with goods on sale, SKUs, freight and categories', async () => {
    const store = await app.db.stores.findFirstOrThrow({
      where: { user: { username: 'seller' } },
      include: { goods: { include: { goods_skus: true } }, freights: true, store_classes: true },
    })
    expect(store).toMatchObject({ store_name: 'QShop 旗舰店', store_verify: 4, store_status: 1 })
    expect(store.goods).toHaveLength(4)
    expect(store.goods.every((g) => g.goods_status === 1 && g.goods_verify === 1)).toBe(true)
    for (const g of store.goods) expect(g.search_text).toBe(searchText(g.goods_name)) // found by keyword search
    const withSkus = store.goods.filter((g) => g.goods_skus.length)
    expect(withSkus).toHaveLength(2)
    for (const g of withSkus) {
      const cheapest = Math.min(...g.goods_skus.map((s) => Number(s.goods_price)))
      expect(Number(g.goods_price)).toBe(cheapest)
      expect(g.goods_stock).toBe(g.goods_skus.reduce((n, s) => n + s.goods_stock, 0))
      for (const s of g.goods_skus) expect(s.spec_id.split(',')).toHaveLength(2)
    }
    expect(store.freights.filter((f) => f.is_type === 0)).toHaveLength(1)
    const paths = store.store_classes[0].class_id as number[][]
    const leaves = await app.db.goods_classes.findMany({ where: { id: { in: paths.map((p) => p[2]) } } })
    expect(leaves.map((c) => c.name).sort()).toEqual(['T恤', '坚果', '空调', '衬衫'].sort())
    expect(store.goods.every((g) => paths.some((p) => p[2] === g.class_id))).toBe(true)
    expect(existsSync(path.join(app.config.UPLOAD_DIR, 'demo/goods-1.png'))).toBe(true)
  })

  it('opens a second approved store with goods with and without SKUs, a regional template and free shipping', async () => {
    const store = await app.db.stores.findFirstOrThrow({
      where: { user: { username: 'seller2' } },
      include: { goods: { include: { goods_skus: true }, orderBy: { goods_no: 'asc' } }, freights: { orderBy: { is_type: 'asc' } } },
    })
    expect(store).toMatchObject({ store_name: '青禾生活馆', store_verify: 4, store_status: 1 })
    const [coffee, knit, tea] = store.goods
    expect([coffee.goods_no, knit.goods_no, tea.goods_no]).toEqual(['QH-CF-001', 'QH-KN-001', 'QH-TE-001'])
    expect(store.goods.every((g) => g.goods_status === 1 && g.goods_verify === 1)).toBe(true)
    expect(knit.goods_skus).toHaveLength(4)
    expect(knit.goods_stock).toBe(160)
    expect([coffee.goods_skus.length, tea.goods_skus.length]).toEqual([0, 0])
    const [byDefault, regional] = store.freights
    expect(byDefault).toMatchObject({ is_type: 0, name: '默认运费' })
    const guangdong = await app.db.areas.findFirstOrThrow({ where: { code: '440000' } })
    expect(regional).toMatchObject({ is_type: 1, name: '华南地区', area_id: String(guangdong.id), area_name: '广东省' })
    expect([knit.freight_id, tea.freight_id, coffee.freight_id]).toEqual([0, regional.id, -1])
  })

  it('fills the storefront with a believable catalogue: 40+ goods with their own pictures in 3+ open stores across every top category', async () => {
    const stores = await app.db.stores.findMany({
      where: { store_verify: 4, store_status: 1 },
      include: { goods: { where: { goods_status: 1, goods_verify: 1 }, include: { goods_skus: true, class: true } } },
    })
    expect(stores.length).toBeGreaterThanOrEqual(3)
    const goods = stores.flatMap((s) => s.goods)
    expect(goods.length).toBeGreaterThanOrEqual(40)
    for (const s of stores) {
      expect(s.store_logo, s.store_name).toMatch(/^\/uploads\/demo\//)
      expect(existsSync(path.join(app.config.UPLOAD_DIR, s.store_logo.replace('/uploads/', ''))), s.store_logo).toBe(true)
    }
    // Every goods has its own main picture, on disk.
    expect(new Set(goods.map((g) => g.goods_master_image)).size).toBe(goods.length)
    for (const g of goods) expect(existsSync(path.join(app.config.UPLOAD_DIR, g.goods_master_image.replace('/uploads/', ''))), g.goods_master_image).toBe(true)
    // Every top category has goods (its floor on the home page is not empty).
    const classes = await app.db.goods_classes.findMany({ select: { id: true, pid: true } })
    const top = (id: number): number => { const c = classes.find((x) => x.id === id)!; return c.pid === 0 ? c.id : top(c.pid) }
    expect(new Set(goods.map((g) => top(g.class_id))).size).toBe(classes.filter((c) => c.pid === 0).length)
    // Names, descriptions and prices a buyer would believe; SKUs on some.
    for (const g of goods) {
      expect(g.goods_name).toMatch(/[\u4e00-\u9fff]/)
      expect(g.goods_content).toMatch(/<p>.+<\/p>/)
      expect(Number(g.goods_price)).toBeGreaterThan(0)
      expect(Number(g.goods_market_price)).toBeGreaterThan(Number(g.goods_price))
      expect(g.goods_stock).toBeGreaterThan(0)
    }
    expect(goods.filter((g) => g.goods_skus.length).length).toBeGreaterThanOrEqual(10)
    for (const g of goods.filter((g) => g.goods_skus.length)) {
      expect(Number(g.goods_price)).toBe(Math.min(...g.goods_skus.map((s) => Number(s.goods_price))))
      expect(g.goods_stock).toBe(g.goods_skus.reduce((n, s) => n + s.goods_stock, 0))
    }
    // The showcase stores' owners can log in to their back office.
    if (app.routeRecords.some((r) => r.url === '/api/login'))
      for (const s of SHOWCASE_STORES) expect(await login(app, 'seller', s.username, SHOWCASE_PASSWORD), s.username).toMatch(/\./)
  })

  it('seeds a 3-level category tree, carriers, currency, help articles, the agreement and the home slideshow', async () => {
    const classes = await app.db.goods_classes.findMany()
    const tops = classes.filter((c) => c.pid === 0)
    expect(tops.length).toBeGreaterThanOrEqual(5)
    for (const top of tops) {
      const seconds = classes.filter((c) => c.pid === top.id)
      expect(seconds.length).toBeGreaterThanOrEqual(2)
      for (const s of seconds) expect(classes.filter((c) => c.pid === s.id).length).toBeGreaterThanOrEqual(2)
    }
    expect((await app.db.expresses.findMany()).map((e) => e.code).sort()).toEqual(EXPRESSES.map(([, code]) => code).sort())
    expect(await app.db.currencies.findFirst()).toMatchObject({ id: 1, currency: '￥', currency_ename: 'RMB' })
    const help = await app.db.article_menus.findFirstOrThrow({ where: { name: '帮助中心' } })
    expect((await app.db.articles.findMany({ where: { pid: help.id } })).map((a) => a.name).sort()).toEqual(['关于我们', '其他合作', '帮助中心', '网站公告'].sort())
    const agreement = await app.db.agreements.findUniqueOrThrow({ where: { ename: 'agreement' } })
    expect(agreement.content).toContain(RICH_TEXT_SEPARATOR)
    const slot = await app.db.adv_spaces.findUniqueOrThrow({ where: { name: 'PC_首页幻灯片' }, include: { advs: true } })
    expect(slot).toMatchObject({ width: 1200, height: 400 })
    expect(slot.advs).toHaveLength(3)
    for (const ad of slot.advs) expect(existsSync(path.join(app.config.UPLOAD_DIR, ad.image.replace('/uploads/', '')))).toBe(true)
    // The headlines are the ads' texts in both languages (the storefront draws them), not lettering in the pictures.
    const first = slot.advs.find((ad) => ad.url === '/stores')!
    expect(first).toMatchObject({ title: '品质好店 一站购齐', etitle: 'Quality stores, all in one place', subtitle: '入驻店铺均经平台审核，正品保障' })
    for (const ad of slot.advs) {
      expect([ad.title, ad.subtitle].every((t) => /[\u4e00-\u9fff]/.test(t)), ad.name).toBe(true)
      expect([ad.etitle, ad.esubtitle].every((t) => /^[\x20-\x7e]+$/.test(t)), ad.name).toBe(true)
    }
  })

  it('gives the slides an earlier seed wrote (a lettered picture, no title) the new picture and texts, and keeps edited ones', async () => {
    const ads = await app.db.advs.findMany({ where: { space: { name: 'PC_首页幻灯片' } }, orderBy: { is_sort: 'desc' } })
    const blank = { title: '', etitle: '', subtitle: '', esubtitle: '' }
    await app.db.advs.update({ where: { id: ads[0].id }, data: { ...blank, image: '/uploads/demo/slide-1.jpg' } })
    await app.db.advs.update({ where: { id: ads[1].id }, data: { ...blank, image: '/uploads/demo/slide-2.jpg', title: '运营改的' } })
    expect((await seed(app, { demo: true, areas: false })).changed).toEqual({ advs: 1 })
    expect(await app.db.advs.findUniqueOrThrow({ where: { id: ads[0].id } })).toMatchObject({ image: ads[0].image, title: ads[0].title, esubtitle: ads[0].esubtitle })
    expect(await app.db.advs.findUniqueOrThrow({ where: { id: ads[1].id } })).toMatchObject({ ...blank, image: '/uploads/demo/slide-2.jpg', title: '运营改的' })
    await app.db.advs.update({ where: { id: ads[1].id }, data: { image: ads[1].image, title: ads[1].title, etitle: ads[1].etitle, subtitle: ads[1].subtitle, esubtitle: ads[1].esubtitle } })
  })

  it('seeds a template for every SMS usage, bind_phone included, and keeps what an operator changed', async () => {
    const rows = await app.db.sms.findMany({ orderBy: { name: 'asc' } })
    expect(rows.map((r) => r.name)).toEqual([...SMS_USAGES].sort())
    expect(rows.find((r) => r.name === 'bind_phone')).toMatchObject({ code: 'bind_phone', description: SMS_TEMPLATES.bind_phone })
    await app.db.sms.update({ where: { name: 'bind_phone' }, data: { code: 'SMS_123456', content: '青梧商城' } })
    await app.db.sms.delete({ where: { name: 'login' } })
    expect((await seed(app, { demo: true, areas: false })).changed).toEqual({ sms: 1 })
    expect(await app.db.sms.findUniqueOrThrow({ where: { name: 'bind_phone' } })).toMatchObject({ code: 'SMS_123456', content: '青梧商城' })
    expect(await app.db.sms.findUniqueOrThrow({ where: { name: 'login' } })).toMatchObject({ code: 'login', description: SMS_TEMPLATES.login })
  })

  it('ships configs without secrets and keeps what an operator saved, adding only missing keys', async () => {
    const configs = await app.db.configs.findMany()
    const leaves = (v: unknown, at: string): [string, unknown][] =>
      typeof v === 'object' && v !== null ? Object.entries(v).flatMap(([k, x]) => leaves(x, `${at}.${k}`)) : [[at, v]]
    for (const c of configs.filter((c) => c.is_type === 1)) {
      for (const [at, v] of leaves(JSON.parse(c.content!), c.name)) if (/key|secret|mch_id|app_id/.test(at)) expect(v, at).toBe('')
    }
    expect(Object.fromEntries(configs.map((c) => [c.name, c.is_type]))).toMatchObject({ web_name: 0, upload: 1, pay: 1, task: 1, store: 1, map: 1, logistics: 1 })

    await app.db.configs.update({ where: { name: 'web_name' }, data: { content: '我的商城' } })
    await app.db.configs.update({ where: { name: 'upload' }, data: { content: JSON.stringify({ driver: 'oss', bucket: 'b1' }) } })
    const report = await seed(app, { demo: true, areas: false })
    expect(report.changed).toEqual({ configs: 1 })
    const saved = Object.fromEntries((await app.db.configs.findMany()).map((c) => [c.name, c.content]))
    expect(saved.web_name).toBe('我的商城')
    const defaults = CONFIGS.find((c) => c.name === 'upload')!.value as object
    expect(JSON.parse(saved.upload!)).toEqual({ ...defaults, driver: 'oss', bucket: 'b1' })
    expect(defaults).toMatchObject({ driver: 'local', key: '', secret: '', ssl: true })
  })

  it('uses the package codes for the sample areas', async () => {
    const all = new Map((await chinaAreas()).map((a) => [a.code, a]))
    for (const a of SAMPLE_AREAS) expect(all.get(a.code)).toEqual(a)
  })

  it('seeds all of China idempotently, each area under its parent code', async () => {
    await seed(app, { demo: false, areas: true })
    const areas = await app.db.areas.findMany({ select: { code: true, pid: true, deep: true } })
    const codes = new Set(areas.map((a) => a.code))
    expect(areas.filter((a) => a.deep === 0)).toHaveLength(34)
    expect(areas.filter((a) => a.deep === 2).length).toBeGreaterThan(3000)
    expect(areas.filter((a) => a.deep > 0 && !codes.has(a.pid))).toEqual([])
    expect((await seed(app, { demo: true, areas: true })).changed).toEqual({})
  })
})
