// Login, tokens, registration, SMS codes and the own account in the three areas.
import type { FastifyRequest } from 'fastify'
import {
  adminAuthEditBody, authEditBody, editSecureBody, forgetPasswordBody, isLoginQuery, loginBody, providerBody, refreshBody, registerBody, smsBody,
} from '@qshop/shared/schemas/auth'
import type { AppModule, ScopePlugin } from '../../core/module.ts'
import { ok } from '../../core/envelope.ts'
import type { Actor } from '../../core/context.ts'
import { accountInfo, editAccount, editSecure, forgetPassword, loggedInId, login, register, requestSmsCode } from './service.ts'

const tags = ['auth']
const actorOf = (req: FastifyRequest): Actor => req.actor!

/** auth/info and auth/edit: the same in every area, for the actor of that area (admins have no phone to prove with). */
const ownAccount =
  (editBody: typeof authEditBody | typeof adminAuthEditBody): ScopePlugin =>
  async (app) => {
    app.post('/auth/info', { schema: { body: providerBody, tags }, config: { permission: '*', rateLimit: 'read' } }, async (req) =>
      ok(req, await accountInfo(app, actorOf(req))),
    )
    app.post('/auth/edit', { schema: { body: editBody, tags }, config: { permission: '*', rateLimit: 'secret' } }, async (req) => {
      await editAccount(app, req, actorOf(req), req.body)
      return ok(req, null)
    })
  }

const storefront: ScopePlugin = async (app) => {
  app.post('/login', { schema: { body: loginBody, tags }, config: { public: true, rateLimit: 'auth' } }, async (req) =>
    ok(req, await login(app, req, req.body), 'msg.loginOk'),
  )
  app.post('/refresh', { schema: { body: refreshBody, tags }, config: { public: true, rateLimit: 'auth' } }, async (req) =>
    ok(req, await app.tokens.refresh(req.body.refresh_token, req)),
  )
  app.post('/logout', { schema: { body: providerBody, tags }, config: { public: true } }, async (req) => {
    await app.tokens.revoke(req)
    return ok(req, null)
  })
  app.get('/is_login', { schema: { querystring: isLoginQuery, tags }, config: { public: true } }, async (req) =>
    ok(req, await loggedInId(app, req, req.query.provider)),
  )
  app.post('/register', { schema: { body: registerBody, tags }, config: { public: true, rateLimit: 'auth' } }, async (req) =>
    ok(req, await register(app, req, req.body)),
  )
  app.post('/forget_password', { schema: { body: forgetPasswordBody, tags }, config: { public: true, rateLimit: 'auth' } }, async (req) => {
    await forgetPassword(app, req.body)
    return ok(req, null)
  })
  app.post('/sms', { schema: { body: smsBody, tags }, config: { optionalAuth: true, rateLimit: 'sms' } }, async (req) =>
    ok(req, null, await requestSmsCode(app, req, req.body.phone, req.body.name)),
  )
  await ownAccount(authEditBody)(app)
  app.post('/auth/edit_secure', { schema: { body: editSecureBody, tags }, config: { rateLimit: 'secret' } }, async (req) => {
    await editSecure(app, req, actorOf(req), req.body)
    return ok(req, null)
  })
}

const auth: AppModule = { name: 'auth', storefront, seller: ownAccount(authEditBody), admin: ownAccount(adminAuthEditBody) }
export default auth
