// SMS senders behind one interface. The driver comes from the `sms` config row (docs/architecture.md, server layers).
import type { FastifyBaseLogger } from 'fastify'
import { aliyunSender } from './aliyun.ts'
import { logSender } from './log.ts'

export type SmsMessage = {
  phone: string
  /** provider template code (the usage name for the log driver) */
  template: string
  /** sign name shown in the message */
  sign: string
  params: Record<string, string>
}
export type SmsResult = { ok: true } | { ok: false; error: string }

export interface SmsSender {
  send(message: SmsMessage): Promise<SmsResult>
}

/** Content of the `configs` row `sms`. */
export type SmsConfig = {
  driver?: string
  key?: string
  secret?: string
  /** default sign name when a template row has none */
  sign?: string
  /** Aliyun API address (default https://dysmsapi.aliyuncs.com/) */
  endpoint?: string
  region?: string
}

/** No config (or driver `log`) → codes go to the app log; key and secret (or driver `aliyun`) → Aliyun. */
export function createSmsSender(config: SmsConfig | null, log: FastifyBaseLogger): SmsSender {
  const driver = config?.driver || (config?.key && config?.secret ? 'aliyun' : 'log')
  if (driver === 'log') return logSender(log)
  if (driver === 'aliyun') return aliyunSender({ key: config?.key ?? '', secret: config?.secret ?? '', endpoint: config?.endpoint, region: config?.region })
  return { send: async () => ({ ok: false, error: `unknown sms driver ${driver}` }) }
}
