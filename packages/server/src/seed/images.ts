// Images for the demo data (artwork.ts), written into the local upload folder once, each with its sized WebP copies
// as uploads get them.
import { access, mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { localStorage, uploadRoot } from '../adapters/storage/index.ts'
import { makeSizedCopies, storeSizedCopies } from '../modules/uploads/index.ts'
import { renderArtwork, type Artwork } from './artwork.ts'

export type DemoImage = { file: string; width: number; height: number; art: Artwork }

/** Public URL of a demo image (served by the /uploads static route). */
export const demoUrl = (file: string) => `/uploads/demo/${file}`

export async function writeDemoImages(app: FastifyInstance, images: DemoImage[]): Promise<number> {
  const dir = path.join(uploadRoot(app), 'demo')
  const storage = localStorage(uploadRoot(app))
  await mkdir(dir, { recursive: true })
  const written = await Promise.all(
    images.map(async ({ file, width, height, art }) => {
      const target = path.join(dir, file)
      if (await access(target).then(() => true, () => false)) return 0
      const image = await renderArtwork(art, width, height, file)
      // The copies first: an image whose original is there is taken as written with its copies.
      await storeSizedCopies(storage, `demo/${file}`, await makeSizedCopies(image), { replace: true })
      await storage.put(`demo/${file}`, image, file.endsWith('.jpg') ? 'image/jpeg' : 'image/png', { replace: true })
      return 1
    }),
  )
  return written.reduce<number>((a, b) => a + b, 0)
}
