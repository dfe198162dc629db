// Plain-colour placeholder images for the demo data, written into the local upload folder once.
import { access, mkdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import { uploadRoot } from '../plugins/uploads.ts'

export type DemoImage = { file: string; width: number; height: number; color: string }

/** Public URL of a demo image (served by the /uploads static route). */
export const demoUrl = (file: string) => `/uploads/demo/${file}`

export async function writeDemoImages(app: FastifyInstance, images: DemoImage[]): Promise<number> {
  const dir = path.join(uploadRoot(app), 'demo')
  await mkdir(dir, { recursive: true })
  const written = await Promise.all(
    images.map(async ({ file, width, height, color }) => {
      const target = path.join(dir, file)
      if (await access(target).then(() => true, () => false)) return 0
      await sharp({ create: { width, height, channels: 3, background: color } }).png().toFile(target)
      return 1
    }),
  )
  return written.reduce<number>((a, b) => a + b, 0)
}
