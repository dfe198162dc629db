// Every error path of the wire contract (docs/architecture.md): each answer is {code, msg, data} with the right HTTP status,
// translated messages, no internals leaked; plus request ids, health, API docs and security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import sharp from 'sharp'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { defineResource, zx } from '@qshop/shared'
import { buildApp } from '../src/app.ts'
import { resourceRoutes } from '../src/core/resource.ts'
import { IDS_PARAM_MAX_LENGTH, MAX_BATCH_IDS } from '@qshop/shared/schemas/common'
import { bearer, createTestApp, http, resetDb, testConfig } from './helpers.ts'
import { entryPage } from '../src/plugins/webApp.ts'

/** A back-office resource over `configs` (unique `name`) exercising the resource engine's refusals. */
const probe = defineResource({
  name: 'probe_configs',
  area: 'admin',
  fields: {
    name: { label: 'name', input: zx.text(20, 1), required: true, filter: ['eq'] },
    content: { label: 'content', input: zx.text(200) },
    is_type: { label: 'is_type', input: zx.flag() },
  },
})

/** The real app plus the probe resource in an admin-guarded scope and a route that crashes. */
async function buildProbeApp(): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(), { logger: false })
  await app.register(
    async (scope) => {
      scope.addHook('preHandler', app.guard('admin'))
      await scope.register(resourceRoutes({ decl: probe, model: 'configs' }) as never)
    },
    { prefix: '/api/Admin' },
  )
  app.get('/api/boom', { config: { public: true } }, async () => {
    throw new Error('connect ECONNREFUSED mysql://root:s3cret@10.0.0.5/qshop')
  })
  await app.ready()
  return app
}

let base: FastifyInstance
let app: FastifyInstance
let superToken: string
let plainToken: string

async function adminToken(username: string, is_super: number) {
  const admin = await app.db.admins.create({ data: { username, password: 'unused: tokens are issued directly', is_super } })
  return (await app.tokens.issue('admin', admin.id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)).access_token
}

beforeAll(async () => {
  base = await createTestApp() // migrates the worker's database once
  app = await buildProbeApp()
  await resetDb(app, { demo: false, areas: false })
  superToken = await adminToken('root', 1)
  plainToken = await adminToken('clerk', 0)
})
afterAll(async () => {
  await app.close()
  await base.close()
})

const post = (body: unknown) => http(app).post('/api/Admin/probe_configs').set(bearer(superToken)).send(body as object)

describe('400 invalid input', () => {
  it('answers malformed and empty JSON with a 400 envelope, not a 500', async () => {
    const malformed = await http(app).post('/api/Admin/probe_configs').set(bearer(superToken)).set('Content-Type', 'application/json').send('{"name": ')
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual({ code: 400, msg: '数据异常', data: null })

    const empty = await http(app).post('/api/Admin/probe_configs').set(bearer(superToken)).set('Content-Type', 'application/json').send('')
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({ code: 400, data: null })
  })

  it('names each field of wrong type, missing, or too long', async () => {
    const before = await app.db.configs.count()
    const wrongTypes = await post({ name: 123, is_type: 'maybe' })
    expect(wrongTypes.status).toBe(400)
    expect(wrongTypes.body.code).toBe(400)
    expect(wrongTypes.body.msg).toBe('数据异常')
    expect(Object.keys(wrongTypes.body.data).sort()).toEqual(['is_type', 'name'])
    expect(wrongTypes.body.data.is_type).toBe('取值不在允许范围内')

    const missing = await post({ content: 'x' })
    expect(missing.body.data).toEqual({ name: '必填项不能为空' })

    const overlong = await post({ name: 'x'.repeat(21) })
    expect(overlong.status).toBe(400)
    expect(overlong.body.data).toEqual({ name: '长度不能超过 20' })
    expect(await app.db.configs.count()).toBe(before)
  })

  it('refuses unknown body fields and unknown filters, naming them', async () => {
    const res = await post({ name: 'site', money: '99.00', is_admin: 1 })
    expect(res.status).toBe(400)
    expect(res.body.data).toEqual({ money: '不允许的字段', is_admin: '不允许的字段' })

    const filter = await http(app).get('/api/Admin/probe_configs?content=x').set(bearer(superToken))
    expect(filter.status).toBe(400)
    expect(filter.body.data).toEqual({ content: '不允许的字段' })
  })

  it('answers an unsupported media type as a 400 envelope', async () => {
    const res = await http(app).post('/api/Admin/probe_configs').set(bearer(superToken)).set('Content-Type', 'application/xml').send('<name>x</name>')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 400, data: null })
  })

  it('reads only the form’s own fields: __proto__, constructor and toString are unknown fields, not inherited ones', async () => {
    const before = await app.db.configs.count()
    for (const key of ['__proto__', 'constructor', 'toString', '__proto__[]', 'hasOwnProperty']) {
      const res = await http(app).post('/api/Admin/probe_configs').set(bearer(superToken)).type('form').send(`name=probe_proto&${key}=x`)
      expect(res.status, key).toBe(400)
      expect(res.body.data, key).toEqual({ [key.replace('[]', '')]: '不允许的字段' })
    }
    // a field given twice, under an inherited name or not, is two values of that field
    const twice = await http(app).post('/api/Admin/probe_configs').set(bearer(superToken)).type('form').send('name=a&name=b')
    expect(twice.status).toBe(400)
    expect(Object.keys(twice.body.data)).toEqual(['name'])
    expect(await app.db.configs.count()).toBe(before)
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('accepts the same input form-encoded (the back-office client posts forms)', async () => {
    const res = await http(app).post('/api/Admin/probe_configs').set(bearer(superToken)).type('form').send('name=probe_site&is_type=1')
    expect(res.body.code).toBe(200)
    expect(await app.db.configs.findUniqueOrThrow({ where: { name: 'probe_site' } })).toMatchObject({ id: res.body.data.id, is_type: 1 })
  })
})

describe('401 / 403 / 404 / 402 / 409 / 413', () => {
  it('401 without a token, with a broken one, and with a token of another area', async () => {
    for (const headers of [{}, bearer('broken'), bearer(plainToken.slice(0, -2) + 'xx')]) {
      const res = await http(app).get('/api/Admin/probe_configs').set(headers)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ code: 401, msg: '登录已失效，请重新登录', data: null })
    }
    const user = await app.db.users.create({ data: { username: 'shopper', password: 'x' } })
    const userToken = (await app.tokens.issue('user', user.id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)).access_token
    expect((await http(app).get('/api/Admin/probe_configs').set(bearer(userToken))).status).toBe(401)
    expect((await http(app).post('/api/uploads')).status).toBe(401)
  })

  it('403 when the actor lacks the route permission; a super admin passes', async () => {
    const refused = await http(app).get('/api/Admin/probe_configs').set(bearer(plainToken))
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ code: 403, msg: '没有权限', data: null })
    const allowed = await http(app).get('/api/Admin/probe_configs').set(bearer(superToken))
    expect(allowed.status).toBe(200)
    expect(allowed.body.data).toMatchObject({ total: await app.db.configs.count(), per_page: 30, current_page: 1 })
  })

  it('404 envelope for an unknown route and for an unknown id', async () => {
    for (const [method, url] of [['get', '/api/no/such/route'], ['post', '/api/Admin/nothing'], ['delete', '/api/common']] as const) {
      const res = await http(app)[method](url)
      expect(res.status, url).toBe(404)
      expect(res.body, url).toEqual({ code: 404, msg: '请求的地址不存在', data: null })
    }
    const missing = await http(app).get('/api/Admin/probe_configs/999999').set(bearer(superToken))
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ code: 404, msg: '数据不存在', data: null })
    const missingDelete = await http(app).delete('/api/Admin/probe_configs/999998,999999').set(bearer(superToken))
    expect(missingDelete.status).toBe(404)
  })

  it('402 business refusal travels as HTTP 200 with code 402 and a translated msg', async () => {
    const owner = await app.db.users.create({ data: { username: 'owner', password: 'x' } })
    const sub = await app.db.users.create({ data: { username: 'staff', password: 'x', belong_id: owner.id } })
    const token = (await app.tokens.issue('user', sub.id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)).access_token
    const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer()
    const res = await http(app).post('/api/uploads').set(bearer(token)).attach('file', image, 'a.png')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 402, msg: '子账号不允许购买', data: null })
  })

  it('409 on a duplicate unique key, naming the field', async () => {
    expect((await post({ name: 'probe_dup', content: 'Shop' })).body.code).toBe(200)
    const dup = await post({ name: 'probe_dup', content: 'Other' })
    expect(dup.status).toBe(409)
    expect(dup.body.code).toBe(409)
    expect(dup.body.msg).toBe('数据冲突，请刷新后重试')
    expect(dup.body.data).toBeTypeOf('object')
    expect(await app.db.configs.count({ where: { name: 'probe_dup' } })).toBe(1)
  })

  it('413 when the body is larger than the limit', async () => {
    const res = await post({ name: 'big', content: 'x'.repeat(3 * 1024 * 1024) })
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ code: 413, msg: '上传内容过大', data: null })
  })
})

/** Sends `request` as written to the app listening on a real socket and answers what came back. */
async function rawExchange(request: string): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const { port } = app.server.address() as AddressInfo
  const text = await new Promise<string>((resolve, reject) => {
    let received = ''
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => (received += chunk))
    socket.on('close', () => resolve(received))
    // the server may close while the rest of an oversized request is still being written
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? resolve(received) : reject(err)))
  })
  const [head, ...rest] = text.split('\r\n\r\n')
  const [statusLine, ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8')) }
}

const expectSecurityHeaders = (headers: Record<string, string | string[] | undefined>) => {
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('SAMEORIGIN')
  expect(headers['content-security-policy']).toContain("default-src 'self'")
  expect(headers['strict-transport-security']).toBeDefined()
  expect(headers['cross-origin-resource-policy']).toBe('same-site')
  expect(headers['x-request-id']).toMatch(/\S/)
}

describe('answers before any route: 414, 431, 400 on a malformed request', () => {
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' })
  })

  it('a URL parameter past the router’s limit is 414 in the envelope, with the security headers', async () => {
    const res = await http(app).get(`/api/Admin/probe_configs/${'1'.repeat(IDS_PARAM_MAX_LENGTH + 1)}`).set(bearer(superToken))
    expect(res.status).toBe(414)
    expect(res.body).toEqual({ code: 414, msg: '请求地址过长', data: null })
    expectSecurityHeaders(res.headers)
    const en = await http(app).delete(`/api/Admin/probe_configs/${'1,'.repeat(IDS_PARAM_MAX_LENGTH / 2)}1`).set('lang', 'en')
    expect(en.body).toEqual({ code: 414, msg: 'The request URL is too long.', data: null })
    // a batch delete of a full page of ids is within the limit
    const ids = Array.from({ length: MAX_BATCH_IDS }, (_, i) => 2000000000 + i).join(',')
    expect((await http(app).delete(`/api/Admin/probe_configs/${ids}`).set(bearer(superToken))).status).toBe(404)
  })

  it('malformed percent-encoding in a URL parameter is 400 in the envelope', async () => {
    const res = await http(app).get('/api/Admin/probe_configs/%E0%A4%A').set(bearer(superToken))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ code: 400, msg: '数据异常', data: null })
    expectSecurityHeaders(res.headers)
  })

  it('headers past Node’s limit are 431 in the envelope, translated, with the security headers', async () => {
    const res = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nlang: en\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`)
    expect(res.status).toBe(431)
    expect(res.body).toEqual({ code: 431, msg: 'The request headers are too large.', data: null })
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expectSecurityHeaders(res.headers)
    expect((await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`)).body).toEqual({ code: 431, msg: '请求头过大', data: null })
  })

  it('a URL past Node’s header limit is 431 too; a request Node cannot parse is 400; both in the envelope', async () => {
    const long = await rawExchange(`GET /api/health?x=${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`)
    expect(long.status).toBe(431)
    expect(long.body).toEqual({ code: 431, msg: '请求头过大', data: null })
    expectSecurityHeaders(long.headers)
    const broken = await rawExchange('GET /api/health HTTP/1.1\r\nHost x\r\n\r\n')
    expect(broken.status).toBe(400)
    expect(broken.body).toEqual({ code: 400, msg: '数据异常', data: null })
    expectSecurityHeaders(broken.headers)
  })
})

describe('429 and 500', () => {
  it('429 past the read limit of an address (health is exempt)', async () => {
    // Counters are per address and shared by every instance on one Redis prefix: this app counts apart from the
    // file's other app, whose last counts may still be on their way to Redis. Windows are aligned to the clock:
    // a day-long one is not crossed during the test.
    const limited = await createTestApp({ RATE_LIMIT_READ_IP: 3, RATE_LIMIT_WINDOW_SECONDS: 86_400, REDIS_PREFIX: `${app.config.REDIS_PREFIX}-limited` })
    const clear = async () => {
      const counters = await limited.redis.keys(`${limited.key('rl')}:*`)
      if (counters.length) await limited.redis.del(...counters)
    }
    await clear()
    try {
      for (let i = 0; i < 3; i++) expect((await http(limited).get('/api/load_goods_classes')).status).toBe(200)
      const res = await http(limited).get('/api/load_goods_classes')
      expect(res.status).toBe(429)
      expect(res.body).toEqual({ code: 429, msg: '您请求太频繁了，请休息一会', data: null })
      const en = await http(limited).get('/api/load_goods_classes').set('lang', 'en')
      expect(en.body.msg).toBe('You are requesting too frequently, please rest a while.')
      expect((await http(limited).get('/api/health')).status).toBe(200)
    } finally {
      await clear()
      await limited.close()
    }
  })

  it('500 hides internals (message, stack, connection strings)', async () => {
    const res = await http(app).get('/api/boom')
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ code: 500, msg: '服务器内部错误', data: null })
    expect(res.text).not.toMatch(/s3cret|ECONNREFUSED|stack|at /)
  })
})

describe('languages and request ids', () => {
  it('answers zh-cn by default, en with `lang: en` or Accept-Language en-US', async () => {
    const zh = await post({ name: 'x'.repeat(21) })
    expect(zh.body).toMatchObject({ msg: '数据异常', data: { name: '长度不能超过 20' } })

    const en = await post({ name: 'x'.repeat(21) }).set('lang', 'en')
    expect(en.body).toMatchObject({ msg: 'Data is abnormal.', data: { name: 'At most 20 characters.' } })

    const accept = await http(app).get('/api/Admin/probe_configs').set('Accept-Language', 'en-US,en;q=0.9')
    expect(accept.body.msg).toBe('Your session has expired, please log in again.')

    const chinese = await http(app).get('/api/no/route').set('Accept-Language', 'zh-CN,zh;q=0.9,en;q=0.8')
    expect(chinese.body.msg).toBe('请求的地址不存在')
    expect((await http(app).get('/api/no/route').set('lang', 'en')).body.msg).toBe('The requested address does not exist.')
  })

  it('answers the framework\'s own refusals in the envelope, in the request\'s language: unknown route or method, malformed JSON, unsupported media type, body too large', async () => {
    const expected = {
      'zh-cn': { route: '请求的地址不存在', invalid: '数据异常', tooLarge: '上传内容过大' },
      en: { route: 'The requested address does not exist.', invalid: 'Data is abnormal.', tooLarge: 'The upload is too large.' },
    } as const
    for (const [lang, msg] of Object.entries(expected)) {
      const cases = [
        [http(app).get('/api/no/such/route'), 404, msg.route],
        // a method the path does not serve is an unknown route too (no English "Method Not Allowed")
        [http(app).put('/api/health'), 404, msg.route],
        [http(app).patch('/api/Admin/probe_configs'), 404, msg.route],
        [http(app).post('/api/Admin/probe_configs').set(bearer(superToken)).set('Content-Type', 'application/json').send('{"name": '), 400, msg.invalid],
        [http(app).post('/api/Admin/probe_configs').set(bearer(superToken)).set('Content-Type', 'text/xml').send('<a/>'), 400, msg.invalid],
        [post({ name: 'big', content: 'x'.repeat(3 * 1024 * 1024) }), 413, msg.tooLarge],
      ] as const
      for (const [request, status, text] of cases) {
        const res = await request.set('lang', lang)
        expect(res.status, `${lang} ${text}`).toBe(status)
        expect(res.headers['content-type'], `${lang} ${text}`).toMatch(/^application\/json/)
        expect(res.body, `${lang} ${text}`).toEqual({ code: status, msg: text, data: null })
      }
    }
  })

  it('echoes x-request-id, or makes one, on success and error answers', async () => {
    const ok = await http(app).get('/api/health').set('x-request-id', 'req-abc-123')
    expect(ok.headers['x-request-id']).toBe('req-abc-123')
    const failed = await http(app).get('/api/boom').set('x-request-id', 'req-boom-1')
    expect(failed.headers['x-request-id']).toBe('req-boom-1')
    const generated = await http(app).get('/api/no/route')
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('health, docs, security headers', () => {
  it('GET /api/health reports the database and Redis', async () => {
    const res = await http(app).get('/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ code: 200, data: { db: true, redis: true } })
  })

  it('serves the Swagger UI at /api/docs and an OpenAPI document listing the routes', async () => {
    const ui = await http(app).get('/api/docs').redirects(3)
    expect(ui.status).toBe(200)
    expect(ui.headers['content-type']).toMatch(/text\/html/)
    expect(ui.text.toLowerCase()).toContain('swagger')
    // Swagger UI runs inline scripts: its pages go without the app's content policy, with the other headers
    expect(ui.headers['content-security-policy']).toBeUndefined()
    expect(ui.headers['x-content-type-options']).toBe('nosniff')

    for (const headers of [{}, { lang: 'en' }]) {
      const doc = await http(app).get('/api/docs/json').set(headers)
      expect(doc.status).toBe(200)
      expect(doc.body.openapi).toMatch(/^3\./)
      for (const path of ['/api/health', '/api/common', '/api/load_areas', '/api/uploads', '/api/Seller/uploads', '/api/Admin/uploads'])
        expect(Object.keys(doc.body.paths), path).toContain(path)
    }
  })

  it('API docs can be turned off (the default in production, config.test.ts): /api/docs is then an unknown route', async () => {
    const closed = await createTestApp({ API_DOCS: false })
    try {
      for (const path of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const res = await http(closed).get(path)
        expect(res.status, path).toBe(404)
        expect(res.body, path).toEqual({ code: 404, msg: '请求的地址不存在', data: null })
      }
    } finally {
      await closed.close()
    }
  })

  it('CORS: by default no other site is let in; configured origins are, one by one; * only when set, never the caller echoed', async () => {
    const evil = 'https://evil.example'
    const preflight = (target: FastifyInstance, origin: string) =>
      http(target).options('/api/Admin/auth/info').set('Origin', origin).set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'authorization')
    const simple = (target: FastifyInstance, origin: string) => http(target).get('/api/health').set('Origin', origin)

    // the default (this file's app): nothing for any origin
    for (const res of [await preflight(app, evil), await simple(app, evil), await simple(app, 'http://localhost:5173')]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
      expect(res.headers['access-control-allow-credentials']).toBeUndefined()
    }

    const listed = await createTestApp({ CORS_ORIGIN: ['https://shop.example.com', 'https://m.shop.example.com'] })
    const any = await createTestApp({ CORS_ORIGIN: ['*'] })
    try {
      const allowed = await preflight(listed, 'https://m.shop.example.com')
      expect(allowed.status).toBe(204)
      expect(allowed.headers['access-control-allow-origin']).toBe('https://m.shop.example.com')
      expect(allowed.headers['access-control-allow-headers']).toContain('Authorization')
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined()
      expect((await simple(listed, 'https://shop.example.com')).headers['access-control-allow-origin']).toBe('https://shop.example.com')
      for (const origin of [evil, 'https://shop.example.com.evil.example', 'http://shop.example.com', 'null']) {
        expect((await preflight(listed, origin)).headers['access-control-allow-origin'], origin).toBeUndefined()
        expect((await simple(listed, origin)).headers['access-control-allow-origin'], origin).toBeUndefined()
      }

      for (const res of [await preflight(any, evil), await simple(any, evil)]) {
        expect(res.headers['access-control-allow-origin']).toBe('*')
        expect(res.headers['access-control-allow-credentials']).toBeUndefined()
      }
    } finally {
      await listed.close()
      await any.close()
    }
  })

  it('sends helmet security headers on every answer: success, error, unknown route, the web app’s deep links', async () => {
    const saved = app.spaIndex
    app.spaIndex = entryPage('<!doctype html><title>QShop</title>')
    const deepLink = await http(app).get('/Admin/login')
    app.spaIndex = saved
    expect(deepLink.status).toBe(200)
    expect(deepLink.headers['cache-control']).toBe('no-cache')
    for (const res of [await http(app).get('/api/health'), await http(app).post('/api/uploads'), await http(app).get('/api/no/such/route'), deepLink]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(res.headers['content-security-policy']).toContain("default-src 'self'")
      expect(res.headers['strict-transport-security']).toBeDefined()
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site')
      expect(res.headers['x-powered-by']).toBeUndefined()
    }
  })
})
