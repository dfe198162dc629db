// Form-encoded bodies (the back-office client posts forms): `key[]=a&key[]=b` and repeated keys become arrays.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

export function parseForm(body: string): Record<string, unknown> {
  // A Map, then own properties: a key such as `__proto__`, `constructor` or `toString` is plain data, never an
  // inherited property read as a previous value nor a prototype being set.
  const fields = new Map<string, unknown>()
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const isArray = rawKey.endsWith('[]')
    const key = isArray ? rawKey.slice(0, -2) : rawKey
    const prev = fields.get(key)
    if (isArray) fields.set(key, Array.isArray(prev) ? [...prev, value] : prev === undefined ? [value] : [prev, value])
    else fields.set(key, prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value])
  }
  return Object.fromEntries(fields)
}

export default fp(async function form(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_req, body, done) => {
    done(null, parseForm(body as string))
  })
})
