// WeChat login (PC QR `weixinweb`, official account `weixin`) and the shopper's linked accounts (docs/oauth.md).
// One route per provider name, so an unknown name is simply not a route.
import { noBody, noQuery } from '@qshop/shared/schemas/common'
import { OAUTH_NAMES, oauthCallbackBody, oauthStartQuery } from '@qshop/shared/schemas/oauth'
import type { AppModule } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import { enabledProviders, listLinks, oauthCallback, startOauth, unbind } from './service.ts'

const tags = ['oauth']

const oauth: AppModule = {
  name: 'oauth',
  storefront: async (app) => {
    app.get('/oauth/providers', { schema: { querystring: noQuery, tags, summary: 'The WeChat logins the admin enabled' }, config: { public: true } }, async (req) =>
      ok(req, await enabledProviders(app)),
    )
    for (const name of OAUTH_NAMES) {
      app.get(
        `/oauth/${name}`,
        {
          schema: { querystring: oauthStartQuery, tags, summary: `Start a WeChat login (${name}; inviter_id from an invite link) or, with bind=1, link WeChat to the caller: answers the WeChat page, the state and the browser's key` },
          config: { optionalAuth: true, rateLimit: 'auth' },
        },
        async (req) => ok(req, await startOauth(app, req, name, req.query)),
      )
      app.post(
        `/oauth/callback/${name}`,
        {
          schema: { body: oauthCallbackBody, tags, summary: `WeChat's code and state (${name}) with the browser's key: logs in (answers tokens, creating the account when new) or links` },
          config: { optionalAuth: true, rateLimit: 'auth' },
        },
        async (req) => {
          const result = await oauthCallback(app, req, name, req.body)
          return ok(req, result, result.action === 'bind' ? 'msg.oauthBound' : 'msg.loginOk')
        },
      )
      app.delete(`/user/oauths/${name}`, { schema: { body: noBody, tags, summary: `Unlink ${name} from the own account` }, config: { rateLimit: 'secret' } }, async (req) =>
        ok(req, null, await unbind(app, req.actor!, name)),
      )
    }
    app.get('/user/oauths', { schema: { querystring: noQuery, tags, summary: 'The own account’s WeChat links, and whether it has a password or a phone' } }, async (req) =>
      ok(req, await listLinks(app, req.actor!)),
    )
  },
}

export default oauth
