// Rows tests need, written straight to the database, and a local stand-in for Aliyun's SMS API.
import http from 'node:http'
import { createHmac } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { hash } from '@node-rs/argon2'
import { hashPayPassword } from '../src/core/payPassword.ts'
import { invalidateConfig } from '../src/core/configs.ts'
import { SMS_USAGES } from '@qshop/shared/schemas/auth'

let serial = 0
const next = () => `${process.pid % 1000}${++serial}`

export type Account = { id: number; username: string; password: string }

/**
 * The stored form of a test account's password: argon2id at the least cost argon2 allows, made once per password and
 * process. The login route verifies it as it verifies any hash (the cost is read from the hash itself) in a fraction
 * of a millisecond, where core/hash.ts's cost takes 50–90 ms per login and per account on a CI machine — thousands of
 * times a run. Accounts registered through the routes still get core/hash.ts's cost.
 */
const storedPasswords = new Map<string, Promise<string>>()
function storedPassword(plain: string): Promise<string> {
  let stored = storedPasswords.get(plain)
  if (!stored) storedPasswords.set(plain, (stored = hash(plain, { memoryCost: 8, timeCost: 1, parallelism: 1 })))
  return stored
}

export async function createUser(
  app: FastifyInstance,
  fields: { username?: string; password?: string; phone?: string | null; belong_id?: number; status?: number; pay_password?: string } = {},
): Promise<Account> {
  const username = fields.username ?? `user${next()}`
  const password = fields.password ?? 'Secret@123'
  const row = await app.db.users.create({
    data: {
      username,
      password: await storedPassword(password),
      phone: fields.phone ?? null,
      belong_id: fields.belong_id ?? 0,
      status: fields.status ?? 1,
      nickname: username,
      pay_password: fields.pay_password ? hashPayPassword(app.config.PAY_PASSWORD_KEY, fields.pay_password) : null,
    },
  })
  return { id: row.id, username, password }
}

export async function createAdmin(app: FastifyInstance, fields: { username?: string; password?: string; is_super?: number } = {}): Promise<Account> {
  const username = fields.username ?? `admin${next()}`
  const password = fields.password ?? 'Secret@123'
  const row = await app.db.admins.create({
    data: { username, password: await storedPassword(password), nickname: username, is_super: fields.is_super ?? 1 },
  })
  return { id: row.id, username, password }
}

/** A store owner: a user with an approved, open store. */
export async function createSeller(app: FastifyInstance, fields: { username?: string; password?: string; phone?: string } = {}) {
  const owner = await createUser(app, fields)
  const store = await app.db.stores.create({ data: { user_id: owner.id, store_name: `store ${owner.username}`, store_verify: 4, store_status: 1 } })
  return { ...owner, storeId: store.id }
}

// ---------------------------------------------------------------------------------------------------------------
// Aliyun SMS (SendSms) fake: checks the request signature with the test's secret and records what was sent.

export type SentSms = { phone: string; template: string; sign: string; params: Record<string, string> }

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

export async function startFakeAliyunSms(credentials: { key: string; secret: string }) {
  const sent: SentSms[] = []
  const rejected: string[] = []
  const nonces = new Set<string>()
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(raw))
      const answer = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      const { Signature, ...signed } = params
      const canonical = Object.keys(signed)
        .sort()
        .map((k) => `${rfc3986(k)}=${rfc3986(signed[k])}`)
        .join('&')
      const expected = createHmac('sha1', `${credentials.secret}&`)
        .update(`${req.method}&${rfc3986('/')}&${rfc3986(canonical)}`)
        .digest('base64')
      const age = Math.abs(Date.now() - Date.parse(signed.Timestamp ?? ''))
      let error: string | null = null
      if (signed.AccessKeyId !== credentials.key) error = 'InvalidAccessKeyId.NotFound'
      else if (Signature !== expected) error = 'SignatureDoesNotMatch'
      else if (!(age < 15 * 60 * 1000)) error = 'InvalidTimeStamp.Expired'
      else if (nonces.has(signed.SignatureNonce)) error = 'SignatureNonceUsed'
      else if (signed.Action !== 'SendSms' || signed.Version !== '2017-05-25' || signed.SignatureMethod !== 'HMAC-SHA1') error = 'InvalidParameter'
      if (error) {
        rejected.push(error)
        return answer(400, { Code: error, Message: error, RequestId: 'fake' })
      }
      nonces.add(signed.SignatureNonce)
      sent.push({ phone: signed.PhoneNumbers, template: signed.TemplateCode, sign: signed.SignName, params: JSON.parse(signed.TemplateParam) })
      answer(200, { Code: 'OK', Message: 'OK', BizId: `biz${sent.length}`, RequestId: 'fake' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    sent,
    rejected,
    /** The code of the last message to `phone`. */
    lastCode(phone: string): string {
      const message = sent.findLast((m) => m.phone === phone)
      if (!message) throw new Error(`no SMS sent to ${phone}`)
      return message.params.code
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type FakeAliyunSms = Awaited<ReturnType<typeof startFakeAliyunSms>>

/** Points the app's SMS config at `fake` with a template per usage. */
export async function useAliyunSms(app: FastifyInstance, fake: FakeAliyunSms, credentials: { key: string; secret: string }) {
  const content = JSON.stringify({ driver: 'aliyun', key: credentials.key, secret: credentials.secret, endpoint: fake.url })
  await app.db.configs.upsert({ where: { name: 'sms' }, create: { name: 'sms', content, is_type: 1 }, update: { content, is_type: 1 } })
  for (const [i, name] of SMS_USAGES.entries()) {
    await app.db.sms.upsert({ where: { name }, create: { name, code: `SMS_10000${i}`, content: '青梧商城' }, update: { code: `SMS_10000${i}`, content: '青梧商城' } })
  }
  await invalidateConfig(app, 'sms')
}
