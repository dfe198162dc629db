// The little HTTP server both sandbox gateways run in-process (tests and the development sandbox): each answers on its
// own port and keeps every request it took, so a test can assert what the gateway was asked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generateKeyPairSync, randomBytes } from 'node:crypto'

export type SandboxRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: string }
export type SandboxReply = { status: number; headers?: Record<string, string>; body: string }
export type Handler = (req: SandboxRequest) => SandboxReply | Promise<SandboxReply>

export class SandboxServer {
  private server: Server | null = null
  url = ''
  readonly requests: SandboxRequest[] = []

  constructor(private readonly handler: Handler) {}

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => void this.serve(req, res))
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve))
    this.url = `http://${host}:${(this.server.address() as AddressInfo).port}`
    return this.url
  }

  private async serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
    this.requests.push(request)
    let reply: SandboxReply
    try {
      reply = await this.handler(request)
    } catch (err) {
      reply = { status: 500, body: JSON.stringify({ code: 'SYSTEM_ERROR', message: String(err) }) }
    }
    res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', ...reply.headers })
    res.end(reply.body)
  }

  async stop(): Promise<void> {
    if (!this.server) return
    await new Promise<void>((resolve) => this.server!.close(() => resolve()))
    this.server = null
  }
}

/** A fresh RSA-2048 key pair as PEM (PKCS#8 private, SPKI public), as merchants download them. */
export function rsaPair(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  })
}

export const randomToken = (n: number) => randomBytes(n).toString('hex').slice(0, n)
