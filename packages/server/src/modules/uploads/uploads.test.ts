// Uploads as a shopper, seller and admin see them: what is refused, what is stored, where it is served from.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bearer, createTestApp, eventually, http, resetDb, startMaintenanceWorker } from '../../../test/helpers.ts'
import { invalidateConfig } from '../../core/configs.ts'
import { ossStorage } from '../../adapters/storage/oss.ts'
import { permissionRow } from '../rbac/testkit.ts'
import { makeIdentityImagesPrivate } from '../stores/identityMove.ts'
import { SIZED_WIDTHS, sizedCopyUrl } from '@qshop/shared/sizedImages'
import { fillSizedCopies } from './fillSizedCopies.ts'
import { currentCalendar } from '../../core/siteCalendar.ts'

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

const filesUnder = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
const storedFiles = async () => (await filesUnder(app.config.UPLOAD_DIR)).length
/** A public image is stored with its WebP copies. */
const WITH_COPIES = 1 + SIZED_WIDTHS.length
const copyKeys = (key: string) => SIZED_WIDTHS.map((w) => sizedCopyUrl(key, w))

/** The site's day, the folder of the day's uploads and their quota's key. */
const today = () => currentCalendar().dayKey(new Date())

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
    const copy = await http(app).get(sizedCopyUrl(res.body.data, 200)).responseType('blob')
    expect(await sharp(copy.body as Buffer).metadata()).toMatchObject({ format: 'webp', pages: 3, width: 20 })
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
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'S1', store_verify: 4 } })
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
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'S2', store_verify: 4 } })
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

describe('the record of every upload (uploads rows)', () => {
  it('writes a row per stored file for shoppers, sellers and admins, and none for a refused file', async () => {
    const buyer = await makeUser('rec_buyer')
    const owner = await makeUser('rec_seller')
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'REC', store_verify: 4 } })
    const staff = await makeUser('rec_staff', owner.id)
    const admin = await app.db.admins.create({ data: { username: 'rec_admin', password: 'unused: tokens are issued directly' } })

    const avatar = await http(app).post('/api/uploads').set(bearer(await tokenFor('user', buyer.id))).field('name', 'avatar').attach('file', await png(40, 30), 'me.png')
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')
    const doc = await http(app).post('/api/uploads').set(bearer(await tokenFor('user', buyer.id))).field('name', 'docs').field('uploadType', 'uploadFile').attach('file', pdf, 'terms.pdf')
    const goods = await http(app).post('/api/Seller/uploads').set(bearer(await tokenFor('seller', staff.id))).field('name', 'goods').attach('file', await png(20, 20), 'shirt.png')
    const banner = await http(app).post('/api/Admin/uploads').set(bearer(await tokenFor('admin', admin.id))).field('name', 'adv').attach('file', await png(20, 20), 'banner.png')
    const refused = await http(app).post('/api/uploads').set(bearer(await tokenFor('user', buyer.id))).attach('file', Buffer.from('not an image'), 'x.png')
    expect([avatar, doc, goods, banner].map((r) => r.body.code)).toEqual([200, 200, 200, 200])
    expect(refused.body.code).toBe(402)

    const rows = await app.db.uploads.findMany({ where: { OR: [{ area: 'user', owner_id: buyer.id }, { store_id: store.id }, { area: 'admin', owner_id: admin.id }] }, orderBy: { id: 'asc' } })
    const servedSize = async (url: string) => ((await http(app).get(url).responseType('blob')).body as Buffer).length
    expect(rows).toEqual([
      expect.objectContaining({ area: 'user', owner_id: buyer.id, store_id: 0, folder: 'avatar', disk: 'public', url: avatar.body.data, path: avatar.body.data.replace('/uploads/', ''), mime: 'image/png', original_name: 'me.png', is_private: 0, size: await servedSize(avatar.body.data) }),
      expect.objectContaining({ area: 'user', owner_id: buyer.id, folder: 'docs', url: doc.body.data, mime: 'application/pdf', original_name: 'terms.pdf', size: pdf.length }),
      expect.objectContaining({ area: 'seller', owner_id: staff.id, store_id: store.id, folder: 'goods', url: goods.body.data, size: await servedSize(goods.body.data) }),
      expect.objectContaining({ area: 'admin', owner_id: admin.id, store_id: 0, folder: 'adv', url: banner.body.data }),
    ])
  })

  it('leaves neither a file nor a row (nor a used quota) when storing or recording fails', async () => {
    const owner = await makeUser('rec_gone')
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'GONE', store_verify: 4 } })
    const auth = bearer(await tokenFor('seller', owner.id))
    const quotaKey = app.key('upload_quota', 'seller', store.id, today())
    // The disk refuses: the day's folder of 'blocked' is a file.
    await mkdir(path.join(app.config.UPLOAD_DIR, 'blocked'), { recursive: true })
    await writeFile(path.join(app.config.UPLOAD_DIR, 'blocked', today()), 'not a folder')
    const files = await storedFiles()
    const rows = await app.db.uploads.count()
    expect((await http(app).post('/api/Seller/uploads').set(auth).field('name', 'blocked').attach('file', await png(20, 20), 'a.png')).status).toBe(500)
    expect(await app.db.uploads.count()).toBe(rows)
    expect(await storedFiles()).toBe(files)
    expect(await app.redis.hgetall(quotaKey)).toEqual({ files: '0', bytes: '0' })

    // The file is stored, then its image-space row cannot be written: the store went away after its token was read.
    expect((await http(app).post('/api/Seller/uploads').set(auth).field('name', 'logo').attach('file', await png(20, 20), 'a.png')).body.code).toBe(200)
    await app.db.stores.delete({ where: { id: store.id } })
    expect((await http(app).post('/api/Seller/uploads').set(auth).field('name', 'goods').attach('file', await png(20, 20), 'a.png')).status).toBe(500)
    expect(await storedFiles()).toBe(files + WITH_COPIES)
    expect(await app.db.uploads.count()).toBe(rows + 1)
    expect(await app.redis.hget(quotaKey, 'files')).toBe('1')
  })
})

describe('daily upload quotas', () => {
  let small: FastifyInstance
  beforeAll(async () => {
    small = await createTestApp({ UPLOAD_SHOPPER_DAILY_FILES: 3, UPLOAD_SHOPPER_DAILY_BYTES: 1024 * 1024, UPLOAD_SELLER_DAILY_FILES: 4 })
  })
  afterAll(async () => {
    await small.close()
  })
  const upload = async (url: string, auth: Record<string, string>, image: Buffer) => http(small).post(url).set(auth).attach('file', image, 'a.png')

  it('lets parallel uploads take exactly the files left today; the rest are refused (402) and nothing of them is stored', async () => {
    const buyer = await makeUser('quota_files')
    const auth = bearer((await small.tokens.issue('user', buyer.id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)).access_token)
    const image = await png(16, 16)
    const files = await storedFiles()
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload('/api/uploads', auth, image)))
    expect(answers.filter((r) => r.body.code === 200)).toHaveLength(3)
    const refused = answers.filter((r) => r.body.code !== 200)
    expect(refused).toHaveLength(5)
    for (const r of refused) expect(r.body).toEqual({ code: 402, msg: '今日上传已达上限（3 个文件、1 MB），请明天再试', data: null })
    expect(await storedFiles()).toBe(files + 3 * WITH_COPIES)
    expect(await small.db.uploads.count({ where: { area: 'user', owner_id: buyer.id } })).toBe(3)
    const en = await http(small).post('/api/uploads').set(auth).set('lang', 'en').attach('file', image, 'a.png')
    expect(en.body.msg).toBe("You have reached today's upload limit (3 files, 1 MB). Please try again tomorrow.")

    // Another shopper has a quota of their own.
    const other = await makeUser('quota_other')
    const otherAuth = bearer((await small.tokens.issue('user', other.id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)).access_token)
    expect((await upload('/api/uploads', otherAuth, image)).body.code).toBe(200)
  })

  it('counts the stored bytes: a file that would pass the day’s bytes is refused', async () => {
    const buyer = await makeUser('quota_bytes')
    const auth = bearer((await small.tokens.issue('user', buyer.id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)).access_token)
    // Noise does not compress: about 0.7 MB as a PNG.
    const noise = await sharp(randomBytes(500 * 500 * 3), { raw: { width: 500, height: 500, channels: 3 } }).png().toBuffer()
    expect(noise.length).toBeGreaterThan(512 * 1024)
    expect((await upload('/api/uploads', auth, noise)).body.code).toBe(200)
    const second = await upload('/api/uploads', auth, noise)
    expect(second.body.code).toBe(402)
    expect(await small.db.uploads.count({ where: { area: 'user', owner_id: buyer.id } })).toBe(1)
  })

  it("shares the seller quota between a store's accounts", async () => {
    const owner = await makeUser('quota_owner')
    await small.db.stores.create({ data: { user_id: owner.id, store_name: 'Q', store_verify: 4 } })
    const staff = await makeUser('quota_staff', owner.id)
    const token = async (id: number) => bearer((await small.tokens.issue('seller', id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)).access_token)
    const image = await png(12, 12)
    const codes = []
    for (const auth of [await token(owner.id), await token(staff.id), await token(owner.id), await token(staff.id), await token(staff.id)])
      codes.push((await upload('/api/Seller/uploads', auth, image)).body.code)
    expect(codes).toEqual([200, 200, 200, 200, 402])
  })
})

describe('how /uploads serves files', () => {
  it('shows images inline and serves documents as downloads, every file with a long cache life', async () => {
    const token = await tokenFor('user', (await makeUser('serve1')).id)
    const image = await http(app).post('/api/uploads').set(bearer(token)).attach('file', await png(10, 10), 'a.png')
    const pdf = await http(app)
      .post('/api/uploads')
      .set(bearer(token))
      .field('uploadType', 'uploadFile')
      .attach('file', Buffer.from('%PDF-1.4\n<script>alert(1)</script>\n%%EOF'), 'a.pdf')
    const shownImage = await http(app).get(image.body.data)
    expect(shownImage.headers).toMatchObject({ 'content-type': 'image/png', 'content-disposition': 'inline', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' })
    const downloaded = await http(app).get(pdf.body.data)
    expect(downloaded.status).toBe(200)
    expect(downloaded.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'attachment', 'x-content-type-options': 'nosniff' })
  })

  it('serves files of no allowed type (left by older versions) as bytes to download', async () => {
    const dir = path.join(app.config.UPLOAD_DIR, 'legacy')
    await mkdir(dir, { recursive: true })
    await writeFile(path.join(dir, 'page.html'), '<script>alert(document.cookie)</script>')
    await writeFile(path.join(dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    for (const name of ['page.html', 'icon.svg']) {
      const res = await http(app).get(`/uploads/legacy/${name}`)
      expect(res.status, name).toBe(200)
      expect(res.headers, name).toMatchObject({ 'content-type': 'application/octet-stream', 'content-disposition': 'attachment' })
    }
  })
})

describe('identity documents (private files)', () => {
  const signedUrl = new RegExp('^/api/private_files/(\\d+)\\?expires=(\\d+)&signature=([A-Za-z0-9_-]+)$')

  async function uploadIdentity(userId: number, folder = 'id_card') {
    const res = await http(app)
      .post('/api/uploads')
      .set(bearer(await tokenFor('user', userId)))
      .field('name', folder)
      .attach('file', await png(60, 40), 'card.png')
    expect(res.body.code, JSON.stringify(res.body)).toBe(200)
    const [, id] = signedUrl.exec(res.body.data) ?? []
    expect(id, res.body.data).toBeDefined()
    return { url: res.body.data as string, id: Number(id) }
  }

  it('cannot be configured inside the public folder (nor hold it)', async () => {
    await expect(createTestApp({ PRIVATE_UPLOAD_DIR: path.join(app.config.UPLOAD_DIR, 'private') })).rejects.toThrow(/must be separate folders/)
    await expect(createTestApp({ PRIVATE_UPLOAD_DIR: path.dirname(app.config.UPLOAD_DIR) })).rejects.toThrow(/must be separate folders/)
    await expect(createTestApp({ PRIVATE_UPLOAD_DIR: app.config.UPLOAD_DIR })).rejects.toThrow(/must be separate folders/)
  })

  it('stores them outside the public folder and answers a signed URL that serves them', async () => {
    const applicant = await makeUser('idc_owner')
    const publicBefore = await filesUnder(app.config.UPLOAD_DIR)
    const { url, id } = await uploadIdentity(applicant.id)
    const licence = await uploadIdentity(applicant.id, 'business_license')
    expect(await filesUnder(app.config.UPLOAD_DIR)).toEqual(publicBefore)

    const row = await app.db.uploads.findUniqueOrThrow({ where: { id } })
    expect(row).toMatchObject({ area: 'user', owner_id: applicant.id, folder: 'id_card', disk: 'private', is_private: 1, url: `/api/private_files/${id}` })
    expect(await filesUnder(app.config.PRIVATE_UPLOAD_DIR)).toEqual(expect.arrayContaining([row.path, (await app.db.uploads.findUniqueOrThrow({ where: { id: licence.id } })).path]))
    expect((await http(app).get(`/uploads/${row.path}`)).status).toBe(404)

    // No bearer needed with the signature (an <img> tag sends none).
    const served = await http(app).get(url).responseType('blob')
    expect(served.status).toBe(200)
    expect(served.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' })
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 60, height: 40 })
  })

  it('serves them to their owner and to admins with the store detail key, to nobody else', async () => {
    const applicant = await makeUser('idc_owner2')
    const { id } = await uploadIdentity(applicant.id)
    const fileUrl = `/api/private_files/${id}`

    expect((await http(app).get(fileUrl).set(bearer(await tokenFor('user', applicant.id)))).status).toBe(200)
    const anonymous = await http(app).get(fileUrl)
    expect(anonymous.status).toBe(401)
    const stranger = await http(app).get(fileUrl).set(bearer(await tokenFor('user', (await makeUser('idc_stranger')).id)))
    expect(stranger.status).toBe(404)
    expect(stranger.body).toMatchObject({ code: 404, data: null })

    // A seller (even of a store) has no way in: the storefront route takes shopper tokens only, the seller area has none.
    const seller = await makeUser('idc_seller')
    await app.db.stores.create({ data: { user_id: seller.id, store_name: 'IDC' } })
    const sellerAuth = bearer(await tokenFor('seller', seller.id))
    expect((await http(app).get(fileUrl).set(sellerAuth)).status).toBe(401)
    expect((await http(app).get(`/api/Seller/private_files/${id}`).set(sellerAuth)).status).toBe(404)

    const root = await app.db.admins.create({ data: { username: 'idc_root', password: 'x', is_super: 1 } })
    const asRoot = await http(app).get(`/api/Admin/private_files/${id}`).set(bearer(await tokenFor('admin', root.id))).responseType('blob')
    expect(asRoot.status).toBe(200)
    expect(asRoot.headers['content-type']).toBe('image/png')

    const clerk = await app.db.admins.create({ data: { username: 'idc_clerk', password: 'x', is_super: 0 } })
    const clerkAuth = bearer(await tokenFor('admin', clerk.id))
    expect((await http(app).get(`/api/Admin/private_files/${id}`).set(clerkAuth)).status).toBe(403)
    const role = await app.db.admin_roles.create({ data: { name: 'reviewer' } })
    await app.db.admin_to_permissions.create({ data: { role_id: role.id, permission_id: await permissionRow(app, 'admin', 'admin.stores.show') } })
    await app.db.admin_to_roles.create({ data: { admin_id: clerk.id, role_id: role.id } })
    await app.actors.invalidate()
    expect((await http(app).get(`/api/Admin/private_files/${id}`).set(clerkAuth)).status).toBe(200)

    // Public uploads are not private files.
    const avatar = await http(app).post('/api/uploads').set(bearer(await tokenFor('user', applicant.id))).attach('file', await png(10, 10), 'a.png')
    const avatarRow = await app.db.uploads.findFirstOrThrow({ where: { url: avatar.body.data } })
    expect((await http(app).get(`/api/private_files/${avatarRow.id}`).set(bearer(await tokenFor('user', applicant.id)))).status).toBe(404)
    expect((await http(app).get(`/api/Admin/private_files/${avatarRow.id}`).set(bearer(await tokenFor('admin', root.id)))).status).toBe(404)
  })

  it('refuses signed URLs that were altered, point at another file or have expired', async () => {
    const applicant = await makeUser('idc_owner3')
    const first = await uploadIdentity(applicant.id)
    const second = await uploadIdentity(applicant.id)
    const [, , expires, signature] = signedUrl.exec(first.url)!

    const refused = [
      `/api/private_files/${second.id}?expires=${expires}&signature=${signature}`,
      `/api/private_files/${first.id}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/private_files/${first.id}?expires=${expires}&signature=${signature.slice(0, -2)}AA`,
      `/api/private_files/${first.id}?expires=${expires}`,
      `/api/private_files/${first.id}?signature=${signature}`,
    ]
    for (const url of refused) {
      const res = await http(app).get(url)
      expect(res.status, url).toBe(404)
      expect(res.body.code, url).toBe(404)
    }
    expect((await http(app).get(first.url)).status).toBe(200)

    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + (app.config.PRIVATE_FILE_URL_TTL + 1) * 1000)
      expect((await http(app).get(first.url)).status).toBe(404)
    } finally {
      vi.useRealTimers()
    }
  })
})

// A local stand-in for Aliyun OSS: it checks each request's signature (OSS V1: HMAC-SHA1 over verb, MD5, type,
// date, x-oss-* headers and /bucket/key) with the secret it knows, keeps what it received and answers signed GETs of
// what it holds.
type Received = { key: string; contentType: string; acl: string; body: Buffer }
function fakeOss(accessKeyId: string, secret: string, bucket: string) {
  const received: Received[] = []
  const deleted: string[] = []
  /** Keys whose PUT the bucket refuses (a fault in the middle of an upload). */
  const refusePut = { match: null as RegExp | null }
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
    if (!['PUT', 'DELETE', 'GET'].includes(req.method ?? '') || h.authorization !== expected || !md5Ok) {
      res.writeHead(403, { 'content-type': 'application/xml', 'x-oss-request-id': 'fake' })
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>bad signature</Message></Error>')
      return
    }
    if (req.method === 'GET') {
      const object = received.findLast((r) => r.key === key)
      if (!object || deleted.includes(key)) {
        res.writeHead(404, { 'content-type': 'application/xml', 'x-oss-request-id': 'fake' })
        res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>no such key</Message></Error>')
        return
      }
      res.writeHead(200, { 'content-type': object.contentType, 'x-oss-request-id': 'fake' })
      res.end(object.body)
      return
    }
    if (req.method === 'DELETE') {
      deleted.push(key)
      res.writeHead(204, { 'x-oss-request-id': 'fake' })
      res.end()
      return
    }
    if (refusePut.match?.test(key)) {
      res.writeHead(503, { 'content-type': 'application/xml', 'x-oss-request-id': 'fake' })
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>ServiceUnavailable</Code><Message>try later</Message></Error>')
      return
    }
    received.push({ key, contentType: String(h['content-type']), acl: String(h['x-oss-object-acl'] ?? ''), body })
    res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex').toUpperCase()}"`, 'x-oss-request-id': 'fake' })
    res.end()
  }
  // A fault in the fake answers 500, so the driver's call fails instead of waiting for an answer.
  const server: Server = createServer((req, res) => {
    answer(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)))
  })
  return { server, received, deleted, refusePut }
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
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'OSS', store_verify: 4 } })
    const res = await http(app)
      .post('/api/Seller/uploads')
      .set(bearer(await tokenFor('seller', owner.id)))
      .field('name', 'goods')
      .attach('file', await png(50, 40), 'cloud.png')
    expect(res.body.code).toBe(200)
    const put = oss.received[0]
    expect(put.key).toMatch(new RegExp(`^goods/${today()}/[0-9a-f-]{36}\\.png$`))
    expect(put.contentType).toBe('image/png')
    expect(oss.received.slice(1).map((r) => [r.key, r.contentType])).toEqual(copyKeys(put.key).map((key) => [key, 'image/webp']))
    expect(await sharp(put.body).metadata()).toMatchObject({ format: 'png', width: 50, height: 40 })
    expect(res.body.data).toBe(`${endpoint}/${put.key}`)
    expect(await app.db.file_spaces.findFirstOrThrow({ where: { belong_id: store.id } })).toMatchObject({ disk_name: 'alioss', url: `${endpoint}/${put.key}` })
  })

  it('deletes an image-space file from the bucket when the seller deletes it', async () => {
    await useOss()
    oss.received.length = 0
    oss.deleted.length = 0
    const owner = await makeUser('seller_oss_delete')
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'OSS delete', store_verify: 4 } })
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
    expect(oss.deleted).toEqual([oss.received[0].key, ...copyKeys(oss.received[0].key)])
    // a URL on another host is not this bucket's to delete
    await ossStorage({ bucket: 'shop-bucket', endpoint, key: 'AK-test', secret: 'SK-test-secret', cname: true }).remove(`https://elsewhere.example/${oss.received[0].key}`)
    expect(oss.deleted).toHaveLength(WITH_COPIES)
  })

  it('keeps identity documents as private objects of the bucket and serves them through the api only', async () => {
    await useOss({ cdn: 'cdn.example.com' })
    oss.received.length = 0
    const applicant = await makeUser('buyer_oss_idc')
    const privateFiles = (await filesUnder(app.config.PRIVATE_UPLOAD_DIR)).length
    const res = await http(app)
      .post('/api/uploads')
      .set(bearer(await tokenFor('user', applicant.id)))
      .field('name', 'business_license')
      .attach('file', await png(30, 20), 'licence.png')
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatch(/^\/api\/private_files\/\d+\?expires=\d+&signature=/)
    expect(oss.received).toHaveLength(1)
    const put = oss.received[0]
    expect(put.key).toMatch(new RegExp(`^private-files/business_license/${today()}/[0-9a-f-]{36}\\.png$`))
    expect(put.acl).toBe('private')
    const row = await app.db.uploads.findFirstOrThrow({ where: { area: 'user', owner_id: applicant.id } })
    expect(row).toMatchObject({ disk: 'alioss', path: put.key.slice('private-files/'.length), is_private: 1, url: `/api/private_files/${row.id}` })
    expect((await filesUnder(app.config.PRIVATE_UPLOAD_DIR)).length).toBe(privateFiles)

    const served = await http(app).get(res.body.data).responseType('blob')
    expect(served.status).toBe(200)
    expect(Buffer.compare(served.body as Buffer, put.body)).toBe(0)
    // a public URL of the object is never answered, and the seller's image-space clean-up cannot reach private keys
    expect(JSON.stringify(res.body)).not.toContain('cdn.example.com')
    await ossStorage({ bucket: 'shop-bucket', endpoint, key: 'AK-test', secret: 'SK-test-secret', cname: true, cdn: 'cdn.example.com' }).remove(`http://cdn.example.com/${put.key}`)
    expect(oss.deleted).not.toContain(put.key)
  })

  it("moves an older application's identity image from the public bucket to a private object", async () => {
    await useOss()
    const owner = await makeUser('oss_legacy')
    const image = await png(12, 12)
    const url = await ossStorage({ bucket: 'shop-bucket', endpoint, key: 'AK-test', secret: 'SK-test-secret', cname: true }).put('store/20250101/legacy.png', image, 'image/png')
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'Legacy', id_card_t: url } })
    oss.deleted.length = 0
    expect(await makeIdentityImagesPrivate(app)).toMatchObject({ moved: 1 })
    const moved = oss.received.at(-1)!
    expect(moved).toMatchObject({ key: expect.stringMatching(/^private-files\/id_card\/\d{8}\/[0-9a-f-]{36}\.png$/), acl: 'private' })
    expect(Buffer.compare(moved.body, image)).toBe(0)
    // The public file goes with any sized copies of it (removing one that was never made is no error).
    expect(oss.deleted).toEqual(['store/20250101/legacy.png', ...copyKeys('store/20250101/legacy.png')])
    const reference = (await app.db.stores.findUniqueOrThrow({ where: { id: store.id } })).id_card_t
    expect(await app.db.uploads.findFirstOrThrow({ where: { url: reference } })).toMatchObject({ disk: 'alioss', path: moved.key.slice('private-files/'.length), owner_id: owner.id })
  })

  it('leaves no original, copy, row nor used quota when the bucket refuses one of the copies', async () => {
    await useOss()
    const owner = await makeUser('oss_half')
    const auth = bearer(await tokenFor('user', owner.id))
    const quotaKey = app.key('upload_quota', 'user', owner.id, today())
    const before = oss.received.length
    oss.deleted.length = 0
    oss.refusePut.match = /\.w800\.webp$/
    try {
      expect((await http(app).post('/api/uploads').set(auth).attach('file', await png(900, 900), 'a.png')).status).toBe(500)
    } finally {
      oss.refusePut.match = null
    }
    const stored = oss.received.slice(before).map((r) => r.key)
    expect(stored).toHaveLength(3) // the original, then the 200 and 400 copies
    expect(oss.deleted).toEqual(expect.arrayContaining(stored))
    expect(await app.db.uploads.count({ where: { owner_id: owner.id } })).toBe(0)
    expect(await app.redis.hgetall(quotaKey)).toEqual({ files: '0', bytes: '0' })
  })

  it('fills in the sized copies of images already in the bucket once, beside them', async () => {
    await useOss()
    const owner = await makeUser('oss_fill')
    const key = 'goods/20250101/4c1e0b6f-8a3d-4c55-9f0e-2d7b1a9c4e21.png'
    const url = await ossStorage({ bucket: 'shop-bucket', endpoint, key: 'AK-test', secret: 'SK-test-secret', cname: true }).put(key, await png(600, 300), 'image/png')
    const row = await app.db.uploads.create({ data: { area: 'seller', owner_id: owner.id, folder: 'goods', disk: 'alioss', path: key, url, size: 1, mime: 'image/png' } })
    const before = oss.received.length
    await fillSizedCopies(app)
    const copies = oss.received.slice(before).filter((r) => r.key.startsWith('goods/20250101/'))
    expect(copies.map((r) => r.key)).toEqual(copyKeys(key))
    expect(await Promise.all(copies.map(async (r) => [r.contentType, (await sharp(r.body).metadata()).width]))).toEqual([
      ['image/webp', 200],
      ['image/webp', 400],
      ['image/webp', 600],
      ['image/webp', 600],
    ])
    expect((await app.db.uploads.findUniqueOrThrow({ where: { id: row.id } })).copy_widths).toBe(SIZED_WIDTHS.join(','))
    const after = oss.received.length
    await fillSizedCopies(app)
    expect(oss.received.length).toBe(after)
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
