// Development only (main.ts never calls this in production): without a real WeChat login configuration, both
// providers are configured against the bundled fake (fake.ts), started in this process with apps of its own, so the
// demo's login page offers WeChat login end to end. A real configuration is left alone; one the fake wrote at an
// earlier start is replaced (its apps are gone).
import type { Infra } from '../../core/infra.ts'
import { invalidateConfig, readGroupConfig } from '../../core/configs.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import { oauthReady } from './index.ts'
import { WechatOauthFake } from './fake.ts'

const FAKE_HOST = 'http://127.0.0.1:'

export async function startDevOauthFake(infra: Infra): Promise<{ stop(): Promise<void> } | null> {
  const oauth = await readGroupConfig(infra, 'oauth')
  const base = (name: 'weixin' | 'weixinweb') => String((oauth[name] as Record<string, unknown> | undefined)?.api_base ?? '')
  const ownedByFake = base('weixin').startsWith(FAKE_HOST) || base('weixinweb').startsWith(FAKE_HOST)
  if (!ownedByFake && (oauthReady(oauth, 'weixin') || oauthReady(oauth, 'weixinweb'))) return null
  const fake = new WechatOauthFake()
  await fake.start()
  const content = JSON.stringify({ weixinweb: { enabled: true, ...fake.config('weixinweb') }, weixin: { enabled: true, ...fake.config('weixin') } })
  await runUnit(infra, async (tx, unit) => {
    await tx.configs.upsert({ where: { name: 'oauth' }, create: { name: 'oauth', content, is_type: 1 }, update: { content, is_type: 1 } })
    unit.afterCommit(() => invalidateConfig(infra, 'oauth'))
  })
  infra.log.warn({ wechat: fake.server.url }, 'WeChat login FAKE: WeChat OAuth is simulated (development only)')
  return { stop: () => fake.stop() }
}
