// Admin content resources through the engine, and the storefront's public content reads.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { ADMIN_RESOURCES } from '@qshop/shared/resources/index'
import { FIELD_LABELS } from '@qshop/shared/i18n/fields'
import { CONTENT_FIELD_LABELS } from '@qshop/shared/i18n/content-fields'
import { POINTS_FIELD_LABELS } from '@qshop/shared/i18n/points-fields'
import { CONFIG_GROUPS, configForm } from '@qshop/shared/schemas/configs'
import { resources as contentDecls } from '@qshop/shared/resources/admin/content'
import { bearer, createTestApp, http, resetDb } from '../../../test/helpers.ts'
import { createAdmin } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'

let app: FastifyInstance
let auth: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
  const root = await createAdmin(app, { is_super: 1 })
  auth = bearer(await tokenFor(app, 'admin', root.id))
})
afterAll(async () => app?.close())

const admin = {
  get: (url: string, query: Record<string, string | number> = {}) => http(app).get(`/api/Admin${url}`).query(query).set(auth),
  post: (url: string, body: object) => http(app).post(`/api/Admin${url}`).set(auth).send(body),
  put: (url: string, body: object) => http(app).put(`/api/Admin${url}`).set(auth).send(body),
  del: (url: string) => http(app).delete(`/api/Admin${url}`).set(auth),
}
const pub = (url: string, query: Record<string, string> = {}) => http(app).get(`/api${url}`).query(query)

describe('expresses', () => {
  test('create, list with a filter, update, delete', async () => {
    const created = await admin.post('/expresses', { name: '测试快递', code: 'testx' })
    expect(created.body).toMatchObject({ code: 200 })
    const id = created.body.data.id as number

    const list = await admin.get('/expresses', { code: 'testx' })
    expect(list.body.data.data).toEqual([expect.objectContaining({ id, name: '测试快递', code: 'testx' })])

    expect((await admin.put(`/expresses/${id}`, { name: '测试快递2' })).body.code).toBe(200)
    expect(await app.db.expresses.findUnique({ where: { id } })).toMatchObject({ name: '测试快递2', code: 'testx' })

    expect((await admin.del(`/expresses/${id}`)).body.code).toBe(200)
    expect(await app.db.expresses.findUnique({ where: { id } })).toBeNull()
  })

  test('a code already used is refused with 409 and nothing is written', async () => {
    const before = await app.db.expresses.count()
    const res = await admin.post('/expresses', { name: '另一个顺丰', code: 'sf' })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe(409)
    expect(await app.db.expresses.count()).toBe(before)
  })

  test('unknown fields and a malformed code are refused with 400', async () => {
    const res = await admin.post('/expresses', { name: 'x', code: 'has space', id: 5 })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.data).sort()).toEqual(['code', 'id'])
  })

  test('the storefront lists every carrier', async () => {
    const res = await pub('/expresses')
    expect(res.body.code).toBe(200)
    expect(res.body.data.length).toBe(await app.db.expresses.count())
    expect(res.body.data).toContainEqual(expect.objectContaining({ name: '顺丰', code: 'sf' }))
  })
})

describe('areas (tree by the parent code)', () => {
  test('roots, then the children of a row by its id, with has_children', async () => {
    const roots = await admin.get('/areas')
    const codes = roots.body.data.data.map((r: { code: string }) => r.code)
    expect(codes).toEqual(['110000', '440000'])
    const guangdong = roots.body.data.data.find((r: { code: string }) => r.code === '440000')
    expect(guangdong).toMatchObject({ deep: 0, has_children: true, pid: '0' })

    const cities = await admin.get('/areas', { isChildren: 1, pid: guangdong.id })
    expect(cities.body.data.data).toEqual([expect.objectContaining({ code: '440300', name: '深圳市', deep: 1, has_children: true })])
    const districts = await admin.get('/areas', { isChildren: 1, pid: cities.body.data.data[0].id })
    expect(districts.body.data.data.map((r: { code: string; has_children: boolean }) => [r.code, r.has_children])).toEqual([
      ['440304', false],
      ['440305', false],
    ])
  })

  test('a new area takes its level from the parent; an unknown parent or a fourth level is refused', async () => {
    const guangdong = await app.db.areas.findUniqueOrThrow({ where: { code: '440000' } })
    const cached = await pub('/load_areas', { pid: String(guangdong.id) }) // the storefront cascader caches its answer
    expect(cached.body.data.map((a: { code: string }) => a.code)).toEqual(['440300'])

    const res = await admin.post('/areas', { pid: '440000', name: '广州市', code: '440100' })
    expect(res.body.code).toBe(200)
    expect(await app.db.areas.findUnique({ where: { code: '440100' } })).toMatchObject({ pid: '440000', deep: 1 })
    const fresh = await pub('/load_areas', { pid: String(guangdong.id) })
    expect(fresh.body.data.map((a: { code: string }) => a.code)).toEqual(['440100', '440300'])

    const orphan = await admin.post('/areas', { pid: '999999', name: 'x', code: '999998' })
    expect(orphan.status).toBe(400)
    expect(orphan.body.data).toHaveProperty('pid')
    const tooDeep = await admin.post('/areas', { pid: '440304', name: 'x', code: '440304001' })
    expect(tooDeep.status).toBe(400)
    expect(await app.db.areas.count({ where: { code: { in: ['999998', '440304001'] } } })).toBe(0)
  })

  test('a changed code carries the children along; an area with children cannot be deleted alone', async () => {
    const city = await app.db.areas.create({ data: { pid: '110000', name: '测试市', code: '119900', deep: 1 } })
    await app.db.areas.create({ data: { pid: '119900', name: '测试区', code: '119901', deep: 2 } })
    expect((await admin.put(`/areas/${city.id}`, { code: '119800' })).body.code).toBe(200)
    expect(await app.db.areas.findUnique({ where: { code: '119901' } })).toMatchObject({ pid: '119800' })

    const refused = await admin.del(`/areas/${city.id}`)
    expect(refused.body.code).toBe(402)
    expect(await app.db.areas.findUnique({ where: { id: city.id } })).not.toBeNull()

    const child = await app.db.areas.findUniqueOrThrow({ where: { code: '119901' } })
    expect((await admin.del(`/areas/${city.id},${child.id}`)).body.code).toBe(200)
    expect(await app.db.areas.count({ where: { code: { in: ['119800', '119901'] } } })).toBe(0)
  })
})

describe('articles and article menus', () => {
  test('an article must belong to an existing menu; the list filters by menu', async () => {
    const menu = await admin.post('/article_menus', { name: '新手指南', is_sort: 2 })
    expect(menu.body.code).toBe(200)
    const pid = menu.body.data.id as number

    const bad = await admin.post('/articles', { pid: 999999, name: '无栏目', content: '<p>x</p>' })
    expect(bad.status).toBe(400)
    expect(bad.body.data).toHaveProperty('pid')

    const created = await admin.post('/articles', { pid, name: '如何下单', content: '<p>步骤</p>##qshop##[]' })
    expect(created.body.code).toBe(200)
    const list = await admin.get('/articles', { pid })
    expect(list.body.data.data).toEqual([expect.objectContaining({ name: '如何下单', pid, click: 0 })])

    // click is read-only
    const write = await admin.put(`/articles/${created.body.data.id}`, { click: 100 })
    expect(write.status).toBe(400)
  })

  test('rich text is stored without script, on create and on edit', async () => {
    const pid = (await app.db.article_menus.create({ data: { name: '清洗' } })).id
    const created = await admin.post('/articles', { pid, name: '带脚本', content: '<p onclick="x()">正文</p><script>alert(1)</script>##qshop##[]' })
    const id = created.body.data.id as number
    expect((await app.db.articles.findUniqueOrThrow({ where: { id } })).content).toBe('<p>正文</p>##qshop##[]')
    await admin.put(`/articles/${id}`, { content: '<img src="x" onerror="alert(1)">##qshop##[]' })
    expect((await app.db.articles.findUniqueOrThrow({ where: { id } })).content).toBe('<img src="x" />##qshop##[]')
  })

  test('GET /api/article/{name} answers the article and counts the view atomically', async () => {
    const menu = await app.db.article_menus.create({ data: { name: '计数' } })
    const row = await app.db.articles.create({ data: { pid: menu.id, name: '阅读计数', content: '<p>hi</p>' } })
    const answers = await Promise.all(Array.from({ length: 5 }, () => pub(`/article/${encodeURIComponent('阅读计数')}`)))
    expect(answers.every((r) => r.body.code === 200 && r.body.data.name === '阅读计数')).toBe(true)
    expect(answers.map((r) => r.body.data.click).sort()).toEqual([1, 2, 3, 4, 5])
    expect(await app.db.articles.findUnique({ where: { id: row.id } })).toMatchObject({ click: 5 })

    const missing = await pub(`/article/${encodeURIComponent('不存在的文章')}`)
    expect(missing.status).toBe(404)
  })

  test('load_article_menu answers the tree; a menu with articles or children cannot be deleted', async () => {
    const top = await app.db.article_menus.create({ data: { name: '顶级', is_sort: 99 } })
    const child = await app.db.article_menus.create({ data: { name: '子级', pid: top.id } })
    const tree = await pub('/load_article_menu')
    expect(tree.body.data).toContainEqual(expect.objectContaining({ id: top.id, children: [expect.objectContaining({ id: child.id, name: '子级' })] }))
    const shallow = await pub('/load_article_menu', { deep: '1' })
    expect(shallow.body.data.find((m: { id: number }) => m.id === top.id).children).toBeUndefined()

    expect((await admin.del(`/article_menus/${top.id}`)).body.code).toBe(402)
    // a menu cannot become its own descendant
    const cycle = await admin.put(`/article_menus/${top.id}`, { pid: child.id })
    expect(cycle.status).toBe(400)

    const help = await app.db.article_menus.findFirstOrThrow({ where: { name: '帮助中心' } })
    expect((await admin.del(`/article_menus/${help.id}`)).body.code).toBe(402)
    expect((await admin.del(`/article_menus/${top.id},${child.id}`)).body.code).toBe(200)
  })
})

describe('agreements', () => {
  test('looked up by ename; ename is unique', async () => {
    const created = await admin.post('/agreements', { name: '隐私政策', ename: 'privacy', content: '<p>隐私</p>##qshop##[]' })
    expect(created.body.code).toBe(200)
    const res = await pub('/agreements/privacy')
    expect(res.body).toMatchObject({ code: 200, data: { name: '隐私政策', ename: 'privacy', content: '<p>隐私</p>##qshop##[]' } })
    expect((await pub('/agreements/agreement')).body.data.name).toBe('用户协议')
    expect((await pub('/agreements/nothing')).status).toBe(404)
    expect((await admin.post('/agreements', { name: '重复', ename: 'privacy' })).status).toBe(409)
  })
})

describe('ads', () => {
  const hour = 3600 * 1000
  const at = (offset: number) => new Date(Date.now() + offset).toISOString()

  test('the public endpoint answers the slot’s ads that are on and within their window, is_sort first', async () => {
    const slot = await admin.post('/adv_spaces', { name: 'TEST_轮播', width: 800, height: 300 })
    expect(slot.body.code).toBe(200)
    const pid = slot.body.data.id as number
    const ads = [
      { name: 'current-low', adv_start: at(-hour), adv_end: at(hour), is_sort: 1, status: 1 },
      { name: 'current-high', adv_start: at(-hour), adv_end: at(hour), is_sort: 9, status: 1 },
      { name: 'open-ended', adv_start: at(-hour), is_sort: 5, status: 1 },
      { name: 'not-yet', adv_start: at(hour), adv_end: at(2 * hour), is_sort: 20, status: 1 },
      { name: 'expired', adv_start: at(-2 * hour), adv_end: at(-hour), is_sort: 20, status: 1 },
      { name: 'switched-off', adv_start: at(-hour), adv_end: at(hour), is_sort: 20, status: 0 },
    ]
    for (const ad of ads) {
      const res = await admin.post('/advs', { pid, url: '/goods/1', image: '/uploads/x.png', ...ad })
      expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    }
    const res = await pub('/adv', { name: 'TEST_轮播' })
    expect(res.body.code).toBe(200)
    expect(res.body.data.map((a: { name: string }) => a.name)).toEqual(['current-high', 'open-ended', 'current-low'])
    expect((await pub('/adv', { name: 'NO_SUCH_SLOT' })).body.data).toEqual([])

    // the admin list filters by slot (pid) and answers the slot dictionary in one call
    expect((await admin.get('/advs', { pid })).body.data.total).toBe(ads.length)
    const dict = await admin.get('/adv_spaces', { isAll: 1 })
    expect(dict.body.data.data.map((s: { name: string }) => s.name)).toContain('TEST_轮播')
    expect(dict.body.data.last_page).toBe(1)

    // a slot in use cannot be deleted
    expect((await admin.del(`/adv_spaces/${pid}`)).body.code).toBe(402)
  })

  test('an end before the start, or an unknown slot, is refused', async () => {
    const slot = await app.db.adv_spaces.create({ data: { name: 'TEST_window' } })
    const backwards = await admin.post('/advs', { pid: slot.id, name: 'x', adv_start: at(hour), adv_end: at(-hour) })
    expect(backwards.status).toBe(400)
    expect(backwards.body.data).toHaveProperty('adv_end')
    const unknown = await admin.post('/advs', { pid: 999999, name: 'x', adv_start: at(0) })
    expect(unknown.status).toBe(400)
    expect(unknown.body.data).toHaveProperty('pid')
  })

  test('headline and subheadline in both languages: written, answered, and a subheadline needs its headline', async () => {
    const slot = await app.db.adv_spaces.create({ data: { name: 'TEST_titles' } })
    const texts = { title: '冬季上新', etitle: 'Winter arrivals', subtitle: '全场包邮', esubtitle: 'Free shipping on everything' }
    const created = await admin.post('/advs', { pid: slot.id, name: 'winter', image: '/uploads/x.png', adv_start: at(-hour), ...texts })
    expect(created.body.code, JSON.stringify(created.body)).toBe(200)
    const id = created.body.data.id as number
    expect((await pub('/adv', { name: 'TEST_titles' })).body.data).toEqual([expect.objectContaining({ id, name: 'winter', ...texts })])

    // a subheadline without the headline of its language is refused, in the asker's language; nothing is written
    const noTitle = await http(app).put(`/api/Admin/advs/${id}`).set(auth).set('Accept-Language', 'en').send({ etitle: '' })
    expect(noTitle.status).toBe(400)
    expect(noTitle.body.data).toEqual({ etitle: 'A subheadline needs a headline in the same language.' })
    const zh = await admin.post('/advs', { pid: slot.id, name: 'x', adv_start: at(0), subtitle: '只有副标题' })
    expect(zh.status).toBe(400)
    expect(zh.body.data).toEqual({ title: '填写副标题时须同时填写同一语言的标题' })
    expect(await app.db.advs.findUniqueOrThrow({ where: { id } })).toMatchObject(texts)

    // both cleared: a picture with no text over it; too long a headline is refused
    expect((await admin.put(`/advs/${id}`, { title: '', etitle: '', subtitle: '', esubtitle: '' })).body.code).toBe(200)
    expect(await app.db.advs.findUniqueOrThrow({ where: { id } })).toMatchObject({ title: '', etitle: '', subtitle: '', esubtitle: '' })
    expect((await admin.put(`/advs/${id}`, { title: '长'.repeat(121) })).body.data).toHaveProperty('title')
  })
})

describe('sms logs, app versions', () => {
  test('sms_logs is read-only and never answers the code hash', async () => {
    const row = await app.db.sms_logs.create({
      data: { phone: '13800000000', name: 'register', code_hash: 'a'.repeat(64), ip: '127.0.0.1', expires_at: new Date(Date.now() + 60000) },
    })
    const list = await admin.get('/sms_logs', { phone: '13800000000' })
    expect(list.body.data.data).toHaveLength(1)
    expect(list.body.data.data[0]).not.toHaveProperty('code_hash')
    const one = await admin.get(`/sms_logs/${row.id}`)
    expect(one.body.data).toMatchObject({ phone: '13800000000', name: 'register', status: 1 })
    expect(JSON.stringify(one.body)).not.toContain('a'.repeat(64))
    expect((await admin.post('/sms_logs', { phone: '1' })).status).toBe(404)
    expect((await admin.del(`/sms_logs/${row.id}`)).status).toBe(404)
  })

  test('GET /api/app_versions answers the newest version of the device', async () => {
    for (const [version, code, device] of [['1.0.0', 100, 'android'], ['1.2.0', 120, 'android'], ['2.0.0', 200, 'ios']] as const) {
      const res = await admin.post('/app_versions', { name: 'QShop', version, version_code: code, device, url: 'https://example.com/a.apk' })
      expect(res.body.code).toBe(200)
    }
    expect((await pub('/app_versions', { device: 'android' })).body.data).toMatchObject({ version: '1.2.0', version_code: 120 })
    expect((await pub('/app_versions', { device: 'ios' })).body.data).toMatchObject({ version: '2.0.0' })
    expect((await pub('/app_versions', { device: 'windows' })).status).toBe(400)
    expect((await admin.post('/app_versions', { name: 'x', version: '1', version_code: 1, device: 'symbian' })).status).toBe(400)
  })
})

describe('declarations', () => {
  test('every content resource is registered, and every label and dictionary label has zh-cn and en texts', () => {
    const labels = (locale: 'zh-cn' | 'en') => ({ ...FIELD_LABELS[locale], ...CONTENT_FIELD_LABELS[locale], ...POINTS_FIELD_LABELS[locale] })
    const used = new Set<string>()
    for (const decl of contentDecls) {
      expect(ADMIN_RESOURCES[decl.name]).toBe(decl)
      for (const f of Object.values(decl.fields)) {
        used.add(f.label)
        for (const dict of [f.form?.dict, f.column ? f.column.dict : undefined])
          if (Array.isArray(dict)) for (const o of dict) if (o.label.startsWith('fields.')) used.add(o.label)
      }
    }
    for (const group of CONFIG_GROUPS) {
      used.add(`fields.config_${group}`)
      for (const f of configForm(group)) {
        used.add(f.label)
        if (f.section) used.add(`fields.${group}_${f.section}`)
        for (const o of f.dict ?? []) used.add(o.label)
      }
    }
    for (const locale of ['zh-cn', 'en'] as const) expect([...used].filter((k) => !labels(locale)[k])).toEqual([])
    expect(Object.keys(CONTENT_FIELD_LABELS.en).sort()).toEqual(Object.keys(CONTENT_FIELD_LABELS['zh-cn']).sort())
  })
})
