// Accounts of the three areas: login, registration, password recovery, own profile and secure settings.
import type { FastifyRequest } from 'fastify'
import { maskPhone, type AuthEditBody, type EditSecureBody, type LoginBody, type Provider, type RegisterBody, type SmsUsage } from '@qshop/shared/schemas/auth'
import { zx, type MessageKey } from '@qshop/shared'
import { STORE_VERIFY } from '@qshop/shared/schemas/catalog'
import type { Infra } from '../../core/infra.ts'
import type { Actor, AreaName } from '../../core/context.ts'
import { AppError, businessError, invalid, unauthenticated } from '../../core/errors.ts'
import { hashPassword, randomToken, verifyPassword } from '../../core/hash.ts'
import { hashPayPassword } from '../../core/payPassword.ts'
import { mapPrismaError } from '../../core/prismaErrors.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import type { Sessions, TokenPair } from '../../core/sessions.ts'
import { reserveLoginAttempt } from './loginThrottle.ts'
import { consumeSmsCode, sendSmsCode } from './sms.ts'
import { defaultUrl } from '../rbac/index.ts'
import { grantRegisterPoints, pointsRules } from '../points/index.ts'

/** What the services that issue or end sessions take: the infrastructure and the auth plugin's tokens. */
type SessionInfra = Infra & Pick<Sessions, 'tokens'>

const USER_AREAS: AreaName[] = ['user', 'seller']
const areasOfAccount = (actor: Actor): AreaName[] => (actor.area === 'admin' ? ['admin'] : USER_AREAS)
const isPhone = (s: string) => zx.phone().safeParse(s).success

// Verifying against a throwaway hash when the account does not exist keeps both answers equally slow.
let dummyHash: Promise<string> | null = null
async function checkPassword(stored: string | undefined, plain: string): Promise<boolean> {
  const ok = await verifyPassword(stored ?? (await (dummyHash ??= hashPassword(randomToken()))), plain)
  return ok && stored !== undefined
}

const loginTimes = (previous: Date | null, ip: string) => ({ last_login_time: previous, login_time: new Date(), ip })

function loginArea(body: Pick<LoginBody, 'area' | 'provider'>): AreaName {
  return body.area ?? (body.provider === 'admins' ? 'admin' : 'user')
}

export async function login(app: SessionInfra, req: FastifyRequest, body: LoginBody): Promise<TokenPair> {
  const area = loginArea(body)
  // Same answer whether the account exists or not.
  if (area === 'admin') {
    const admin = await app.db.admins.findUnique({ where: { username: body.username }, select: { id: true, password: true, login_time: true } })
    const attempt = await reserveLoginAttempt(app, 'admins', admin?.id ?? null, body.username, req.ip)
    const matches = await checkPassword(admin?.password, body.password ?? '')
    if (!admin || !matches) throw businessError('msg.accountErr')
    await attempt.succeeded()
    await app.db.admins.update({ where: { id: admin.id }, data: loginTimes(admin.login_time, req.ip) })
    return app.tokens.issue('admin', admin.id, req)
  }

  const select = { id: true, password: true, status: true, belong_id: true, login_time: true } as const
  const user =
    body.type === 'phone'
      ? await app.db.users.findUnique({ where: { phone: body.username }, select })
      : ((await app.db.users.findUnique({ where: { username: body.username }, select })) ??
        (isPhone(body.username) ? await app.db.users.findUnique({ where: { phone: body.username }, select }) : null))
  const attempt = await reserveLoginAttempt(app, 'users', user?.id ?? null, body.username, req.ip)
  if (body.type === 'phone') {
    // Login codes only go to registered phones: an unknown phone has no code to match.
    await consumeSmsCode(app, app.db, body.username, 'login', body.code ?? '')
    if (!user) throw businessError('msg.accountErr')
  } else {
    const matches = await checkPassword(user?.password, body.password ?? '')
    if (!user || !matches) throw businessError('msg.accountErr')
  }
  await attempt.succeeded()
  if (user.status !== 1) throw businessError('msg.accountDisabled')
  if (area === 'user' && user.belong_id > 0) throw businessError('msg.subNotAllowBuy')
  if (area === 'seller') {
    const ownerId = user.belong_id > 0 ? user.belong_id : user.id
    const store = await app.db.stores.findUnique({ where: { user_id: ownerId }, select: { id: true, store_verify: true } })
    if (!store) throw businessError('msg.notSeller')
    // `store_verify` tells the login page to point to the join wizard.
    if (store.store_verify !== STORE_VERIFY.PASSED) throw businessError('msg.storeNotApproved', { store_verify: store.store_verify })
  }
  await app.db.users.update({ where: { id: user.id }, data: loginTimes(user.login_time, req.ip) })
  return app.tokens.issue(area, user.id, req)
}

/** A duplicate username or phone found by the unique keys (two registrations racing). */
function duplicateAccount(err: unknown): unknown {
  const mapped = mapPrismaError(err)
  if (!(mapped instanceof AppError) || mapped.msgKey !== 'msg.conflict') return err
  return businessError(mapped.data && typeof mapped.data === 'object' && 'phone' in mapped.data ? 'msg.phoneExists' : 'msg.userExists')
}

export async function register(app: SessionInfra, req: FastifyRequest, body: RegisterBody): Promise<TokenPair> {
  const { db } = app
  if (body.inviter_id && !(await db.users.findUnique({ where: { id: body.inviter_id }, select: { id: true } })))
    throw businessError('msg.inviterNotFound')
  const phone = body.type === 'phone' ? body.phone! : null
  const username = phone ?? body.username!
  if (!phone && (await db.users.findUnique({ where: { username }, select: { id: true } }))) throw businessError('msg.userExists')
  const [password, rules] = await Promise.all([hashPassword(body.password), pointsRules(app)])
  // The pay password stays unset: the user chooses one later, confirmed by an SMS code.
  const user = await runUnit(app, async (tx) => {
    if (phone) {
      // The code first: only the phone's holder learns that the phone is taken (docs/security.md).
      await consumeSmsCode(app, tx, phone, 'register', body.code ?? '')
      const taken = await tx.users.findFirst({ where: { OR: [{ phone }, { username: phone }] }, select: { id: true } })
      if (taken) throw businessError('msg.phoneExists')
    }
    const created = await tx.users.create({
      data: {
        username,
        password,
        phone,
        nickname: phone ? maskPhone(phone) : username,
        inviter_id: body.inviter_id ?? 0,
        ...loginTimes(null, req.ip),
      },
      select: { id: true },
    })
    await grantRegisterPoints(tx, created.id, rules.register)
    return created
  }).catch((err) => {
    throw duplicateAccount(err)
  })
  return app.tokens.issue('user', user.id, req)
}

export async function forgetPassword(app: SessionInfra, body: { phone: string; code: string; password: string }): Promise<void> {
  // The same work for a registered and an unknown phone: an unknown phone has no code, so it fails like a wrong one.
  const password = await hashPassword(body.password)
  const userId = await runUnit(app, async (tx) => {
    await consumeSmsCode(app, tx, body.phone, 'forget_password', body.code)
    const user = await tx.users.findUnique({ where: { phone: body.phone }, select: { id: true } })
    if (!user) throw businessError('msg.smsCodeErr')
    await tx.users.update({ where: { id: user.id }, data: { password } })
    return user.id
  })
  await app.tokens.revokeAll(USER_AREAS, userId)
}

/**
 * Sends a code for `usage` and answers the message to show. Whether a phone is registered is not told to
 * strangers (docs/security.md): register codes go to any phone, login and password codes only to registered
 * ones with the same answer either way. edit_user and bind_phone need a logged-in shopper.
 */
export async function requestSmsCode(app: Infra, req: FastifyRequest, phone: string, usage: SmsUsage): Promise<MessageKey> {
  const owner = await app.db.users.findUnique({ where: { phone }, select: { id: true } })
  if (usage === 'edit_user' || usage === 'bind_phone') {
    if (!req.actor) throw unauthenticated()
    // edit_user proves the account's own phone; bind_phone checks a phone nobody uses yet.
    if (usage === 'edit_user' && owner?.id !== req.actor.id) throw businessError('msg.phoneNotOwn')
    if (usage === 'bind_phone' && owner) throw businessError('msg.phoneExists')
  }
  const forAccount = usage === 'login' || usage === 'forget_password'
  await sendSmsCode(app, req, phone, usage, { deliver: !forAccount || owner !== null })
  return forAccount ? 'msg.smsSentIfRegistered' : 'msg.smsSent'
}

/** The id of the account a valid token of any area (or of `provider`) belongs to, else null. */
export async function loggedInId(app: Pick<Sessions, 'actors'>, req: FastifyRequest, provider?: Provider): Promise<number | null> {
  const actor = await app.actors.fromToken(req)
  if (!actor || (provider && (provider === 'admins') !== (actor.area === 'admin'))) return null
  return actor.id
}

export async function accountInfo(app: Infra, actor: Actor): Promise<Record<string, unknown>> {
  if (actor.area === 'admin') {
    const admin = await app.db.admins.findUnique({
      where: { id: actor.id },
      select: { id: true, username: true, nickname: true, avatar: true, is_super: true, belong_id: true },
    })
    if (!admin) throw unauthenticated()
    return { ...admin, defaultUrl: await defaultUrl(app, actor) }
  }
  const user = await app.db.users.findUnique({
    where: { id: actor.id },
    select: {
      id: true, username: true, nickname: true, avatar: true, phone: true, email: true, sex: true, birthday: true, belong_id: true,
      money: true, frozen_money: true, integral: true, inviter_id: true, pay_password: true, user_check: { select: { id: true } },
    },
  })
  if (!user) throw unauthenticated()
  const { pay_password, user_check, birthday, ...account } = user
  const info = {
    ...account,
    birthday: birthday ? birthday.toISOString().slice(0, 10) : null,
    has_pay_password: pay_password !== null,
    check: user_check !== null,
  }
  return actor.area === 'seller' ? { ...info, defaultUrl: await defaultUrl(app, actor) } : info
}

/** The login password of the actor's account, checked like a login: failures count towards its login lock, and the
 *  right one clears the failures of this address as a login does. */
async function confirmPassword(app: Infra, req: FastifyRequest, actor: Actor, plain: string): Promise<void> {
  const attempt = await reserveLoginAttempt(app, actor.area === 'admin' ? 'admins' : 'users', actor.id, actor.username, req.ip)
  const where = { where: { id: actor.id }, select: { password: true } }
  const account = actor.area === 'admin' ? await app.db.admins.findUnique(where) : await app.db.users.findUnique(where)
  if (!(await checkPassword(account?.password, plain))) throw businessError('msg.passwordErr')
  await attempt.succeeded()
}

type SmsProof = { phone: string; code: string }

/**
 * Proof that the caller owns the account rather than merely holds one of its tokens: the login password (checked
 * here), or an SMS code of usage edit_user sent to the account's phone (answered, to be consumed in the
 * transaction of the change it authorises).
 */
async function proveOwnership(app: Infra, req: FastifyRequest, actor: Actor, proof: { password?: string; code?: string }): Promise<SmsProof | null> {
  if (proof.password !== undefined) {
    await confirmPassword(app, req, actor, proof.password)
    return null
  }
  const user = await app.db.users.findUnique({ where: { id: actor.id }, select: { phone: true } })
  if (!user?.phone) throw businessError('msg.phoneEmpty')
  return { phone: user.phone, code: proof.code ?? '' }
}

/** Nickname, avatar and password only. A new password needs proof of ownership and ends the account's other sessions. */
export async function editAccount(app: SessionInfra, req: FastifyRequest, actor: Actor, body: AuthEditBody): Promise<void> {
  const data: { nickname?: string; avatar?: string; password?: string; sex?: number; birthday?: Date | null } = {}
  if (body.nickname !== undefined) data.nickname = body.nickname
  if (body.avatar !== undefined) data.avatar = body.avatar
  // Only shoppers' and sellers' bodies carry these (adminAuthEditBody has neither).
  if (body.sex !== undefined) data.sex = body.sex
  if (body.birthday !== undefined) data.birthday = body.birthday === null ? null : new Date(`${body.birthday}T00:00:00Z`)
  let sms: SmsProof | null = null
  if (body.password) {
    sms = await proveOwnership(app, req, actor, { password: body.old_password, code: body.code })
    data.password = await hashPassword(body.password)
  }
  if (!Object.keys(data).length) return
  await runUnit(app, async (tx) => {
    if (sms) await consumeSmsCode(app, tx, sms.phone, 'edit_user', sms.code)
    if (actor.area === 'admin') await tx.admins.update({ where: { id: actor.id }, data })
    else await tx.users.update({ where: { id: actor.id }, data })
  })
  if (data.password) await app.tokens.revokeAll(areasOfAccount(actor), actor.id, actor.sid)
}

/**
 * Pay password (proved by a code sent to the account's phone, or by the login password, so an account without a
 * phone can set one too) or phone number (codes sent to the phone it replaces and to the new one). A new phone ends
 * the account's other sessions.
 */
export async function editSecure(app: SessionInfra, req: FastifyRequest, actor: Actor, body: EditSecureBody): Promise<void> {
  const { db } = app
  const user = await db.users.findUnique({ where: { id: actor.id }, select: { phone: true } })
  if (!user) throw unauthenticated()
  if (body.pay_password) {
    const sms = await proveOwnership(app, req, actor, { password: body.password, code: body.code })
    const payPassword = hashPayPassword(app.config.PAY_PASSWORD_KEY, body.pay_password)
    await runUnit(app, async (tx) => {
      if (sms) await consumeSmsCode(app, tx, sms.phone, 'edit_user', sms.code)
      await tx.users.update({ where: { id: actor.id }, data: { pay_password: payPassword } })
    })
    return
  }
  const phone = body.phone!
  const oldPhone = user.phone
  if (oldPhone && !body.old_code) throw invalid({ old_code: req.t('valid.required') })
  if (await db.users.findUnique({ where: { phone }, select: { id: true } })) throw businessError('msg.phoneExists')
  await runUnit(app, async (tx) => {
    if (oldPhone) await consumeSmsCode(app, tx, oldPhone, 'edit_user', body.old_code!)
    await consumeSmsCode(app, tx, phone, 'bind_phone', body.code!)
    await tx.users.update({ where: { id: actor.id }, data: { phone } })
  }).catch((err) => {
    throw duplicateAccount(err)
  })
  await app.tokens.revokeAll(USER_AREAS, actor.id, actor.sid)
}
