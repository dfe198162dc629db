// Accounts of the three areas: login, registration, password recovery, own profile and secure settings.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthEditBody, EditSecureBody, LoginBody, Provider, RegisterBody, SmsUsage } from '@qshop/shared/schemas/auth'
import { zx } from '@qshop/shared'
import type { Actor, AreaName } from '../../core/context.ts'
import { AppError, businessError, unauthenticated } from '../../core/errors.ts'
import { hashPassword, randomToken, verifyPassword } from '../../core/hash.ts'
import { mapPrismaError } from '../../core/prismaErrors.ts'
import { runUnit } from '../../core/unitOfWork.ts'
import type { TokenPair } from '../../plugins/auth.ts'
import { loginThrottle } from './loginThrottle.ts'
import { consumeSmsCode, sendSmsCode } from './sms.ts'
import { defaultUrl } from '../rbac/menuTree.ts'

const USER_AREAS: AreaName[] = ['user', 'seller']
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

export async function login(app: FastifyInstance, req: FastifyRequest, body: LoginBody): Promise<TokenPair> {
  const area = loginArea(body)
  const throttle = loginThrottle(app, area, body.username, req.ip)
  await throttle.assertOpen()
  // Same answer whether the account exists or not.
  const refused = async () => {
    await throttle.fail()
    return businessError('msg.accountErr')
  }

  if (area === 'admin') {
    const admin = await app.db.admins.findUnique({ where: { username: body.username }, select: { id: true, password: true, login_time: true } })
    const matches = await checkPassword(admin?.password, body.password ?? '')
    if (!admin || !matches) throw await refused()
    await throttle.succeed()
    await app.db.admins.update({ where: { id: admin.id }, data: loginTimes(admin.login_time, req.ip) })
    return app.tokens.issue('admin', admin.id, req)
  }

  const select = { id: true, password: true, status: true, belong_id: true, login_time: true } as const
  let user
  if (body.type === 'phone') {
    await consumeSmsCode(app, app.db, body.username, 'login', body.code ?? '').catch(async (err) => {
      await throttle.fail()
      throw err
    })
    user = await app.db.users.findUnique({ where: { phone: body.username }, select })
    if (!user) throw await refused()
  } else {
    user =
      (await app.db.users.findUnique({ where: { username: body.username }, select })) ??
      (isPhone(body.username) ? await app.db.users.findUnique({ where: { phone: body.username }, select }) : null)
    const matches = await checkPassword(user?.password, body.password ?? '')
    if (!user || !matches) throw await refused()
  }
  await throttle.succeed()
  if (user.status !== 1) throw businessError('msg.accountDisabled')
  if (area === 'user' && user.belong_id > 0) throw businessError('msg.subNotAllowBuy')
  if (area === 'seller') {
    const ownerId = user.belong_id > 0 ? user.belong_id : user.id
    const store = await app.db.stores.findUnique({ where: { user_id: ownerId }, select: { id: true } })
    if (!store) throw businessError('msg.notSeller')
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

const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`

export async function register(app: FastifyInstance, req: FastifyRequest, body: RegisterBody): Promise<TokenPair> {
  const { db } = app
  if (body.inviter_id && !(await db.users.findUnique({ where: { id: body.inviter_id }, select: { id: true } })))
    throw businessError('msg.inviterNotFound')
  const phone = body.type === 'phone' ? body.phone! : null
  const username = phone ?? body.username!
  if (await db.users.findUnique({ where: { username }, select: { id: true } })) throw businessError('msg.userExists')
  if (phone && (await db.users.findUnique({ where: { phone }, select: { id: true } }))) throw businessError('msg.phoneExists')
  const password = await hashPassword(body.password)
  // The pay password stays unset: the user chooses one later, confirmed by an SMS code.
  const user = await runUnit(app, async (tx) => {
    if (phone) await consumeSmsCode(app, tx, phone, 'register', body.code ?? '')
    return tx.users.create({
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
  }).catch((err) => {
    throw duplicateAccount(err)
  })
  return app.tokens.issue('user', user.id, req)
}

export async function forgetPassword(app: FastifyInstance, body: { phone: string; code: string; password: string }): Promise<void> {
  const user = await app.db.users.findUnique({ where: { phone: body.phone }, select: { id: true } })
  // Codes of this usage only go to registered phones, so an unknown phone has no valid code either.
  if (!user) throw businessError('msg.smsCodeErr')
  const password = await hashPassword(body.password)
  await runUnit(app, async (tx) => {
    await consumeSmsCode(app, tx, body.phone, 'forget_password', body.code)
    await tx.users.update({ where: { id: user.id }, data: { password } })
  })
  await app.tokens.revokeAll(USER_AREAS, user.id)
}

/** Pre-checks of each usage, then the code is sent. edit_user needs a logged-in shopper. */
export async function requestSmsCode(app: FastifyInstance, req: FastifyRequest, phone: string, usage: SmsUsage): Promise<void> {
  const owner = await app.db.users.findUnique({ where: { phone }, select: { id: true } })
  if (usage === 'register' && owner) throw businessError('msg.phoneExists')
  if ((usage === 'login' || usage === 'forget_password') && !owner) throw businessError('msg.phoneNotFound')
  if (usage === 'edit_user') {
    if (!req.actor) throw unauthenticated()
    // The own phone (pay password) or a free one (new phone).
    if (owner && owner.id !== req.actor.id) throw businessError('msg.phoneExists')
  }
  await sendSmsCode(app, req, phone, usage)
}

/** The id of the account a valid token of any area (or of `provider`) belongs to, else null. */
export async function loggedInId(app: FastifyInstance, req: FastifyRequest, provider?: Provider): Promise<number | null> {
  const header = req.headers.authorization
  if (!header?.startsWith('Bearer ')) return null
  let payload: { sub: number; area: AreaName; sid: string }
  try {
    payload = app.jwt.verify(header.slice(7))
  } catch {
    return null
  }
  if (provider && (provider === 'admins') !== (payload.area === 'admin')) return null
  const session = await app.db.auth_sessions.findUnique({ where: { id: Number(payload.sid) }, select: { revoked_at: true } })
  if (!session || session.revoked_at) return null
  const actor = await app.actors.load(payload.area, payload.sub, payload.sid)
  return actor?.id ?? null
}

export async function accountInfo(app: FastifyInstance, actor: Actor): Promise<Record<string, unknown>> {
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
      id: true, username: true, nickname: true, avatar: true, phone: true, email: true, sex: true, belong_id: true,
      money: true, frozen_money: true, integral: true, inviter_id: true, pay_password: true, user_check: { select: { id: true } },
    },
  })
  if (!user) throw unauthenticated()
  const { pay_password, user_check, ...account } = user
  const info = { ...account, has_pay_password: pay_password !== null, check: user_check !== null }
  return actor.area === 'seller' ? { ...info, defaultUrl: await defaultUrl(app, actor) } : info
}

/** Nickname, avatar and password only. A new password ends the account's other sessions. */
export async function editAccount(app: FastifyInstance, actor: Actor, body: AuthEditBody): Promise<void> {
  const data: { nickname?: string; avatar?: string; password?: string } = {}
  if (body.nickname !== undefined) data.nickname = body.nickname
  if (body.avatar !== undefined) data.avatar = body.avatar
  if (body.password) data.password = await hashPassword(body.password)
  if (!Object.keys(data).length) return
  if (actor.area === 'admin') await app.db.admins.update({ where: { id: actor.id }, data })
  else await app.db.users.update({ where: { id: actor.id }, data })
  if (data.password) await app.tokens.revokeAll(actor.area === 'admin' ? ['admin'] : USER_AREAS, actor.id, actor.sid)
}

/** Pay password (code sent to the account's phone) or phone number (code sent to the new phone). */
export async function editSecure(app: FastifyInstance, actor: Actor, body: EditSecureBody): Promise<void> {
  const { db } = app
  const user = await db.users.findUnique({ where: { id: actor.id }, select: { phone: true } })
  if (!user) throw unauthenticated()
  if (body.pay_password) {
    const phone = user.phone
    if (!phone) throw businessError('msg.phoneEmpty')
    const payPassword = await hashPassword(body.pay_password)
    await runUnit(app, async (tx) => {
      await consumeSmsCode(app, tx, phone, 'edit_user', body.code)
      await tx.users.update({ where: { id: actor.id }, data: { pay_password: payPassword } })
    })
    return
  }
  const phone = body.phone!
  if (phone === user.phone) return
  if (await db.users.findUnique({ where: { phone }, select: { id: true } })) throw businessError('msg.phoneExists')
  await runUnit(app, async (tx) => {
    await consumeSmsCode(app, tx, phone, 'edit_user', body.code)
    await tx.users.update({ where: { id: actor.id }, data: { phone } })
  }).catch((err) => {
    throw duplicateAccount(err)
  })
}
