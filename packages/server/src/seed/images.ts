// Plain-colour placeholder images for the demo data, written into the local upload folder once, each with its
// sized WebP copies as uploads get them.
import { access, mkdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import { uploadRoot } from '../plugins/uploads.ts'
import { localStorage } from '../adapters/storage/local.ts'
import { makeSizedCopies, storeSizedCopies } from '../modules/uploads/sizedCopies.ts'

export type DemoImage = { file: string; width: number; height: number; color: string }

/** Public URL of a demo image (served by the /uploads static route). */
export const demoUrl = (file: string) => `/uploads/demo/${file}`

export async function writeDemoImages(app: FastifyInstance, images: DemoImage[]): Promise<number> {
  const dir = path.join(uploadRoot(app), 'demo')
  const storage = localStorage(uploadRoot(app))
  await mkdir(dir, { recursive: true })
  const written = await Promise.all(
    images.map(async ({ file, width, height, color }) => {
      const target = path.join(dir, file)
      if (await access(target).then(() => true, () => false)) return 0
      const image = await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()
      // The copies first: an image whose original is there is taken as written with its copies.
      await storeSizedCopies(storage, `demo/${file}`, await makeSizedCopies(image), { replace: true })
      await storage.put(`demo/${file}`, image, 'image/png', { replace: true })
      return 1
    }),
  )
  return written.reduce<number>((a, b) => a + b, 0)
}
