// WeChat's OAuth 2.0 as its documentation describes it, for the PC site's QR login (网站应用微信登录: qrconnect,
// scope snsapi_login) and for pages opened inside WeChat (公众号网页授权: oauth2/authorize, scope snsapi_userinfo):
// the browser is sent to the authorization page, WeChat sends it back to the return URL with `code` and `state`,
// the code is exchanged for an access token and the openid (and the unionid when the app belongs to an open
// platform account) at /sns/oauth2/access_token, and the profile read at /sns/userinfo. Failures are answered as
// `{errcode, errmsg}` with HTTP 200.
import type { OauthName } from '@qshop/shared/schemas/oauth'

export type WechatOauthConfig = {
  /** AppID */
  client_id: string
  /** AppSecret */
  key: string
  /** where the authorization pages are (https://open.weixin.qq.com) */
  open_base: string
  /** where the API is (https://api.weixin.qq.com) */
  api_base: string
}

export type WechatProfile = { openid: string; unionid: string | null; nickname: string; sex: number; headimgurl: string }

/** WeChat answered an errcode. */
export class WechatOauthError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`wechat oauth errcode ${errcode}: ${errmsg}`)
  }
}

/** WeChat could not be reached, or answered something that is not its JSON. */
export class WechatUnreachable extends Error {}

const AUTHORIZE: Record<OauthName, { path: string; scope: string }> = {
  weixinweb: { path: '/connect/qrconnect', scope: 'snsapi_login' },
  weixin: { path: '/connect/oauth2/authorize', scope: 'snsapi_userinfo' },
}

const TIMEOUT_MS = 10_000
const trim = (base: string) => base.replace(/\/+$/, '')

export class WechatOauthClient {
  constructor(
    readonly name: OauthName,
    private readonly config: WechatOauthConfig,
  ) {}

  /** The page the browser goes to. The parameters are in the order WeChat's documents list them; the fragment is required. */
  authorizeUrl(redirectUri: string, state: string): string {
    const { path, scope } = AUTHORIZE[this.name]
    const query = new URLSearchParams({ appid: this.config.client_id, redirect_uri: redirectUri, response_type: 'code', scope, state })
    return `${trim(this.config.open_base)}${path}?${query}#wechat_redirect`
  }

  /** The user's profile behind an authorization code (the code works once, for five minutes). */
  async profile(code: string): Promise<WechatProfile> {
    const token = await this.get<{ access_token: string; openid: string; unionid?: string }>('/sns/oauth2/access_token', {
      appid: this.config.client_id, secret: this.config.key, code, grant_type: 'authorization_code',
    })
    const info = await this.get<{ openid: string; unionid?: string; nickname?: string; sex?: number; headimgurl?: string }>('/sns/userinfo', {
      access_token: token.access_token, openid: token.openid, lang: 'zh_CN',
    })
    if (info.openid !== token.openid) throw new WechatUnreachable('userinfo answered another openid')
    return {
      openid: token.openid,
      unionid: info.unionid || token.unionid || null,
      nickname: info.nickname ?? '',
      sex: info.sex === 1 || info.sex === 2 ? info.sex : 0,
      headimgurl: info.headimgurl ?? '',
    }
  }

  private async get<T>(path: string, params: Record<string, string>): Promise<T> {
    let text: string
    try {
      const res = await fetch(`${trim(this.config.api_base)}${path}?${new URLSearchParams(params)}`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
      text = await res.text()
      if (!res.ok) throw new WechatUnreachable(`HTTP ${res.status}`)
    } catch (err) {
      throw err instanceof WechatUnreachable ? err : new WechatUnreachable(String(err))
    }
    let body: Record<string, unknown>
    try {
      body = JSON.parse(text) as Record<string, unknown>
    } catch {
      throw new WechatUnreachable(`not JSON: ${text.slice(0, 80)}`)
    }
    if (typeof body.errcode === 'number' && body.errcode !== 0) throw new WechatOauthError(body.errcode, String(body.errmsg ?? ''))
    if (typeof body.openid !== 'string' || !body.openid) throw new WechatUnreachable(`no openid from ${path}`)
    return body as T
  }
}
