// Answers given before any route or hook runs, in the envelope and with the security headers like every other
// answer: Fastify's router refusing a URL (a parameter past its length: 414; malformed percent-encoding: 400), and
// Node's HTTP parser refusing a request (headers past its limit, the URL included: 431; a malformed request: 400;
// a request not sent in time: 408).
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { randomUUID } from 'node:crypto'
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { Code, normalizeLocale, translate, type MessageKey } from '@qshop/shared'

const ROUTER_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, key: 'msg.uriTooLong' },
  FST_ERR_BAD_URL: { status: 400, key: 'msg.invalid' },
}

/** Fastify's `frameworkErrors`: the router's refusals, answered before the request's hooks would run. */
export function routerErrorAnswer(securityHeaders: Record<string, string>) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const { status, key } = ROUTER_ERRORS[err.code] ?? { status: 500, key: 'msg.internal' as const }
    if (status >= 500) req.log.error({ err }, 'router error')
    const locale = normalizeLocale((req.headers['lang'] as string | undefined) ?? req.headers['accept-language'])
    // A reply is thenable; nothing awaits this one.
    void reply
      .headers(securityHeaders)
      .header('x-request-id', req.id)
      .status(status)
      .send({ code: status === 500 ? Code.INTERNAL : status, msg: translate(locale, key), data: null })
  }
}

const PARSER_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'msg.headersTooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'msg.timeout' },
}

/** The server's `clientError` handler (Fastify's `clientErrorHandler`): a complete answer written to the socket. */
export function parserErrorAnswer(securityHeaders: Record<string, string>) {
  return (err: ConnectionError, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return
    if (!socket.writable) return void socket.destroy(err)
    // What had arrived (Node gives a Buffer; none on a timeout).
    const packet: unknown = err.rawPacket
    const raw = Buffer.isBuffer(packet) ? packet.toString('latin1') : ''
    const { status, key } = PARSER_ERRORS[err.code] ?? { status: 400, key: 'msg.invalid' as const }
    // The headers were not parsed: the language is looked for in what arrived.
    const lang = /\r\nlang:[ \t]*([^\r\n]*)/i.exec(raw)?.[1] ?? /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw)?.[1]
    const body = JSON.stringify({ code: status, msg: translate(normalizeLocale(lang), key), data: null })
    const headers = {
      ...securityHeaders,
      'x-request-id': randomUUID(),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }
    const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`)
  }
}
