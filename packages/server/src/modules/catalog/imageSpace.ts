// The image space lists a store's goods pictures. Uploads through the goods form are recorded there as they arrive
// (uploads/service.ts); pictures the goods hold without such a row (the demo goods, goods saved before the image
// space existed, imported rows) are recorded by this backfill, run by the seed and at every start.
import path from 'node:path'
import type { Infra } from '../../core/infra.ts'

/** Files of the platform's local storage: only these are recorded (an outside address is nobody's file to delete). */
const LOCAL_FILE = /^\/uploads\/[^?#]+$/

type Picture = { storeId: number; url: string }

/** The file name an address ends with, as a person reads it. */
function fileName(url: string): string {
  const base = path.posix.basename(url)
  try {
    return decodeURIComponent(base)
  } catch {
    return base
  }
}

/** Every local picture a goods or one of its SKUs shows, once per store. */
async function goodsPictures(app: Infra): Promise<Picture[]> {
  const goods = await app.db.goods.findMany({
    select: { store_id: true, goods_master_image: true, goods_images: true, goods_skus: { select: { goods_image: true } } },
  })
  const seen = new Set<string>()
  const out: Picture[] = []
  for (const g of goods) {
    const urls = [g.goods_master_image, ...(g.goods_images ?? '').split(','), ...g.goods_skus.map((s) => s.goods_image)]
    for (const raw of urls) {
      const url = raw?.trim() ?? ''
      const key = `${g.store_id} ${url}`
      if (!LOCAL_FILE.test(url) || url.length > 255 || seen.has(key)) continue
      seen.add(key)
      out.push({ storeId: g.store_id, url })
    }
  }
  return out
}

/**
 * Records in each store's image space (root folder) the goods pictures it does not list yet. Rows are matched by
 * (store, url), so running it again adds nothing. Answers how many rows were added.
 */
export async function recordGoodsPictures(app: Infra): Promise<number> {
  const pictures = await goodsPictures(app)
  if (!pictures.length) return 0
  const listed = await app.db.file_spaces.findMany({
    where: { url: { in: [...new Set(pictures.map((p) => p.url))] } },
    select: { belong_id: true, url: true },
  })
  const have = new Set(listed.map((row) => `${row.belong_id} ${row.url}`))
  const missing = pictures.filter((p) => !have.has(`${p.storeId} ${p.url}`))
  if (!missing.length) return 0
  const { count } = await app.db.file_spaces.createMany({
    data: missing.map(({ storeId, url }) => {
      const name = fileName(url)
      return {
        belong_id: storeId,
        name: name.slice(-255),
        new_name: name.slice(-255),
        url,
        ext_name: path.posix.extname(name).slice(1).toLowerCase().slice(0, 16),
        disk_name: 'public',
      }
    }),
  })
  return count
}
