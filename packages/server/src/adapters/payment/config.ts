// The gateways as the admin configured them (configs group `pay`, packages/shared/src/schemas/configs.ts): which are
// enabled, the driver built from their settings (rebuilt only when they change), and the checks a save must pass.
import { createPrivateKey, createPublicKey } from 'node:crypto'
import type { ConfigValues } from '@qshop/shared/schemas/configs'
import type { Infra } from '../../core/infra.ts'
import { readGroupConfig } from '../../core/configs.ts'
import { AlipayGateway, type AlipayConfig } from './alipay.ts'
import { WechatGateway, type WechatConfig } from './wechat.ts'
import type { GatewayName, PaymentGateway } from './gateway.ts'
import { registerPaymentRefunder } from './index.ts'

const DEFAULT_BASE = { wechat: 'https://api.mch.weixin.qq.com', alipay: 'https://openapi.alipay.com/gateway.do' }

type Section = Readonly<Record<string, string | number | boolean>>

const sectionOf = (pay: Readonly<ConfigValues>, name: GatewayName) => (pay[name] ?? {}) as Section

/** Whether a gateway can be offered: enabled, and every setting it signs and verifies with present. */
export function gatewayReady(pay: Readonly<ConfigValues>, name: GatewayName): boolean {
  const s = sectionOf(pay, name)
  if (s.enabled !== true) return false
  const needed = name === 'wechat'
    ? ['app_id', 'mch_id', 'api_v3_key', 'mch_serial_no', 'mch_private_key', 'platform_public_key', 'platform_public_key_id']
    : ['app_id', 'app_private_key', 'alipay_public_key']
  return needed.every((k) => typeof s[k] === 'string' && s[k] !== '')
}

const built = new Map<string, { text: string; gateway: PaymentGateway }>()

/** The driver of `name` from the current settings, or null when it is not ready (disabled or incomplete). */
export async function gatewayFor(infra: Pick<Infra, 'redis' | 'db' | 'log' | 'config' | 'key'>, name: GatewayName): Promise<PaymentGateway | null> {
  const pay = await readGroupConfig(infra as Infra, 'pay')
  if (!gatewayReady(pay, name)) return null
  const s = sectionOf(pay, name)
  const text = JSON.stringify(s)
  const seen = built.get(name)
  if (seen?.text === text) return seen.gateway
  const gateway = name === 'wechat'
    ? new WechatGateway({ ...(s as unknown as WechatConfig), api_base: String(s.api_base || DEFAULT_BASE.wechat) })
    : new AlipayGateway({ ...(s as unknown as AlipayConfig), gateway: String(s.gateway || DEFAULT_BASE.alipay) })
  built.set(name, { text, gateway })
  return gateway
}

/** The gateways that are ready, in the order the pay page lists them. */
export async function readyGateways(infra: Pick<Infra, 'redis' | 'db' | 'log' | 'config' | 'key'>): Promise<GatewayName[]> {
  const pay = await readGroupConfig(infra as Infra, 'pay')
  return (['wechat', 'alipay'] as const).filter((n) => gatewayReady(pay, n))
}

const PEM_FIELDS: { path: [GatewayName, string]; kind: 'private' | 'public' }[] = [
  { path: ['wechat', 'mch_private_key'], kind: 'private' },
  { path: ['wechat', 'platform_public_key'], kind: 'public' },
  { path: ['alipay', 'app_private_key'], kind: 'private' },
  { path: ['alipay', 'alipay_public_key'], kind: 'public' },
]

/** The keys of a `pay` group about to be saved that do not parse, by field path ("wechat.mch_private_key"). */
export function unreadableKeys(pay: ConfigValues): string[] {
  const bad: string[] = []
  for (const { path, kind } of PEM_FIELDS) {
    const value = (pay[path[0]] as ConfigValues | undefined)?.[path[1]]
    if (typeof value !== 'string' || value === '') continue
    try {
      if (kind === 'private') createPrivateKey(value)
      else createPublicKey(value)
    } catch {
      bad.push(path.join('.'))
    }
  }
  return bad
}

/** The notify URL of `path` under the public base URL (PUBLIC_URL, else the server's own address). */
export function publicUrl(config: Infra['config'], path: string): string {
  const base = config.PUBLIC_URL || `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`
  return base.replace(/\/+$/, '') + path
}

/** Registers the WeChat Pay and Alipay refunders (adapters/payment/index.ts) for the after-sales refund job: each
 *  reads the current settings when asked, and names our refund notify URL. The app and the worker call it at start. */
export function registerGatewayRefunders(infra: Pick<Infra, 'redis' | 'db' | 'log' | 'config' | 'key'>): () => void {
  const undo = (['wechat', 'alipay'] as const).map((name) =>
    registerPaymentRefunder(name, {
      refund: async (request) => {
        const gateway = await gatewayFor(infra, name)
        if (!gateway) throw new Error(`${name} is not configured: refund ${request.refund_no} waits`)
        return gateway.refund({ ...request, notify_url: publicUrl(infra.config, REFUND_NOTIFY_PATH[name]) })
      },
    }),
  )
  return () => undo.forEach((u) => u())
}

/** Where each gateway posts its news (modules/payments/routes.ts serves them). */
export const NOTIFY_PATH: Record<GatewayName, string> = { wechat: '/api/payment/wechat/notify', alipay: '/api/payment/alipay/notify' }
export const REFUND_NOTIFY_PATH: Record<GatewayName, string> = { wechat: '/api/payment/wechat/refund_notify', alipay: '/api/payment/alipay/notify' }
