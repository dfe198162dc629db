// The WebP copies of public images at the page widths, on the local disk driver: made on upload, served beside the
// original, removed with it, never made for identity documents, and filled in for images stored before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SIZED_WIDTHS, sizedCopyUrl } from '@qshop/shared/sizedImages'
import { bearer, createTestApp, eventually, http, resetDb, startMaintenanceWorker } from '../../../test/helpers.ts'
import { COPY_WIDTHS } from './sizedCopies.ts'
import { fillSizedCopies } from './fillSizedCopies.ts'

let app: FastifyInstance

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).toFormat(format).toBuffer()

const tokenFor = async (area: 'user' | 'seller', id: number) =>
  (await app.tokens.issue(area, id, { ip: '127.0.0.1', headers: {} } as FastifyRequest)).access_token

let n = 0
const makeUser = () => app.db.users.create({ data: { username: `sized_${++n}`, password: 'unused: tokens are issued directly' } })

const fileOf = (url: string) => path.join(app.config.UPLOAD_DIR, url.replace(/^\/uploads\//, ''))
const exists = (file: string) => stat(file).then(() => true, () => false)

/** Each copy as the browser gets it from /uploads: its type, format and pixel width. */
async function servedCopies(url: string) {
  return Promise.all(
    SIZED_WIDTHS.map(async (width) => {
      const res = await http(app).get(sizedCopyUrl(url, width)).responseType('blob')
      const meta = res.status === 200 ? await sharp(res.body as Buffer).metadata() : null
      return { name: width, status: res.status, type: res.headers['content-type'], format: meta?.format, width: meta?.width, height: meta?.height }
    }),
  )
}

beforeAll(async () => {
  app = await createTestApp()
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => {
  await app.close()
})

describe('sized copies made on upload', () => {
  it('stores a PNG with WebP copies at each page width, recorded on its row', async () => {
    const auth = bearer(await tokenFor('user', (await makeUser()).id))
    const res = await http(app).post('/api/uploads').set(auth).field('name', 'avatar').attach('file', await image(1000, 500), 'wide.png')
    expect(res.body.code).toBe(200)
    const url: string = res.body.data
    expect(await servedCopies(url)).toEqual([
      { name: 200, status: 200, type: 'image/webp', format: 'webp', width: 200, height: 100 },
      { name: 400, status: 200, type: 'image/webp', format: 'webp', width: 400, height: 200 },
      { name: 800, status: 200, type: 'image/webp', format: 'webp', width: 800, height: 400 },
      // never enlarged: the original is 1000 wide
      { name: 1200, status: 200, type: 'image/webp', format: 'webp', width: 1000, height: 500 },
    ])
    expect(await app.db.uploads.findFirstOrThrow({ where: { url } })).toMatchObject({ copy_widths: '200,400,800,1200', mime: 'image/png' })
  })

  it('does not enlarge a small JPEG: wider names hold its own size', async () => {
    const auth = bearer(await tokenFor('user', (await makeUser()).id))
    const res = await http(app).post('/api/uploads').set(auth).attach('file', await image(300, 150, 'jpeg'), 'small.jpg')
    expect(res.body.data).toMatch(/\.jpg$/)
    expect((await servedCopies(res.body.data)).map((c) => [c.name, c.format, c.width, c.height])).toEqual([
      [200, 'webp', 200, 100],
      [400, 'webp', 300, 150],
      [800, 'webp', 300, 150],
      [1200, 'webp', 300, 150],
    ])
  })

  it('makes no copies of identity documents (private) nor of other documents', async () => {
    const user = await makeUser()
    const auth = bearer(await tokenFor('user', user.id))
    const before = await app.db.uploads.count()
    const card = await http(app).post('/api/uploads').set(auth).field('name', 'id_card').attach('file', await image(900, 600), 'card.png')
    expect(card.body.code).toBe(200)
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')
    const doc = await http(app).post('/api/uploads').set(auth).field('uploadType', 'uploadFile').attach('file', pdf, 'terms.pdf')
    expect(doc.body.code).toBe(200)
    const rows = await app.db.uploads.findMany({ where: { id: { gt: 0 }, owner_id: user.id }, orderBy: { id: 'asc' } })
    expect(rows.map((r) => [r.folder, r.is_private, r.copy_widths])).toEqual([
      ['id_card', 1, ''],
      ['files', 0, ''],
    ])
    expect(await app.db.uploads.count()).toBe(before + 2)
    const privateKey = rows[0].path
    for (const width of SIZED_WIDTHS) {
      expect(await exists(path.join(app.config.PRIVATE_UPLOAD_DIR, sizedCopyUrl(privateKey, width)))).toBe(false)
      expect(await exists(path.join(app.config.UPLOAD_DIR, sizedCopyUrl(privateKey, width)))).toBe(false)
    }
  })

  it('removes the copies with the original when the seller deletes the image from the image space', async () => {
    const owner = await makeUser()
    const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: 'Sized', store_verify: 4 } })
    const auth = bearer(await tokenFor('seller', owner.id))
    const res = await http(app).post('/api/Seller/uploads').set(auth).field('name', 'goods').attach('file', await image(640, 640), 'shirt.png')
    const url: string = res.body.data
    const files = [url, ...SIZED_WIDTHS.map((w) => sizedCopyUrl(url, w))].map(fileOf)
    for (const file of files) expect(await exists(file), file).toBe(true)

    const row = await app.db.file_spaces.findFirstOrThrow({ where: { belong_id: store.id } })
    const worker = startMaintenanceWorker(app)
    try {
      expect((await http(app).delete(`/api/Seller/file_spaces/${row.id}`).set(auth)).body.code).toBe(200)
      await eventually(async () => !(await exists(files[0])))
    } finally {
      await worker.close()
    }
    for (const file of files) expect(await exists(file), file).toBe(false)
    expect((await http(app).get(sizedCopyUrl(url, 400))).status).toBe(404)
  })
})

describe('images stored without copies: the start-up step and the seed', () => {
  // A fresh upload folder: it holds only what these tests store, not what other test files left behind.
  beforeAll(async () => {
    await app.close()
    app = await createTestApp({ UPLOAD_DIR: await mkdtemp(path.join(tmpdir(), 'qshop-sized-')) })
  })
  afterAll(async () => {
    await rm(app.config.UPLOAD_DIR, { recursive: true, force: true })
  })

  it('the start-up step gives copies to recorded and unrecorded images once, goes on after a stopped run, and does nothing the second time', async () => {
    const owner = await makeUser()
    // An upload recorded before copies existed; a stopped run left one junk copy behind.
    const oldKey = 'goods/20250101/0b6f3c1e-8a3d-4c55-9f0e-2d7b1a9c4e21.jpg'
    await mkdir(path.dirname(fileOf(`/uploads/${oldKey}`)), { recursive: true })
    await writeFile(fileOf(`/uploads/${oldKey}`), await image(500, 250, 'jpeg'))
    await writeFile(fileOf(`/uploads/${sizedCopyUrl(oldKey, 200)}`), 'half-written')
    const recorded = await app.db.uploads.create({
      data: { area: 'seller', owner_id: owner.id, folder: 'goods', disk: 'public', path: oldKey, url: `/uploads/${oldKey}`, size: 1, mime: 'image/jpeg' },
    })
    // A recorded image whose file is gone, and a file no row records (a picture of an older version).
    await app.db.uploads.create({
      data: { area: 'seller', owner_id: owner.id, folder: 'goods', disk: 'public', path: 'goods/20250101/gone.png', url: '/uploads/goods/20250101/gone.png', size: 1, mime: 'image/png' },
    })
    const legacy = '/uploads/legacy/banner.webp'
    await mkdir(path.dirname(fileOf(legacy)), { recursive: true })
    await writeFile(fileOf(legacy), await image(1600, 400, 'webp'))
    // An identity image left in the public folder is not copied.
    await mkdir(path.dirname(fileOf('/uploads/id_card/20250101/x.png')), { recursive: true })
    await writeFile(fileOf('/uploads/id_card/20250101/x.png'), await image(50, 50))

    const lines: string[] = []
    const first = await fillSizedCopies(app, (line) => lines.push(line))
    expect(first).toEqual({ copied: 2, unreadable: 1 })
    expect(lines.some((l) => /^sized copies: \d+\/\d+ recorded images done/.test(l))).toBe(true)
    expect(lines.some((l) => /^sized copies: \d+\/\d+ local images checked/.test(l))).toBe(true)

    expect((await servedCopies(`/uploads/${oldKey}`)).map((c) => [c.name, c.format, c.width])).toEqual([
      [200, 'webp', 200],
      [400, 'webp', 400],
      [800, 'webp', 500],
      [1200, 'webp', 500],
    ])
    expect((await app.db.uploads.findUniqueOrThrow({ where: { id: recorded.id } })).copy_widths).toBe(COPY_WIDTHS)
    expect((await servedCopies(legacy)).map((c) => [c.name, c.width])).toEqual([
      [200, 200],
      [400, 400],
      [800, 800],
      [1200, 1200],
    ])
    expect(await exists(fileOf(sizedCopyUrl('/uploads/id_card/20250101/x.png', 200)))).toBe(false)

    const written = await stat(fileOf(sizedCopyUrl(legacy, 400)))
    const again: string[] = []
    expect(await fillSizedCopies(app, (line) => again.push(line))).toEqual({ copied: 0, unreadable: 1 })
    expect(again.filter((l) => l.includes('copied') && !/\(0 copied/.test(l))).toEqual([])
    expect((await stat(fileOf(sizedCopyUrl(legacy, 400)))).mtimeMs).toBe(written.mtimeMs)
  })

  it('the seed writes its demo pictures with their copies', async () => {
    await rm(path.join(app.config.UPLOAD_DIR, 'demo'), { recursive: true, force: true })
    await resetDb(app, { demo: true, areas: false })
    const store = await app.db.stores.findFirstOrThrow({ where: { store_logo: { startsWith: '/uploads/demo/' } } })
    const goods = await app.db.goods.findFirstOrThrow({ where: { goods_master_image: { startsWith: '/uploads/demo/' } } })
    for (const url of [store.store_logo, goods.goods_master_image])
      expect((await servedCopies(url)).map((c) => [c.status, c.format])).toEqual(SIZED_WIDTHS.map(() => [200, 'webp']))
    expect(await fillSizedCopies(app)).toEqual({ copied: 0, unreadable: 0 })
  })
})
