// Multipart parsing and the local upload folder served under /uploads.
import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Infra } from './infra.ts'

export function uploadRoot(app: Pick<Infra, 'config'>): string {
  return path.resolve(app.config.UPLOAD_DIR)
}

export default fp(async function uploads(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: app.config.UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12 } })
  const root = uploadRoot(app)
  mkdirSync(root, { recursive: true })
  await app.register(fastifyStatic, { root, prefix: '/uploads/', decorateReply: false, index: false, list: false })
})
