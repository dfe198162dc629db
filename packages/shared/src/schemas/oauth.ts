// WeChat login and linking (docs/oauth.md): the providers, the start and callback of the flow, the linked accounts.
import { z } from 'zod'
import * as zx from '../zx.ts'

/** `weixinweb`: the PC site's QR code (网站应用, qrconnect); `weixin`: inside WeChat (official account, snsapi_userinfo). */
export const OAUTH_NAMES = ['weixinweb', 'weixin'] as const
export type OauthName = (typeof OAUTH_NAMES)[number]

const blankToUndefined = (v: unknown) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v)

/** GET /oauth/{name}: start a login (carrying the invite link's inviter) or, with bind=1, link WeChat to the caller. */
export const oauthStartQuery = z.strictObject({
  inviter_id: z.preprocess(blankToUndefined, zx.urlId().optional()),
  bind: z.enum(['0', '1']).transform((v) => v === '1').default(false),
})
export type OauthStartQuery = z.infer<typeof oauthStartQuery>

/** What the browser keeps: the WeChat address to go to, and the proof that the flow started in this browser. */
export type OauthStart = { url: string; state: string; browser_key: string }

/** POST /oauth/callback/{name}: what WeChat sent back to the return page, and the browser's key of the flow. */
export const oauthCallbackBody = z.strictObject({
  code: z.string().trim().max(128).optional(),
  state: z.string().trim().min(1).max(64),
  browser_key: z.string().trim().min(1).max(64),
})
export type OauthCallbackBody = z.infer<typeof oauthCallbackBody>

export type OauthTokens = { access_token: string; refresh_token: string; token_type: 'Bearer'; expires_in: number }
/** A login answers the account's tokens; a link answers nothing more. */
export type OauthCallbackResult = { action: 'login'; token: OauthTokens; created: boolean } | { action: 'bind' }

/** GET /oauth/providers: the ways of logging in the admin enabled (the login page shows one button each). */
export type OauthProviders = { names: OauthName[] }

/** GET /user/oauths: each provider, enabled or linked, with the link's WeChat profile. */
export type OauthLink = { oauth_name: OauthName; enabled: boolean; bound: { nickname: string; headimgurl: string; created_at: string } | null }
export type OauthLinks = { links: OauthLink[]; has_password: boolean; has_phone: boolean }
