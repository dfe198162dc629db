// Multipart parsing and the local upload folder served under /uploads (docker/nginx.conf serves it the same way
// from the shared volume). Images are shown inline; other files are downloads (core/servedFiles.ts).
import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { PUBLIC_FILE_CACHE, servedFileHeaders } from '../core/servedFiles.ts'
import { privateUploadRoot, uploadRoot } from '../adapters/storage/index.ts'

export default fp(async function uploads(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: app.config.UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12 } })
  const root = uploadRoot(app)
  const privateRoot = privateUploadRoot(app)
  const overlap = (outer: string, inner: string) => !path.relative(outer, inner).startsWith('..')
  // Identity documents inside the static folder (or the reverse) would be public.
  if (overlap(root, privateRoot) || overlap(privateRoot, root))
    throw new Error(`PRIVATE_UPLOAD_DIR (${privateRoot}) and UPLOAD_DIR (${root}) must be separate folders`)
  mkdirSync(root, { recursive: true })
  mkdirSync(privateRoot, { recursive: true })
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    cacheControl: false,
    setHeaders: (reply, file) => {
      const headers = servedFileHeaders(file)
      reply.header('content-type', headers['content-type'])
      reply.header('content-disposition', headers['content-disposition'])
      reply.header('cache-control', PUBLIC_FILE_CACHE)
    },
  })
})
