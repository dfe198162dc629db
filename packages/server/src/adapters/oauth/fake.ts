// A stand-in for WeChat's OAuth endpoints, written from WeChat's documentation (网站应用微信登录, 公众号网页授权), for
// the tests and the demo (dev.ts). It knows two apps, a PC site (`weixinweb`) and an official account (`weixin`),
// each with its AppID and AppSecret. The authorization pages (/connect/qrconnect with scope snsapi_login,
// /connect/oauth2/authorize with snsapi_userinfo or snsapi_base) show a consent page, clearly labelled, where the
// "WeChat user" is typed in; confirming sends the browser to redirect_uri?code=CODE&state=STATE, cancelling to
// redirect_uri?state=STATE. /sns/oauth2/access_token exchanges a code once, within five minutes, for the app's secret;
// /sns/userinfo answers the profile. Errors are WeChat's {errcode, errmsg} with HTTP 200. A user's openid differs per
// app; the unionid is the same in every app (both apps belong to one open platform account) unless `withUnionid` is off.
import { createHash } from 'node:crypto'
import type { OauthName } from '@qshop/shared/schemas/oauth'
import { SandboxServer, randomToken, type SandboxReply, type SandboxRequest } from '../payment/sandbox/http.ts'

type App = { name: OauthName; appid: string; secret: string; scopes: string[] }
type Grant = { appid: string; user: string; scope: string; expires: number; used: boolean }
type Ticket = { app: App; redirect_uri: string; state: string; scope: string }

const CODE_TTL_MS = 5 * 60_000
const digest = (s: string) => createHash('sha256').update(s).digest('base64url')
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export class WechatOauthFake {
  readonly apps: Record<OauthName, App> = {
    weixinweb: { name: 'weixinweb', appid: `wx${randomToken(16)}`, secret: randomToken(32), scopes: ['snsapi_login'] },
    weixin: { name: 'weixin', appid: `wx${randomToken(16)}`, secret: randomToken(32), scopes: ['snsapi_userinfo', 'snsapi_base'] },
  }
  /** Whether the apps belong to an open platform account (then userinfo and the token answer a unionid). */
  withUnionid = true
  /** The next token exchange answers this error instead (tests of the errcode path). */
  failNextExchange: { errcode: number; errmsg: string } | null = null
  private readonly grants = new Map<string, Grant>()
  private readonly tokens = new Map<string, { appid: string; user: string; scope: string }>()
  private readonly tickets = new Map<string, Ticket>()
  readonly server = new SandboxServer((r) => this.handle(r))

  start(port = 0) {
    return this.server.start(port)
  }
  stop() {
    return this.server.stop()
  }

  /** The admin's settings of `name` pointing at this fake. */
  config(name: OauthName, returnUrl = ''): { client_id: string; key: string; return_url: string; open_base: string; api_base: string } {
    const app = this.apps[name]
    return { client_id: app.appid, key: app.secret, return_url: returnUrl, open_base: this.server.url, api_base: this.server.url }
  }

  openid(name: OauthName, user: string): string {
    return `o${digest(`${this.apps[name].appid}:${user}`).slice(0, 27)}`
  }
  unionid(user: string): string {
    return `u${digest(`union:${user}`).slice(0, 27)}`
  }

  /** What the consent page's confirm does, without a browser: the code WeChat would send back for `user`. */
  consent(authorizeUrl: string, user: string): { code: string; state: string; redirect_uri: string } {
    const url = new URL(authorizeUrl)
    const ticket = this.ticketOf(url)
    if ('error' in ticket) throw new Error(ticket.error)
    return { code: this.grant(ticket, user), state: ticket.state, redirect_uri: ticket.redirect_uri }
  }

  private ticketOf(url: URL): Ticket | { error: string } {
    const q = url.searchParams
    const app = Object.values(this.apps).find((a) => a.appid === q.get('appid'))
    const path = url.pathname
    if (!app) return { error: 'appid 参数错误 (invalid appid)' }
    if ((path === '/connect/qrconnect') !== (app.name === 'weixinweb')) return { error: `this app cannot use ${path}` }
    const scope = q.get('scope') ?? ''
    if (!app.scopes.includes(scope)) return { error: `scope 参数错误或没有 scope 权限 (${scope})` }
    if (q.get('response_type') !== 'code') return { error: 'response_type must be code' }
    const redirect = q.get('redirect_uri') ?? ''
    if (!/^https?:\/\//.test(redirect)) return { error: 'redirect_uri 参数错误' }
    return { app, redirect_uri: redirect, state: q.get('state') ?? '', scope }
  }

  private grant(ticket: Ticket, user: string): string {
    const code = randomToken(32)
    this.grants.set(code, { appid: ticket.app.appid, user, scope: ticket.scope, expires: Date.now() + CODE_TTL_MS, used: false })
    return code
  }

  private json(payload: unknown): SandboxReply {
    return { status: 200, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(payload) }
  }
  private html(status: number, body: string): SandboxReply {
    return { status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body }
  }

  private handle(r: SandboxRequest): SandboxReply {
    const url = new URL(r.path, 'http://fake')
    const q = url.searchParams
    if (r.method === 'GET' && (url.pathname === '/connect/qrconnect' || url.pathname === '/connect/oauth2/authorize')) {
      const ticket = this.ticketOf(url)
      if ('error' in ticket) return this.html(400, `<!doctype html><meta charset="utf-8"><p>${escape(ticket.error)}</p>`)
      const id = randomToken(24)
      this.tickets.set(id, ticket)
      return this.html(200, consentPage(id, ticket))
    }
    if (r.method === 'POST' && url.pathname === '/connect/confirm') {
      const form = new URLSearchParams(r.body)
      const ticket = this.tickets.get(form.get('ticket') ?? '')
      if (!ticket) return this.html(400, '<!doctype html><meta charset="utf-8"><p>expired</p>')
      this.tickets.delete(form.get('ticket')!)
      const back = new URL(ticket.redirect_uri)
      const user = (form.get('user') ?? '').trim()
      if (form.get('action') === 'allow' && user) back.searchParams.set('code', this.grant(ticket, user))
      back.searchParams.set('state', ticket.state)
      return { status: 302, headers: { Location: back.toString(), 'Content-Type': 'text/plain' }, body: '' }
    }
    if (r.method === 'GET' && url.pathname === '/sns/oauth2/access_token') {
      const app = Object.values(this.apps).find((a) => a.appid === q.get('appid'))
      if (!app) return this.json({ errcode: 40013, errmsg: 'invalid appid' })
      if (q.get('secret') !== app.secret) return this.json({ errcode: 40125, errmsg: 'invalid appsecret' })
      if (q.get('grant_type') !== 'authorization_code') return this.json({ errcode: 40002, errmsg: 'invalid grant_type' })
      if (this.failNextExchange) {
        const failure = this.failNextExchange
        this.failNextExchange = null
        return this.json(failure)
      }
      const grant = this.grants.get(q.get('code') ?? '')
      if (!grant || grant.appid !== app.appid || grant.expires < Date.now()) return this.json({ errcode: 40029, errmsg: 'invalid code' })
      if (grant.used) return this.json({ errcode: 40163, errmsg: 'code been used' })
      grant.used = true
      const token = randomToken(40)
      this.tokens.set(token, { appid: app.appid, user: grant.user, scope: grant.scope })
      return this.json({
        access_token: token, expires_in: 7200, refresh_token: randomToken(40), openid: this.openid(app.name, grant.user), scope: grant.scope,
        ...(this.withUnionid ? { unionid: this.unionid(grant.user) } : {}),
      })
    }
    if (r.method === 'GET' && url.pathname === '/sns/userinfo') {
      const token = this.tokens.get(q.get('access_token') ?? '')
      if (!token) return this.json({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' })
      const app = Object.values(this.apps).find((a) => a.appid === token.appid)!
      if (q.get('openid') !== this.openid(app.name, token.user)) return this.json({ errcode: 40003, errmsg: 'invalid openid' })
      if (token.scope === 'snsapi_base') return this.json({ errcode: 48001, errmsg: 'api unauthorized' })
      return this.json({
        openid: this.openid(app.name, token.user), nickname: token.user.slice(0, 32), sex: 0, province: '', city: '', country: '',
        headimgurl: '', privilege: [], ...(this.withUnionid ? { unionid: this.unionid(token.user) } : {}),
      })
    }
    return this.json({ errcode: 40066, errmsg: `invalid url ${url.pathname}` })
  }
}

/** What the phone (or WeChat's in-app page) would show: who asks, and confirm or cancel. */
function consentPage(ticket: string, t: Ticket): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>WeChat login (fake) 微信登录（模拟）</title>
<style>body{font-family:sans-serif;max-width:420px;margin:2em auto;padding:0 1em}.banner{background:#b91c1c;color:#fff;padding:.6em;font-weight:700;text-align:center}
button{font-size:1.1em;padding:.5em 1.2em;margin-right:.5em}label{display:block;margin:1em 0}</style></head><body>
<p class="banner">FAKE WeChat · 模拟微信 — for tests and the demo / 仅用于测试与演示</p>
<h1>${t.app.name === 'weixinweb' ? '微信扫码登录 WeChat QR login' : '微信授权 WeChat authorization'}</h1>
<p>AppID: <code>${escape(t.app.appid)}</code> · scope: <code>${escape(t.scope)}</code></p>
<form method="post" action="/connect/confirm">
<input type="hidden" name="ticket" value="${escape(ticket)}">
<label>WeChat user / 微信用户 <input name="user" value="demo" required maxlength="32"></label>
<button type="submit" name="action" value="allow">Allow / 确认登录</button>
<button type="submit" name="action" value="deny">Cancel / 取消</button>
</form></body></html>`
}
