// Request bodies of login, registration, SMS codes and the own-account pages (shared with the web app).
import { z } from 'zod'
import * as zx from '../zx.ts'

export const PROVIDERS = ['users', 'admins'] as const
export type Provider = (typeof PROVIDERS)[number]
export const LOGIN_AREAS = ['user', 'seller', 'admin'] as const
export type LoginArea = (typeof LOGIN_AREAS)[number]
/** edit_user: a code to the account's own phone (proof of ownership); bind_phone: a code to the phone being bound. */
export const SMS_USAGES = ['register', 'login', 'forget_password', 'edit_user', 'bind_phone'] as const
export type SmsUsage = (typeof SMS_USAGES)[number]

/** 13812345678 → 138****5678, as an account's phone is shown back to it. */
export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`

export const SMS_CODE_LENGTH = 6
export const PAY_PASSWORD_LENGTH = 6

const provider = z.enum(PROVIDERS)
const smsCode = () => z.string().trim().regex(/^\d{6}$/)
/** Starts with a letter so a login name can never be mistaken for a phone number. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,31}$/
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const blankToNull = (v: unknown) => (v === '' ? null : v)
const numeric = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)

/** A calendar date 'YYYY-MM-DD' that exists, from 1900-01-01 to today (UTC, so a birthday entered east of UTC
 *  just after midnight may wait a few hours). */
const birthday = () =>
  z.string().refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false
    const day = new Date(`${v}T00:00:00Z`)
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v) && v >= '1900-01-01' && day.getTime() <= Date.now()
  }, { message: 'valid.birthday' })

type Ctx = z.RefinementCtx
/** Reports a missing field the way a missing required field is reported. */
const required = (ctx: Ctx, field: string) =>
  ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: '', path: [field] })
const notAllowed = (ctx: Ctx, field: string, input: unknown, values: readonly string[]) =>
  ctx.addIssue({ code: 'invalid_value', values: [...values], input, path: [field] })

export const loginBody = z
  .object({
    /** login name; for shoppers and sellers also the phone number; the phone number itself when type = phone */
    username: z.string().trim().min(1).max(64),
    password: z.string().max(64).optional(),
    provider,
    /** defaults to admin for admins, user (storefront) for users */
    area: z.enum(LOGIN_AREAS).optional(),
    type: z.enum(['username', 'phone']).default('username'),
    /** SMS code of usage `login` (type = phone) */
    code: smsCode().optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.provider === 'admins') {
      if (b.area && b.area !== 'admin') notAllowed(ctx, 'area', b.area, ['admin'])
      if (b.type !== 'username') notAllowed(ctx, 'type', b.type, ['username'])
    } else if (b.area === 'admin') notAllowed(ctx, 'area', b.area, ['user', 'seller'])
    if (b.type === 'username' && !b.password) required(ctx, 'password')
    if (b.type === 'phone') {
      if (!zx.phone().safeParse(b.username).success) ctx.addIssue({ code: 'custom', message: 'phone', path: ['username'] })
      if (!b.code) required(ctx, 'code')
    }
  })
export type LoginBody = z.infer<typeof loginBody>

export const refreshBody = z.object({ refresh_token: z.string().min(1).max(200), provider: provider.optional() }).strict()

/** Calls that only name the provider (logout, auth/info); the body may be empty. */
export const providerBody = z.object({ provider: provider.optional() }).strict().optional()

export const registerBody = z
  .object({
    type: z.enum(['username', 'phone']).default('username'),
    username: z.string().trim().regex(USERNAME_PATTERN).optional(),
    phone: zx.phone().optional(),
    /** SMS code of usage `register` (type = phone) */
    code: smsCode().optional(),
    password: zx.password(),
    inviter_id: z.preprocess((v) => (v === 0 || v === '0' ? undefined : blankToUndefined(v)), zx.id().optional()),
    provider: z.literal('users').optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.type === 'username' && !b.username) required(ctx, 'username')
    if (b.type === 'phone') {
      if (!b.phone) required(ctx, 'phone')
      if (!b.code) required(ctx, 'code')
    }
  })
export type RegisterBody = z.infer<typeof registerBody>

export const forgetPasswordBody = z
  .object({ phone: zx.phone(), code: smsCode(), password: zx.password(), provider: z.literal('users').optional() })
  .strict()

export const smsBody = z.object({ phone: zx.phone(), name: z.enum(SMS_USAGES) }).strict()

const accountEditFields = {
  nickname: zx.text(32, 1).optional(),
  avatar: zx.text(255).optional(),
  /** the new password; empty = unchanged */
  password: z.preprocess(blankToUndefined, zx.password().optional()),
  /** the current password, needed with a new one */
  old_password: z.preprocess(blankToUndefined, z.string().max(64).optional()),
  provider: provider.optional(),
}
const proofOfOwnership = (b: { password?: string; old_password?: string; code?: string }, ctx: Ctx) => {
  if (b.password && !b.old_password && !b.code) required(ctx, 'old_password')
}

/** Own profile of an admin: only these fields can change (never roles, is_super...). */
export const adminAuthEditBody = z.object(accountEditFields).strict().superRefine(proofOfOwnership)

/** Own profile of a shopper or seller (never money, status, roles...). A new password needs the current one or a
 * code of usage `edit_user` sent to the account's phone. */
export const authEditBody = z
  .object({
    ...accountEditFields,
    /** 0 unknown · 1 male · 2 female */
    sex: z.preprocess(numeric, z.union([z.literal(0), z.literal(1), z.literal(2)])).optional(),
    /** 'YYYY-MM-DD' between 1900-01-01 and today (UTC); empty = unknown */
    birthday: z.preprocess(blankToNull, birthday().nullable()).optional(),
    code: z.preprocess(blankToUndefined, smsCode().optional()),
  })
  .strict()
  .superRefine(proofOfOwnership)
export type AuthEditBody = z.infer<typeof authEditBody>

/**
 * Pay password or phone number.
 * - pay password: `code` of usage `edit_user` sent to the account's phone, or the login `password`;
 * - phone: `code` of usage `bind_phone` sent to the new phone, and `old_code` of usage `edit_user` sent to the
 *   phone it replaces (when the account has one).
 */
export const editSecureBody = z
  .object({
    pay_password: z.string().regex(/^\d{6}$/).optional(),
    phone: zx.phone().optional(),
    code: z.preprocess(blankToUndefined, smsCode().optional()),
    old_code: z.preprocess(blankToUndefined, smsCode().optional()),
    password: z.preprocess(blankToUndefined, z.string().max(64).optional()),
    provider: z.literal('users').optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const only = (field: string) => ctx.addIssue({ code: 'custom', message: 'one', path: [field] })
    if (!b.pay_password && !b.phone) required(ctx, 'pay_password')
    if (b.pay_password && b.phone) only('phone')
    if (b.pay_password) {
      if (!b.code && !b.password) required(ctx, 'code')
      if (b.code && b.password) only('password')
      if (b.old_code) only('old_code')
    }
    if (b.phone) {
      if (!b.code) required(ctx, 'code')
      if (b.password) only('password')
    }
  })
export type EditSecureBody = z.infer<typeof editSecureBody>

export const isLoginQuery = z.object({ provider: provider.optional() }).strict()
