// The seller's attributes with their specs, and the image space (folders and the files uploaded for goods).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { Worker } from 'bullmq'
import { createTestApp, eventually, http, resetDb, startMaintenanceWorker } from '../../../test/helpers.ts'
import { uploadRoot } from '../../adapters/storage/index.ts'
import { createGoods, leafClasses, sellerWithStore, type Leaf, type TestSeller } from './testkit.ts'
import { recordGoodsPictures } from './imageSpace.ts'

let app: FastifyInstance
let leaves: Leaf[]
let seller: TestSeller
let other: TestSeller

beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
  leaves = await leafClasses(app)
  seller = await sellerWithStore(app, leaves)
  other = await sellerWithStore(app, leaves)
})
afterAll(async () => app?.close())

const as = (s: TestSeller) => ({
  get: (url: string, query: Record<string, string | number> = {}) => http(app).get(`/api/Seller${url}`).query(query).set(s.auth),
  post: (url: string, body: object) => http(app).post(`/api/Seller${url}`).set(s.auth).send(body),
  put: (url: string, body: object) => http(app).put(`/api/Seller${url}`).set(s.auth).send(body),
  del: (url: string) => http(app).delete(`/api/Seller${url}`).set(s.auth),
})

describe('attributes and specs', () => {
  test('specs are written with the attribute and synced by name; a spec used by a SKU cannot be removed', async () => {
    const me = as(seller)
    const created = await me.post('/goods_attrs', { name: '颜色', specs: ['红色', '黑色'] })
    expect(created.body.code).toBe(200)
    const id = created.body.data.id as number
    const listed = await me.get('/goods_attrs')
    expect(listed.body.data.data).toEqual([expect.objectContaining({ id, name: '颜色', specs: ['红色', '黑色'] })])
    const red = listed.body.data.data[0].spec_list.find((s: { name: string }) => s.name === '红色').id as number

    expect((await me.put(`/goods_attrs/${id}`, { specs: '红色,白色' })).body.code).toBe(200)
    expect((await me.get(`/goods_attrs/${id}`)).body.data).toMatchObject({ specs: ['红色', '白色'] })
    expect(await app.db.goods_specs.findUnique({ where: { id: red } })).not.toBeNull()

    const goods = await me.post('/goods', { goods_name: '红色T恤', class_id: leaves[0].id, skus: [{ spec_id: [red], goods_price: '1.00', goods_stock: 1 }] })
    expect(goods.body.code).toBe(200)
    expect((await me.put(`/goods_attrs/${id}`, { specs: ['白色'] })).body.code).toBe(402)
    expect((await me.del(`/goods_attrs/${id}`)).body.code).toBe(402)
    expect(await app.db.goods_specs.count({ where: { attr_id: id } })).toBe(2)

    await me.del(`/goods/${goods.body.data.id}`)
    expect((await me.del(`/goods_attrs/${id}`)).body.code).toBe(200)
    expect(await app.db.goods_specs.count({ where: { attr_id: id } })).toBe(0)
  })

  test('another store’s attributes are neither listed nor usable', async () => {
    await as(other).post('/goods_attrs', { name: '尺码', specs: ['M'] })
    expect((await as(seller).get('/goods_attrs')).body.data.total).toBe(0)
  })
})

describe('image space', () => {
  let worker: Worker
  beforeAll(() => {
    worker = startMaintenanceWorker(app)
  })
  afterAll(async () => worker.close())
  const onDisk = (url: string) => existsSync(path.join(uploadRoot(app), url.replace(/^\/uploads\//, '')))

  async function upload(s: TestSeller, name = 'goods') {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer()
    return http(app).post('/api/Seller/uploads').set(s.auth).field('name', name).attach('file', png, 'red.png')
  }

  test('uploads for goods land in the image space; files move between the store’s folders; a folder goes with its files', async () => {
    const me = as(seller)
    expect((await upload(seller)).body.code).toBe(200)
    await upload(seller)
    await upload(seller, 'avatar')
    await upload(other)
    const files = await me.get('/file_spaces')
    expect(files.body.data.total).toBe(2)
    expect(files.body.data.data[0]).toMatchObject({ dir_id: 0, ext_name: expect.any(String), url: expect.stringContaining('/goods/') })

    const dir = (await me.post('/file_space_dirs', { name: '主图' })).body.data.id as number
    const theirDir = (await as(other).post('/file_space_dirs', { name: '他的' })).body.data.id as number
    const [first, second] = files.body.data.data.map((f: { id: number }) => f.id)
    expect((await me.put(`/file_spaces/${first}`, { dir_id: dir })).body.code).toBe(200)
    expect((await me.put(`/file_spaces/${second}`, { dir_id: theirDir })).status).toBe(400)
    expect((await me.put(`/file_spaces/${second}`, { url: 'http://evil' })).status).toBe(400)
    expect((await me.get('/file_spaces', { dir_id: dir })).body.data.data.map((f: { id: number }) => f.id)).toEqual([first])

    const firstUrl = files.body.data.data[0].url as string
    expect(onDisk(firstUrl)).toBe(true)
    expect((await me.del(`/file_space_dirs/${dir}`)).body.code).toBe(200)
    expect(await app.db.file_spaces.findUnique({ where: { id: first } })).toBeNull()
    await eventually(() => !onDisk(firstUrl))
    expect(await app.db.file_spaces.findUnique({ where: { id: second } })).not.toBeNull()
    expect((await me.del(`/file_space_dirs/${theirDir}`)).status).toBe(404)
    expect(await app.db.file_space_dirs.findUnique({ where: { id: theirDir } })).not.toBeNull()
  })

  test('deleted files leave the disk, except those a goods (image or details) or the store page still shows', async () => {
    const me = as(seller)
    const urls: string[] = []
    for (let i = 0; i < 4; i++) urls.push((await upload(seller)).body.data)
    const goods = await me.post('/goods', { goods_name: '主图商品', class_id: leaves[0].id, goods_master_image: urls[1], goods_content: `<p><img src="${urls[3]}"></p>`, goods_price: '1.00', goods_stock: 1 })
    expect(goods.body.code).toBe(200)
    await app.db.stores.update({ where: { id: seller.storeId }, data: { store_logo: urls[2] } })
    expect(urls.every(onDisk)).toBe(true)

    const ids = (await me.get('/file_spaces')).body.data.data.map((f: { id: number }) => f.id)
    expect((await me.del(`/file_spaces/${ids.join(',')}`)).body.code).toBe(200)
    expect(await app.db.file_spaces.count({ where: { belong_id: seller.storeId } })).toBe(0)
    await eventually(() => !onDisk(urls[0]))
    expect(urls.map(onDisk)).toEqual([false, true, true, true])
    expect(await app.db.outbox.count({ where: { sent_at: null } })).toBe(0)
  })

  test('the pictures a store\'s goods already show are listed in its own image space only, once', async () => {
    const mine = await createGoods(app, seller.storeId, leaves[0].id, { goods_name: '有图商品' })
    await app.db.goods.update({ where: { id: mine.id }, data: { goods_master_image: '/uploads/goods/a.png', goods_images: '/uploads/goods/a.png,/uploads/goods/b%20c.png' } })
    await app.db.goods_skus.create({ data: { goods_id: mine.id, sku_name: '红色', spec_id: '[]', goods_image: '/uploads/goods/sku.webp' } })
    const theirs = await createGoods(app, other.storeId, leaves[0].id)
    await app.db.goods.update({ where: { id: theirs.id }, data: { goods_master_image: '/uploads/goods/theirs.png', goods_images: 'https://cdn.example.com/x.png' } })
    // a picture uploaded through the goods form is listed already
    const uploaded = await upload(seller)
    await app.db.goods.update({ where: { id: mine.id }, data: { goods_images: `/uploads/goods/a.png,/uploads/goods/b%20c.png,${uploaded.body.data as string}` } })

    expect(await recordGoodsPictures(app)).toBe(4)
    expect(await recordGoodsPictures(app)).toBe(0)

    const listed = async (s: TestSeller) => {
      const res = await as(s).get('/file_spaces', { per_page: 100 })
      expect(res.body.code).toBe(200)
      return (res.body.data.data as { url: string; name: string; ext_name: string; dir_id: number }[]).map(({ url, name, ext_name, dir_id }) => ({ url, name, ext_name, dir_id }))
    }
    const mineListed = await listed(seller)
    expect(mineListed.map((f) => f.url).sort()).toEqual(['/uploads/goods/a.png', '/uploads/goods/b%20c.png', '/uploads/goods/sku.webp', uploaded.body.data].sort())
    expect(mineListed).toContainEqual({ url: '/uploads/goods/b%20c.png', name: 'b c.png', ext_name: 'png', dir_id: 0 })
    // the other store sees its own local picture, never this store's, and no outside address
    expect((await listed(other)).map((f) => f.url)).toEqual(['/uploads/goods/theirs.png'])
  })

  test('a refused delete (one foreign id) removes nothing', async () => {
    const mine = (await upload(seller)).body.data as string
    await upload(other)
    const ids = (await app.db.file_spaces.findMany({ select: { id: true } })).map((f) => f.id)
    expect((await as(seller).del(`/file_spaces/${ids.join(',')}`)).status).toBe(404)
    expect(onDisk(mine)).toBe(true)
    expect(await app.db.file_spaces.count()).toBe(2)
    expect(await app.db.outbox.count()).toBe(0)
  })
})
