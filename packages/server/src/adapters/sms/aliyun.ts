// Aliyun SMS (dysmsapi SendSms, RPC style): parameters signed with HMAC-SHA1 of the AccessKey secret.
import { createHmac, randomUUID } from 'node:crypto'
import type { SmsSender } from './index.ts'

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/'
const TIMEOUT_MS = 5000

/** RFC 3986 encoding as Aliyun requires: only A-Z a-z 0-9 - _ . ~ stay; space is %20, never '+'. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** Signature of an RPC request: base64(HMAC-SHA1(secret + '&', METHOD & %2F & encode(sorted canonical query))). */
export function aliyunRpcSignature(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&')
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64')
}

export type AliyunSmsOptions = { key: string; secret: string; endpoint?: string; region?: string }

export function aliyunSender(opts: AliyunSmsOptions): SmsSender {
  return {
    async send({ phone, template, sign, params }) {
      if (!opts.key || !opts.secret) return { ok: false, error: 'aliyun sms: key or secret missing' }
      if (!template || !sign) return { ok: false, error: 'aliyun sms: template code or sign name missing' }
      const query: Record<string, string> = {
        AccessKeyId: opts.key,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: phone,
        RegionId: opts.region || 'cn-hangzhou',
        SignName: sign,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: template,
        TemplateParam: JSON.stringify(params),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      }
      query.Signature = aliyunRpcSignature('POST', query, opts.secret)
      const body = Object.entries(query)
        .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
        .join('&')
      try {
        const res = await fetch(opts.endpoint || ALIYUN_SMS_ENDPOINT, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        const answer = (await res.json().catch(() => null)) as { Code?: string; Message?: string } | null
        if (answer?.Code === 'OK') return { ok: true }
        return { ok: false, error: `aliyun sms: ${answer?.Code ?? `HTTP ${res.status}`} ${answer?.Message ?? ''}`.trim() }
      } catch (err) {
        return { ok: false, error: `aliyun sms: ${(err as Error).message}` }
      }
    },
  }
}
