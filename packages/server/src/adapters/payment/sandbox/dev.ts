// Development only (main.ts never calls this in production): without real keys, both gateways are configured against
// the bundled sandboxes, started in this process with keys of their own, so that a demo shopper can pay by QR end to
// end. A real configuration is left alone; one the sandbox wrote at an earlier start is replaced (its keys are gone).
import type { Infra } from '../../../core/infra.ts'
import { invalidateConfig, readGroupConfig } from '../../../core/configs.ts'
import { runUnit } from '../../../core/unitOfWork.ts'
import { gatewayReady } from '../config.ts'
import { WechatSandbox } from './wechat.ts'
import { AlipaySandbox } from './alipay.ts'

const SANDBOX_HOST = 'http://127.0.0.1:'

export async function startDevSandbox(infra: Infra): Promise<{ stop(): Promise<void> } | null> {
  const pay = await readGroupConfig(infra, 'pay')
  const base = (name: 'wechat' | 'alipay', field: string) => String((pay[name] as Record<string, unknown> | undefined)?.[field] ?? '')
  const ownedBySandbox = base('wechat', 'api_base').startsWith(SANDBOX_HOST) || base('alipay', 'gateway').startsWith(SANDBOX_HOST)
  if (!ownedBySandbox && (gatewayReady(pay, 'wechat') || gatewayReady(pay, 'alipay'))) return null
  const wx = new WechatSandbox()
  const ali = new AlipaySandbox()
  await Promise.all([wx.start(), ali.start()])
  const content = JSON.stringify({ wechat: { enabled: true, ...wx.config() }, alipay: { enabled: true, ...ali.config() } })
  await runUnit(infra, async (tx, unit) => {
    await tx.configs.upsert({ where: { name: 'pay' }, create: { name: 'pay', content, is_type: 1 }, update: { content, is_type: 1 } })
    unit.afterCommit(() => invalidateConfig(infra, 'pay'))
  })
  infra.log.warn({ wechat: wx.server.url, alipay: ali.server.url }, 'payment SANDBOX: WeChat Pay and Alipay are simulated (development only)')
  return { stop: async () => void (await Promise.all([wx.stop(), ali.stop()])) }
}
