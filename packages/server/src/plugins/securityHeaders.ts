// Helmet's security headers, computed once. @fastify/helmet builds helmet's middleware again on every request,
// which cost a tenth of a list request's time (bench/run.ts); the headers never change between requests.
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'

/**
 * The headers of the API and of the web app it serves. Images may come from any https host (OSS buckets, CDNs
 * in the upload settings). Requests are not upgraded to https: a site served over plain http (a LAN, the
 * compose demo) would lose its own scripts. docker/nginx.conf sends the same policy with index.html
 * (test/nginx.test.ts).
 */
export const APP_SECURITY_HEADERS: HelmetOptions = {
  crossOriginResourcePolicy: { policy: 'same-site' },
  contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'https:'], 'upgrade-insecure-requests': null } },
}

/** The headers helmet would set with these options. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = { setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => {} }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {})
  return headers
}

/** The app's policy on every answer (404s and the web app's entry page too), another one under given prefixes. */
export default fp(async function securityHeaders(app: FastifyInstance, opts: { policy: HelmetOptions; byPrefix?: Record<string, HelmetOptions> }) {
  const headers = helmetHeaders(opts.policy)
  const variants = Object.entries(opts.byPrefix ?? {}).map(([prefix, policy]) => ({ prefix, headers: helmetHeaders(policy) }))
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(variants.find((v) => req.url.startsWith(v.prefix))?.headers ?? headers)
    done()
  })
})
