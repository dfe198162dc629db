// Uploads as a shopper, seller and admin see them: what is refused, what is stored, where it is served from.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createHash, createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readdir } from 'node:fs/promises'
import sharp from 'sharp'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bearer, createTestApp, eventually, http, resetDb, startMaintenanceWorker } from '../../../test/helpers.ts'
import { invalidateConfig } from '../../core/configs.ts'
import { ossStorage } from '../../adapters/storage/oss.ts'

let app: FastifyInstance

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer()

async function tokenFor(area: 'user' | 'seller' | 'admin', id: number) {
  const pair = await app.tokens.issue(area, id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)
  return pair.access_token
}

async function makeUser(username: string, belong_id = 0) {
  return app.db.users.create({ data: { username, password: 'unused: tokens are issued directly', belong_id } })
}

const storedFiles = async () => (await readdir(app.config.UPLOAD_DIR, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length

const today = () => {
  const d = new Date()
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`
}

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => {
  await app.close()
})

describe('POST /api/uploads (shopper)', () => {
  it('refuses a visitor without a token', async () => {
    const res = await http(app).post('/api/uploads').attach('file', await png(10, 10), 'a.png')
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 401, data: null })
  })

  it('stores an avatar cropped to 150x150 under avatar/<yyyymmdd>/ and serves it under /uploads', async () => {
    const token = await tokenFor('user', (await makeUser('buyer1')).id)
    const res = await http(app)
      .post('/api/uploads')
      .set(bearer(token))
      .field('name', 'avatar')
      .field('option', JSON.stringify({ width: 150, height: 150 }))
      .attach('file', await png(400, 300), 'me.png')
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(200)
    expect(res.body.msg).toBe('操作成功')
    const url: string = res.body.data
    expect(url).toMatch(new RegExp(`^/uploads/avatar/${today()}/[0-9a-f-]{36}\\.png$`))

    const served = await http(app).get(url).responseType('blob')
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const meta = await sharp(served.body as Buffer).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 150, height: 150 })
  })

  it('re-encodes images, dropping their metadata (EXIF, GPS)', async () => {
    const token = await tokenFor('user', (await makeUser('buyer2')).id)
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'private-camera-owner', ImageDescription: 'home address' } })
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const res = await http(app).post('/api/uploads').set(bearer(token)).attach('file', jpeg, 'photo.jpeg')
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatch(new RegExp(`^/uploads/files/${today()}/[0-9a-f-]{36}\\.jpg$`))
    const stored = await http(app).get(res.body.data).responseType('blob')
    const meta = await sharp(stored.body as Buffer).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 })
    expect(meta.exif).toBeUndefined()
  })

  it('keeps animated GIFs animated', async () => {
    const token = await tokenFor('user', (await makeUser('buyer3')).id)
    const frame = (background: string) => sharp({ create: { width: 20, height: 20, channels: 3, background } }).png().toBuffer()
    const animated = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } })
      .gif({ loop: 0 })
      .toBuffer()
    expect(await sharp(animated).metadata()).toMatchObject({ format: 'gif', pages: 3 })
    const res = await http(app).post('/api/uploads').set(bearer(token)).attach('file', animated, 'a.gif')
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatch(/\.gif$/)
    const stored = await http(app).get(res.body.data).responseType('blob')
    expect(await sharp(stored.body as Buffer).metadata()).toMatchObject({ format: 'gif', pages: 3, width: 20, height: 20 })
  })

  it('refuses by content: a text file named .png, an SVG, a PDF without uploadType', async () => {
    const token = await tokenFor('user', (await makeUser('buyer4')).id)
    const cases: [Buffer, string][] = [
      [Buffer.from('hello, I am not an image'), 'fake.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'), 'x.svg'],
      [Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'doc.pdf'],
      [(await png(30, 30)).subarray(0, 60), 'truncated.png'],
    ]
    const before = await storedFiles()
    for (const [body, name] of cases) {
      const res = await http(app).post('/api/uploads').set(bearer(token)).attach('file', body, name)
      expect(res.status, name).toBe(200)
      expect(res.body, name).toEqual({ code: 402, msg: '文件类型不允许', data: null })
    }
    expect(await storedFiles()).toBe(before)
    const en = await http(app).post('/api/uploads').set(bearer(token)).set('lang', 'en').attach('file', cases[0][0], 'fake.png')
    expect(en.body.msg).toBe('This file type is not allowed.')
  })

  it('refuses a file over UPLOAD_MAX_BYTES (10 MB) with a 413 envelope', async () => {
    const token = await tokenFor('user', (await makeUser('buyer5')).id)
    expect(app.config.UPLOAD_MAX_BYTES).toBe(10 * 1024 * 1024)
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1)
    const res = await http(app).post('/api/uploads').set(bearer(token)).attach('file', big, 'big.png')
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ code: 413, msg: '上传内容过大', data: null })
  })

  it('refuses bad fields and missing files with 400 and field errors', async () => {
    const token = await tokenFor('user', (await makeUser('buyer6')).id)
    const image = await png(20, 20)
    const badFolder = await http(app).post('/api/uploads').set(bearer(token)).field('name', '../etc').attach('file', image, 'a.png')
    expect(badFolder.status).toBe(400)
    expect(badFolder.body.code).toBe(400)
    expect(Object.keys(badFolder.body.data)).toEqual(['name'])

    const badOption = await http(app)
      .post('/api/uploads')
      .set(bearer(token))
      .field('option', JSON.stringify({ width: 150, height: 150, thumb: [[1, 1]] }))
      .attach('file', image, 'a.png')
    expect(badOption.status).toBe(400)
    expect(badOption.body.data).toHaveProperty(['option.thumb'])

    const unknownField = await http(app).post('/api/uploads').set(bearer(token)).field('owner', '1').attach('file', image, 'a.png')
    expect(unknownField.status).toBe(400)
    expect(unknownField.body.data).toHaveProperty('owner')

    const noFile = await http(app).post('/api/uploads').set(bearer(token)).field('name', 'avatar')
    expect(noFile.status).toBe(400)
    expect(noFile.body.data).toHaveProperty('file')

    const json = await http(app).post('/api/uploads').set(bearer(token)).send({ file: 'x' })
    expect(json.status).toBe(400)
    expect(json.body.data).toHaveProperty('file')
  })

  it('accepts documents of the allow-list with uploadType=uploadFile and refuses others', async () => {
    const token = await tokenFor('user', (await makeUser('buyer7')).id)
    const ExcelJS = await import('exceljs')
    const Workbook = (ExcelJS as unknown as { Workbook?: typeof ExcelJS.Workbook }).Workbook ?? (ExcelJS as unknown as { default: typeof ExcelJS }).default.Workbook
    const workbook = new Workbook()
    workbook.addWorksheet('Sheet1').addRow(['a', 1])
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer())

    const accepted: [Buffer, string, string][] = [
      [Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'manual.pdf', 'pdf'],
      [xlsx, 'prices.xlsx', 'xlsx'],
      [Buffer.from('sku,price\nA1,12.30\n'), 'prices.csv', 'csv'],
      [Buffer.from('plain notes'), 'notes.TXT', 'txt'],
    ]
    for (const [body, name, ext] of accepted) {
      const res = await http(app).post('/api/uploads').set(bearer(token)).field('name', 'docs').field('uploadType', 'uploadFile').attach('file', body, name)
      expect(res.body.code, name).toBe(200)
      expect(res.body.data, name).toMatch(new RegExp(`^/uploads/docs/${today()}/[0-9a-f-]{36}\\.${ext}$`))
      const served = await http(app).get(res.body.data).responseType('blob')
      expect(Buffer.compare(served.body as Buffer, body), name).toBe(0)
    }

    const refused: [Buffer, string][] = [
      [await png(10, 10), 'image.png'],
      [Buffer.from('MZ\x90\x00\x03\x00\x00\x00binary', 'latin1'), 'tool.txt'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.html'],
      [Buffer.from('7z\xbc\xaf\x27\x1c\x00\x04', 'latin1'), 'archive.csv'],
    ]
    for (const [body, name] of refused) {
      const res = await http(app).post('/api/uploads').set(bearer(token)).field('uploadType', 'uploadFile').attach('file', body, name)
      expect(res.body, name).toMatchObject({ code: 402, msg: '文件类型不允许' })
    }
  })

  it('refuses a seller sub-account in the shopper area (402 subNotAllowBuy)', async () => {
    const owner = await makeUser('owner0')
    const sub = await makeUser('sub0', owner.id)
    const res = await http(app).post('/api/uploads').set(bearer(await tokenFor('user', sub.id))).attach('file', await png(10, 10), 'a.png')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ code: 402, msg: '子账号不允许购买' })
  })
})

describe('POST /api/Seller/uploads and /api/Admin/uploads', () => {
  it("records a seller's goods images in the store's image space (file_spaces)", async () => {
    const owner = await makeUser('seller1')
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'S1' } })
    const token = await tokenFor('seller', owner.id)
    const image = await png(120, 80)
    const res = await http(app).post('/api/Seller/uploads').set(bearer(token)).field('name', 'goods').attach('file', image, 'red-shirt.png')
    expect(res.body.code).toBe(200)
    const url: string = res.body.data
    expect(url).toMatch(new RegExp(`^/uploads/goods/${today()}/[0-9a-f-]{36}\\.png$`))

    const rows = await app.db.file_spaces.findMany({ where: { belong_id: store.id } })
    expect(rows).toHaveLength(1)
    const served = await http(app).get(url).responseType('blob')
    expect(rows[0]).toMatchObject({
      belong_id: store.id,
      name: 'red-shirt.png',
      new_name: url.split('/').pop(),
      url,
      ext_name: 'png',
      disk_name: 'public',
      info: '120x80',
      md5: createHash('md5').update(served.body as Buffer).digest('hex'),
    })

    // Other folders are not part of the image space.
    const logo = await http(app).post('/api/Seller/uploads').set(bearer(token)).field('name', 'store_logo').attach('file', image, 'logo.png')
    expect(logo.body.code).toBe(200)
    expect(await app.db.file_spaces.count({ where: { belong_id: store.id } })).toBe(1)
  })

  it('lets a sub-account seller upload for the owner store and refuses shopper and admin tokens', async () => {
    const owner = await makeUser('seller2')
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'S2' } })
    const sub = await makeUser('seller2_staff', owner.id)
    const res = await http(app).post('/api/Seller/uploads').set(bearer(await tokenFor('seller', sub.id))).field('name', 'goods').attach('file', await png(10, 10), 'a.png')
    expect(res.body.code).toBe(200)
    expect(await app.db.file_spaces.count({ where: { belong_id: store.id } })).toBe(1)

    const shopperToken = await tokenFor('user', owner.id)
    const wrongArea = await http(app).post('/api/Seller/uploads').set(bearer(shopperToken)).attach('file', await png(10, 10), 'a.png')
    expect(wrongArea.status).toBe(401)
    expect(wrongArea.body.code).toBe(401)

    const noStore = await makeUser('no_store')
    const refused = await http(app).post('/api/Seller/uploads').set(bearer(await tokenFor('seller', noStore.id))).attach('file', await png(10, 10), 'a.png')
    expect(refused.status).toBe(401)
  })

  it('lets any admin upload (permission *), without recording an image space', async () => {
    const admin = await app.db.admins.create({ data: { username: 'editor', password: 'unused: tokens are issued directly' } })
    const token = await tokenFor('admin', admin.id)
    const spaces = await app.db.file_spaces.count()
    const res = await http(app).post('/api/Admin/uploads').set(bearer(token)).field('name', 'goods').attach('file', await png(32, 32), 'banner.png')
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatch(/^\/uploads\/goods\/\d{8}\/[0-9a-f-]{36}\.png$/)
    expect(await app.db.file_spaces.count()).toBe(spaces)

    const anonymous = await http(app).post('/api/Admin/uploads').attach('file', await png(32, 32), 'banner.png')
    expect(anonymous.status).toBe(401)
  })
})

// A local stand-in for Aliyun OSS: it checks each PUT's and DELETE's signature (OSS V1: HMAC-SHA1 over verb, MD5,
// type, date, x-oss-* headers and /bucket/key) with the secret it knows, and keeps what it received.
type Received = { key: string; contentType: string; body: Buffer }
function fakeOss(accessKeyId: string, secret: string, bucket: string) {
  const received: Received[] = []
  const deleted: string[] = []
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks)
    const h = req.headers
    const key = decodeURIComponent((req.url ?? '/').slice(1).split('?')[0])
    const ossHeaders = Object.keys(h)
      .filter((k) => k.startsWith('x-oss-'))
      .sort()
      .map((k) => `${k}:${String(h[k]).trim()}`)
    const toSign = [req.method, h['content-md5'] ?? '', h['content-type'] ?? '', h['x-oss-date'] ?? '', ...ossHeaders, `/${bucket}/${key}`].join('\n')
    const expected = `OSS ${accessKeyId}:${createHmac('sha1', secret).update(toSign).digest('base64')}`
    const md5Ok = !h['content-md5'] || h['content-md5'] === createHash('md5').update(body).digest('base64')
    if (!['PUT', 'DELETE'].includes(req.method ?? '') || h.authorization !== expected || !md5Ok) {
      res.writeHead(403, { 'content-type': 'application/xml', 'x-oss-request-id': 'fake' })
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>bad signature</Message></Error>')
      return
    }
    if (req.method === 'DELETE') {
      deleted.push(key)
      res.writeHead(204, { 'x-oss-request-id': 'fake' })
      res.end()
      return
    }
    received.push({ key, contentType: String(h['content-type']), body })
    res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex').toUpperCase()}"`, 'x-oss-request-id': 'fake' })
    res.end()
  }
  // A fault in the fake answers 500, so the driver's call fails instead of waiting for an answer.
  const server: Server = createServer((req, res) => {
    answer(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)))
  })
  return { server, received, deleted }
}

describe('OSS storage driver', () => {
  let oss: ReturnType<typeof fakeOss>
  let endpoint: string

  beforeAll(async () => {
    oss = fakeOss('AK-test', 'SK-test-secret', 'shop-bucket')
    await new Promise<void>((resolve) => oss.server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(oss.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => oss.server.close(resolve))
  })
  afterEach(async () => {
    await app.db.configs.update({ where: { name: 'upload' }, data: { content: JSON.stringify({ driver: 'local' }) } })
    await invalidateConfig(app, 'upload')
  })

  async function useOss(extra: Record<string, unknown> = {}) {
    const content = { driver: 'oss', bucket: 'shop-bucket', endpoint, key: 'AK-test', secret: 'SK-test-secret', cname: true, ...extra }
    await app.db.configs.upsert({
      where: { name: 'upload' },
      create: { name: 'upload', is_type: 1, content: JSON.stringify(content) },
      update: { is_type: 1, content: JSON.stringify(content) },
    })
    await invalidateConfig(app, 'upload')
  }

  it('puts uploads into the bucket when the upload config selects oss', async () => {
    await useOss()
    oss.received.length = 0
    const owner = await makeUser('seller_oss')
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'OSS' } })
    const res = await http(app)
      .post('/api/Seller/uploads')
      .set(bearer(await tokenFor('seller', owner.id)))
      .field('name', 'goods')
      .attach('file', await png(50, 40), 'cloud.png')
    expect(res.body.code).toBe(200)
    expect(oss.received).toHaveLength(1)
    const put = oss.received[0]
    expect(put.key).toMatch(new RegExp(`^goods/${today()}/[0-9a-f-]{36}\\.png$`))
    expect(put.contentType).toBe('image/png')
    expect(await sharp(put.body).metadata()).toMatchObject({ format: 'png', width: 50, height: 40 })
    expect(res.body.data).toBe(`${endpoint}/${put.key}`)
    expect(await app.db.file_spaces.findFirstOrThrow({ where: { belong_id: store.id } })).toMatchObject({ disk_name: 'alioss', url: `${endpoint}/${put.key}` })
  })

  it('deletes an image-space file from the bucket when the seller deletes it', async () => {
    await useOss()
    oss.received.length = 0
    oss.deleted.length = 0
    const owner = await makeUser('seller_oss_delete')
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'OSS delete' } })
    const auth = bearer(await tokenFor('seller', owner.id))
    expect((await http(app).post('/api/Seller/uploads').set(auth).field('name', 'goods').attach('file', await png(20, 20), 'gone.png')).body.code).toBe(200)
    const row = await app.db.file_spaces.findFirstOrThrow({ where: { belong_id: store.id } })
    const worker = startMaintenanceWorker(app)
    try {
      expect((await http(app).delete(`/api/Seller/file_spaces/${row.id}`).set(auth)).body.code).toBe(200)
      await eventually(() => oss.deleted.length > 0)
    } finally {
      await worker.close()
    }
    expect(oss.deleted).toEqual([oss.received[0].key])
    // a URL on another host is not this bucket's to delete
    await ossStorage({ bucket: 'shop-bucket', endpoint, key: 'AK-test', secret: 'SK-test-secret', cname: true }).remove(`https://elsewhere.example/${oss.received[0].key}`)
    expect(oss.deleted).toHaveLength(1)
  })

  it('answers CDN URLs when a cdn domain is configured', async () => {
    await useOss({ cdn: 'cdn.example.com/', ssl: true })
    oss.received.length = 0
    const res = await http(app)
      .post('/api/uploads')
      .set(bearer(await tokenFor('user', (await makeUser('buyer_cdn')).id)))
      .attach('file', await png(10, 10), 'a.png')
    expect(res.body.code).toBe(200)
    expect(res.body.data).toBe(`https://cdn.example.com/${oss.received[0].key}`)
  })

  it('fails closed: a wrong secret is refused by the bucket and answered as a hidden 500', async () => {
    const wrong = ossStorage({ bucket: 'shop-bucket', endpoint, key: 'AK-test', secret: 'not-the-secret', cname: true })
    await expect(wrong.put('files/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow()

    await useOss({ secret: 'not-the-secret' })
    const res = await http(app)
      .post('/api/uploads')
      .set(bearer(await tokenFor('user', (await makeUser('buyer_bad')).id)))
      .attach('file', await png(10, 10), 'a.png')
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ code: 500, msg: '服务器内部错误', data: null })
  })

  it('refuses an oss config without credentials instead of writing to local disk', async () => {
    await useOss({ key: '' })
    const res = await http(app)
      .post('/api/uploads')
      .set(bearer(await tokenFor('user', (await makeUser('buyer_cfg')).id)))
      .attach('file', await png(10, 10), 'a.png')
    expect(res.status).toBe(500)
  })
})
