// WeChat login as the admin configured it (configs group `oauth`, packages/shared/src/schemas/configs.ts): which
// providers are enabled, and the client of one. docs/oauth.md describes the flow.
import type { ConfigValues } from '@qshop/shared/schemas/configs'
import { OAUTH_NAMES, type OauthName } from '@qshop/shared/schemas/oauth'
import type { Infra } from '../../core/infra.ts'
import { readGroupConfig } from '../../core/configs.ts'
import { WechatOauthClient, type WechatOauthConfig } from './wechat.ts'

export { WechatOauthClient, WechatOauthError, WechatUnreachable, type WechatOauthConfig, type WechatProfile } from './wechat.ts'

const DEFAULT_BASE = { open_base: 'https://open.weixin.qq.com', api_base: 'https://api.weixin.qq.com' }

type Section = Readonly<Record<string, string | number | boolean>>
const sectionOf = (oauth: Readonly<ConfigValues>, name: OauthName) => (oauth[name] ?? {}) as Section

/** Whether a provider can be offered: enabled, with its AppID and AppSecret. */
export function oauthReady(oauth: Readonly<ConfigValues>, name: OauthName): boolean {
  const s = sectionOf(oauth, name)
  return s.enabled === true && typeof s.client_id === 'string' && s.client_id !== '' && typeof s.key === 'string' && s.key !== ''
}

type ConfigInfra = Pick<Infra, 'redis' | 'db' | 'log' | 'config' | 'key'>

/** The providers that are ready, in the order the login page shows them. */
export async function readyOauthNames(infra: ConfigInfra): Promise<OauthName[]> {
  const oauth = await readGroupConfig(infra as Infra, 'oauth')
  return OAUTH_NAMES.filter((n) => oauthReady(oauth, n))
}

/** The client of `name` and its configured return URL ('' = the site's own page), or null when it is not ready. */
export async function oauthClientFor(infra: ConfigInfra, name: OauthName): Promise<{ client: WechatOauthClient; returnUrl: string } | null> {
  const oauth = await readGroupConfig(infra as Infra, 'oauth')
  if (!oauthReady(oauth, name)) return null
  const s = sectionOf(oauth, name)
  const config: WechatOauthConfig = {
    client_id: String(s.client_id),
    key: String(s.key),
    open_base: String(s.open_base || DEFAULT_BASE.open_base),
    api_base: String(s.api_base || DEFAULT_BASE.api_base),
  }
  return { client: new WechatOauthClient(name, config), returnUrl: String(s.return_url ?? '') }
}
