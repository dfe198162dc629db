// WebP copies of a public image at the widths the pages show (SIZED_WIDTHS in @qshop/shared/sizedImages), stored
// through the storage adapter beside the original as `<name>.w<width>.webp`. Identity documents never get any.
import sharp from 'sharp'
import { SIZED_WIDTHS, sizedCopyUrl, takesSizedCopies } from '@qshop/shared/sizedImages'
import type { Infra } from '../../core/infra.ts'
import type { Storage } from '../../adapters/storage/index.ts'

/** What `uploads.copy_widths` records for an image whose copies are all stored. */
export const COPY_WIDTHS = SIZED_WIDTHS.join(',')
const WEBP_QUALITY = 80
/** As the upload check: a small file may decode to gigabytes of pixels. */
const MAX_PIXELS = 100_000_000

export type SizedCopy = { width: number; body: Buffer }

/**
 * One copy per width of SIZED_WIDTHS. An original narrower than a width is never enlarged: that copy keeps the
 * original's width (encoded once and shared by the wider names). Animated images stay animated.
 */
export async function makeSizedCopies(image: Buffer): Promise<SizedCopy[]> {
  const meta = await sharp(image, { limitInputPixels: MAX_PIXELS }).metadata()
  const source = sharp(image, { animated: (meta.pages ?? 1) > 1, limitInputPixels: MAX_PIXELS, autoOrient: true })
  const encoded = new Map<number, Buffer>()
  const copies: SizedCopy[] = []
  for (const width of SIZED_WIDTHS) {
    const target = Math.min(width, meta.autoOrient?.width ?? meta.width ?? width)
    let body = encoded.get(target)
    if (!body) {
      body = await source.clone().resize({ width: target, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer()
      encoded.set(target, body)
    }
    copies.push({ width, body })
  }
  return copies
}

/**
 * Stores the copies of the image stored under `key`. When one cannot be stored, those already stored are removed
 * and the error goes on, so an image has all its copies or none.
 */
export async function storeSizedCopies(storage: Storage, key: string, copies: SizedCopy[], opts?: { replace?: boolean }): Promise<void> {
  const stored: string[] = []
  try {
    for (const copy of copies) stored.push(await storage.put(sizedCopyUrl(key, copy.width), copy.body, 'image/webp', opts))
  } catch (err) {
    await Promise.allSettled(stored.map((url) => storage.remove(url)))
    throw err
  }
}

const parseWidths = (recorded: string) => recorded.split(',').filter(Boolean).map(Number)

/**
 * Removes a public file of the storage and, for an image, its copies: the current widths and any others its
 * `uploads` row records. Files already gone are no error.
 */
export async function removeWithCopies(app: Infra, storage: Storage, url: string): Promise<void> {
  await storage.remove(url)
  const key = storage.keyOf(url)
  if (!key || !takesSizedCopies(key)) return
  const row = await app.db.uploads.findUnique({ where: { disk_path: { disk: storage.disk, path: key } }, select: { copy_widths: true } })
  const widths = new Set<number>([...SIZED_WIDTHS, ...parseWidths(row?.copy_widths ?? '')])
  for (const width of widths) await storage.remove(sizedCopyUrl(url, width))
}
