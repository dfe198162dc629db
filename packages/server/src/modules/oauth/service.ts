// WeChat login and linking (docs/oauth.md). The calls to WeChat happen before any unit of work; then one unit finds
// the local account by the unionid (the same person in every app of the shop's open platform account), else by the
// app's openid, and logs it in, creates it, or links it to the caller.
import type { FastifyRequest } from 'fastify'
import { Code, type MessageKey } from '@qshop/shared'
import type { OauthCallbackBody, OauthCallbackResult, OauthLinks, OauthName, OauthStart, OauthStartQuery } from '@qshop/shared/schemas/oauth'
import { OAUTH_NAMES } from '@qshop/shared/schemas/oauth'
import type { Infra } from '../../core/infra.ts'
import type { Actor } from '../../core/context.ts'
import type { Sessions } from '../../core/sessions.ts'
import { AppError, businessError, notFound, unauthenticated } from '../../core/errors.ts'
import { randomToken } from '../../core/hash.ts'
import { isDuplicateKey } from '../../core/db/index.ts'
import { runUnit, type Tx } from '../../core/unitOfWork.ts'
import { oauthClientFor, readyOauthNames, WechatOauthError, WechatUnreachable, type WechatProfile } from '../../adapters/oauth/index.ts'
import { checkInviter } from '../distribution/index.ts'
import { grantRegisterPoints, pointsRules } from '../points/index.ts'
import { consumeState, createState } from './state.ts'

type SessionInfra = Infra & Pick<Sessions, 'tokens'>

/** The web's return page of a provider, on the site the request came to (or SITE_URL). */
const defaultReturnUrl = (app: Infra, req: FastifyRequest, name: OauthName) => `${app.config.SITE_URL || `${req.protocol}://${req.host}`}/oauth/callback/${name}`

async function clientOf(app: Infra, name: OauthName) {
  const provider = await oauthClientFor(app, name)
  if (!provider) throw businessError('msg.oauthDisabled')
  return provider
}

export async function enabledProviders(app: Infra): Promise<{ names: OauthName[] }> {
  return { names: await readyOauthNames(app) }
}

/** A new state and the WeChat page to send the browser to. Linking needs a logged-in shopper. */
export async function startOauth(app: Infra, req: FastifyRequest, name: OauthName, query: OauthStartQuery): Promise<OauthStart> {
  if (query.bind && req.actor?.area !== 'user') throw unauthenticated()
  const { client, returnUrl } = await clientOf(app, name)
  const { state, browser_key } = await createState(app, { name, bind_user: query.bind ? req.actor!.id : 0, inviter: query.bind ? 0 : (query.inviter_id ?? 0) })
  return { url: client.authorizeUrl(returnUrl || defaultReturnUrl(app, req, name), state), state, browser_key }
}

/** WeChat's answer as the shopper reads it. */
function providerFailure(err: unknown): unknown {
  if (err instanceof WechatOauthError) return new AppError(Code.BUSINESS, 'msg.oauthProviderError', { errcode: err.errcode }, { errcode: err.errcode, errmsg: err.errmsg })
  if (err instanceof WechatUnreachable) return businessError('msg.oauthUnreachable')
  return err
}

export async function oauthCallback(app: SessionInfra, req: FastifyRequest, name: OauthName, body: OauthCallbackBody): Promise<OauthCallbackResult> {
  const record = await consumeState(app, body.state, body.browser_key)
  if (record.name !== name) throw businessError('msg.oauthStateForeign')
  if (record.bind_user && req.actor?.area !== 'user') throw unauthenticated()
  if (record.bind_user && req.actor!.id !== record.bind_user) throw businessError('msg.oauthStateWrongAccount')
  // WeChat sends the browser back without a code when the user cancels.
  if (!body.code) throw businessError('msg.oauthDenied')
  const { client } = await clientOf(app, name)
  const profile = await client.profile(body.code).catch((err: unknown) => {
    req.log.warn({ err, oauth: name }, 'wechat oauth failed')
    throw providerFailure(err)
  })
  if (record.bind_user) {
    await runUnit(app, (tx) => bindProfile(tx, record.bind_user, name, profile)).catch(duplicateAsTaken)
    return { action: 'bind' }
  }
  const rules = await pointsRules(app)
  // Two first logins of one WeChat user at once: the second's insert meets the first's row and runs again to find it.
  const login = () => runUnit(app, (tx) => findOrCreate(tx, req, name, profile, record.inviter, rules.register))
  const { userId, created } = await login().catch((err: unknown) => (isDuplicateKey(err) ? login() : Promise.reject(err)))
  return { action: 'login', token: await app.tokens.issue('user', userId, req), created }
}

const duplicateAsTaken = (err: unknown) => {
  throw isDuplicateKey(err) ? businessError('msg.oauthBoundToOther') : err
}

type Link = { id: number; belong_id: number; oauth_name: string; openid: string }

/** The links of this WeChat user: every app's by the unionid, else this app's by the openid. Locked (gap included)
 *  so that a concurrent first login of the same person waits for this one. */
async function linksOf(tx: Tx, name: OauthName, profile: WechatProfile): Promise<Link[]> {
  return profile.unionid
    ? tx.$queryRaw<Link[]>`SELECT id, belong_id, oauth_name, openid FROM oauths WHERE unionid = ${profile.unionid} ORDER BY id FOR UPDATE`
    : tx.$queryRaw<Link[]>`SELECT id, belong_id, oauth_name, openid FROM oauths WHERE oauth_name = ${name} AND openid = ${profile.openid} FOR UPDATE`
}

const profileData = (p: WechatProfile) => ({ nickname: p.nickname.slice(0, 64), sex: p.sex, headimgurl: p.headimgurl.slice(0, 255), unionid: p.unionid })

/** This app's link of `userId` written or refreshed (another app's link of the same unionid names the account). */
async function saveLink(tx: Tx, userId: number, name: OauthName, profile: WechatProfile, links: Link[]): Promise<void> {
  const own = links.find((l) => l.oauth_name === name && l.openid === profile.openid)
  if (own) await tx.oauths.update({ where: { id: Number(own.id) }, data: profileData(profile) })
  else await tx.oauths.create({ data: { belong_id: userId, oauth_name: name, openid: profile.openid, ...profileData(profile) } })
}

async function findOrCreate(tx: Tx, req: FastifyRequest, name: OauthName, profile: WechatProfile, inviter: number, registerPoints: number) {
  const links = await linksOf(tx, name, profile)
  if (links.length) {
    const userId = Number(links[0].belong_id)
    const user = await tx.users.findUniqueOrThrow({ where: { id: userId }, select: { status: true, belong_id: true, login_time: true } })
    if (user.status !== 1) throw businessError('msg.accountDisabled')
    if (user.belong_id > 0) throw businessError('msg.subNotAllowBuy')
    await saveLink(tx, userId, name, profile, links)
    // An existing account keeps its inviter: a login never moves anyone in the referral tree.
    await tx.users.update({ where: { id: userId }, data: { last_login_time: user.login_time, login_time: new Date(), ip: req.ip } })
    return { userId, created: false }
  }
  // The same check an admin's edit and registration make (modules/distribution/inviter.ts); a new account cannot be
  // its own inviter or have a downline yet.
  if (inviter) await checkInviter(tx, null, inviter)
  const created = await tx.users.create({
    data: {
      username: `wx_${randomToken(12).replace(/[^A-Za-z0-9]/g, '0')}`,
      // No password: the account logs in through WeChat until its owner sets one (docs/oauth.md).
      password: '',
      nickname: (profile.nickname || 'WeChat').slice(0, 32),
      avatar: profile.headimgurl.slice(0, 255),
      sex: profile.sex,
      inviter_id: inviter,
      login_time: new Date(),
      ip: req.ip,
    },
    select: { id: true },
  })
  await tx.oauths.create({ data: { belong_id: created.id, oauth_name: name, openid: profile.openid, ...profileData(profile) } })
  await grantRegisterPoints(tx, created.id, registerPoints)
  return { userId: created.id, created: true }
}

async function bindProfile(tx: Tx, userId: number, name: OauthName, profile: WechatProfile): Promise<void> {
  const links = await linksOf(tx, name, profile)
  if (links.some((l) => Number(l.belong_id) !== userId)) throw businessError('msg.oauthBoundToOther')
  const mine = await tx.$queryRaw<{ openid: string }[]>`SELECT openid FROM oauths WHERE belong_id = ${userId} AND oauth_name = ${name} FOR UPDATE`
  if (mine.some((l) => l.openid !== profile.openid)) throw businessError('msg.oauthAlreadyBound')
  await saveLink(tx, userId, name, profile, links)
}

export async function listLinks(app: Infra, actor: Actor): Promise<OauthLinks> {
  const [user, links, ready] = await Promise.all([
    app.db.users.findUniqueOrThrow({ where: { id: actor.id }, select: { password: true, phone: true } }),
    app.db.oauths.findMany({ where: { belong_id: actor.id }, select: { oauth_name: true, nickname: true, headimgurl: true, created_at: true } }),
    readyOauthNames(app),
  ])
  return {
    links: OAUTH_NAMES.map((n) => {
      const bound = links.find((l) => l.oauth_name === n)
      return { oauth_name: n, enabled: ready.includes(n), bound: bound ? { nickname: bound.nickname, headimgurl: bound.headimgurl, created_at: bound.created_at as unknown as string } : null }
    }),
    has_password: user.password !== '',
    has_phone: user.phone !== null,
  }
}

/** Removes the caller's link of `name`, unless it is the account's only way to log in (no password, no phone, no
 *  other link): the rows are locked, so two unlinks at once cannot both remove the last two ways. */
export async function unbind(app: Infra, actor: Actor, name: OauthName): Promise<MessageKey> {
  await runUnit(app, async (tx) => {
    const [user] = await tx.$queryRaw<{ password: string; phone: string | null }[]>`SELECT password, phone FROM users WHERE id = ${actor.id} FOR UPDATE`
    const links = await tx.$queryRaw<{ id: number; oauth_name: string }[]>`SELECT id, oauth_name FROM oauths WHERE belong_id = ${actor.id} FOR UPDATE`
    const target = links.filter((l) => l.oauth_name === name)
    if (!target.length) throw notFound()
    if (user.password === '' && user.phone === null && links.length === target.length) throw businessError('msg.oauthOnlyLogin')
    await tx.oauths.deleteMany({ where: { belong_id: actor.id, oauth_name: name } })
  })
  return 'msg.oauthUnbound'
}
