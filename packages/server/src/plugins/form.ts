// Form-encoded bodies (the back-office client posts forms): `key[]=a&key[]=b` and repeated keys become arrays.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const isArray = rawKey.endsWith('[]')
    const key = isArray ? rawKey.slice(0, -2) : rawKey
    const prev = out[key]
    if (isArray) out[key] = Array.isArray(prev) ? [...prev, value] : prev === undefined ? [value] : [prev, value]
    else out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
  }
  return out
}

export default fp(async function form(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) => {
    done(null, parseForm(body as string))
  })
})
