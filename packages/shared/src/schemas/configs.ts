// Platform settings edited as grouped forms (/Admin/configs/<group>) and stored in the `configs` table:
// the `web` group as one plain-string row per key, every other group as one JSON row.
import { z } from 'zod'
import * as zx from '../zx.ts'
import type { FormKind } from '../resource.ts'
import { DEFAULT_TIME_ZONE, isTimeZone } from '../timeZone.ts'

export const CONFIG_GROUPS = ['web', 'upload', 'sms', 'pay', 'oauth', 'store', 'map', 'logistics', 'task', 'integral'] as const
export type ConfigGroup = (typeof CONFIG_GROUPS)[number]
export type JsonConfigGroup = Exclude<ConfigGroup, 'web'>

/** `configs.name` of the JSON row holding each group (the seed's names). */
export const CONFIG_ROW: Record<JsonConfigGroup, string> = {
  upload: 'upload',
  sms: 'sms',
  pay: 'pay',
  oauth: 'oauth',
  store: 'store',
  map: 'map',
  logistics: 'logistics',
  task: 'task',
  integral: 'integral',
}

/** A secret is answered as MASK + its last 4 characters; a posted value starting with MASK means "unchanged". */
export const SECRET_MASK = '******'

export function maskSecret(value: string): string {
  if (!value) return ''
  // A key in PEM ends the same way as every other: nothing of it is shown.
  return SECRET_MASK + (value.length >= 12 && !value.includes('\n') ? value.slice(-4) : '')
}

export const isMaskedSecret = (value: unknown): boolean => typeof value === 'string' && value.startsWith(SECRET_MASK)

const url = () => zx.text(255)
/** A percentage 0–100 with at most two decimals, as a money-like string ("5.50"). */
const percent = () => zx.money({ min: 0, max: 100 })

type Leaf = {
  schema: z.ZodType
  default: unknown
  form: FormKind
  secret?: boolean
  /** a secret saved empty keeps the stored one (write-only: the form never holds it) */
  keepEmpty?: boolean
  dict?: { label: string; value: string | number }[]
}
type Section = Record<string, Leaf>

const leaf = (schema: z.ZodType, form: FormKind = 'text', extra: Partial<Leaf> = {}): Leaf => ({ schema, default: '', form, ...extra })
const secretLeaf = (): Leaf => leaf(zx.text(255), 'password', { secret: true })
/** 0/1 flag (the web group's plain-string rows store '0' / '1'). */
const flagLeaf = (): Leaf => leaf(zx.flag(), 'switch', { default: 0 })
/** true/false (JSON groups store booleans, as the seed and the adapters read them). */
const boolLeaf = (): Leaf =>
  leaf(
    zx.flag().transform((v) => v === 1),
    'switch',
    { default: false },
  )
/** A whole number from 1 to `max`. */
const countLeaf = (max: number, fallback: number): Leaf => leaf(zx.int().pipe(z.number().min(1).max(max)), 'number', { default: fallback })
/** A whole number from 0 (off) to `max`. */
const amountLeaf = (max: number, fallback: number): Leaf => leaf(zx.int().pipe(z.number().min(0).max(max)), 'number', { default: fallback })
/** A PEM block (the server also checks that it parses as a key); '' or a masked value for secrets. */
const PEM_RE = /^-----BEGIN [A-Z0-9 ]+-----\r?\n[A-Za-z0-9+/=\r\n]+-----END [A-Z0-9 ]+-----\s*$/
const pemLeaf = (secret: boolean): Leaf =>
  leaf(
    z.string().max(8192).refine((v) => v === '' || (secret && isMaskedSecret(v)) || PEM_RE.test(v.trim() + '\n'), { message: 'valid.pem' }),
    'textarea',
    secret ? { secret: true, keepEmpty: true } : {},
  )
/** WeChat Pay's API v3 key: exactly 32 characters ('' or masked: unchanged). */
const v3Key = () => z.string().max(32).refine((v) => v === '' || isMaskedSecret(v) || /^[\x21-\x7e]{32}$/.test(v), { message: 'valid.v3Key' })
const httpUrl = () => z.union([z.literal(''), z.string().max(255).regex(/^https?:\/\/[^\s]+$/)])
const choice = <T extends string>(values: readonly [T, ...T[]], group: string): Leaf =>
  leaf(z.enum(values), 'radio', { default: values[0], dict: values.map((v) => ({ label: `fields.${group}_${v}`, value: v })) })

const oauthSection = () => ({
  enabled: boolLeaf(),
  client_id: leaf(zx.text(64)),
  key: leaf(zx.text(255), 'password', { secret: true, keepEmpty: true }),
  return_url: leaf(httpUrl()),
  open_base: leaf(httpUrl(), 'text', { default: 'https://open.weixin.qq.com' }),
  api_base: leaf(httpUrl(), 'text', { default: 'https://api.weixin.qq.com' }),
})

/** Every group's fields: leaves at the top, or one level of named sections (pay.wechat, oauth.weixin). */
export const CONFIG_FIELDS = {
  web: {
    web_name: leaf(zx.text(64)),
    index_name: leaf(zx.text(120)),
    keyword: leaf(zx.text(255)),
    description: leaf(zx.text(500), 'textarea'),
    logo: leaf(url(), 'image'),
    tel: leaf(zx.text(32)),
    mobile: leaf(zx.text(32)),
    email: leaf(z.union([z.literal(''), z.email().max(128)])),
    icp: leaf(zx.text(64)),
    close_status: flagLeaf(),
    close_reason: leaf(zx.text(255), 'textarea'),
    /** the zone of every time shown and every calendar day (core/siteCalendar.ts); times are stored in UTC */
    time_zone: leaf(z.string().trim().refine(isTimeZone, { message: 'valid.timeZone' }), 'text', { default: DEFAULT_TIME_ZONE }),
  },
  upload: {
    driver: choice(['local', 'oss'], 'upload'),
    key: leaf(zx.text(128)),
    secret: secretLeaf(),
    bucket: leaf(zx.text(128)),
    endpoint: leaf(url()),
    cdn: leaf(url()),
    ssl: boolLeaf(),
    cname: boolLeaf(),
  },
  sms: {
    driver: choice(['log', 'aliyun'], 'sms'),
    key: leaf(zx.text(128)),
    secret: secretLeaf(),
    /** default sign name when a template has none */
    sign: leaf(zx.text(64)),
    endpoint: leaf(url()),
    region: leaf(zx.text(32)),
  },
  /** The gateways (adapters/payment): each secret write-only, kept when saved empty or masked. */
  pay: {
    wechat: {
      enabled: boolLeaf(),
      app_id: leaf(zx.text(64)),
      mch_id: leaf(zx.text(64)),
      api_v3_key: leaf(v3Key(), 'password', { secret: true, keepEmpty: true }),
      mch_serial_no: leaf(zx.text(64)),
      mch_private_key: pemLeaf(true),
      /** WeChat Pay's "public key" (the mode new merchants get) and the id its notifications name in Wechatpay-Serial */
      platform_public_key: pemLeaf(false),
      platform_public_key_id: leaf(zx.text(64)),
      api_base: leaf(httpUrl(), 'text', { default: 'https://api.mch.weixin.qq.com' }),
    },
    alipay: {
      enabled: boolLeaf(),
      app_id: leaf(zx.text(64)),
      app_private_key: pemLeaf(true),
      alipay_public_key: pemLeaf(false),
      gateway: leaf(httpUrl(), 'text', { default: 'https://openapi.alipay.com/gateway.do' }),
    },
  },
  /** WeChat login (adapters/oauth, docs/oauth.md): client_id is the AppID, key the AppSecret; return_url empty: the
   *  site's own /oauth/callback/<name> page; the two bases point at WeChat (or at the local fake in tests and the demo). */
  oauth: {
    weixin: oauthSection(),
    weixinweb: oauthSection(),
  },
  store: {
    goods_verify: boolLeaf(),
    /** withdrawal fee, percent */
    cash: leaf(percent(), 'number', { default: '0.00' }),
    /** platform commission on settlements, percent */
    commission_rate: leaf(percent(), 'number', { default: '0.00' }),
    /** the smallest withdrawal, and how many one account may ask for per day */
    cash_min: leaf(zx.money({ min: 0.01, max: 1_000_000 }), 'number', { default: '1.00' }),
    cash_daily_limit: countLeaf(100, 3),
    /** the most the three referral rates of a goods may add up to, percent */
    distribution_max: leaf(percent(), 'number', { default: '30.00' }),
  },
  map: {
    key: leaf(zx.text(128)),
    jsapi: leaf(zx.text(128)),
    security: secretLeaf(),
  },
  logistics: {
    appid: leaf(zx.text(64)),
    appkey: secretLeaf(),
    access_key: secretLeaf(),
    /** the provider's API address (default: KuaiBao's); without appid and appkey the demo timeline is shown */
    endpoint: leaf(url()),
  },
  /** timed tasks: each names its unit */
  task: {
    /** an unpaid order is cancelled this long after it was placed */
    cancel_minutes: countLeaf(7 * 24 * 60, 30),
    /** an unpaid flash-sale order is cancelled this long after it was placed (its units go back to the pool) */
    seckill_cancel_minutes: countLeaf(24 * 60, 5),
    /** a shipped order is received automatically this long after shipment */
    confirm_days: countLeaf(365, 7),
    /** a completed order is settled to its store this long after */
    settlement_days: countLeaf(365, 7),
    /** after-sales may be requested this long after receipt */
    after_sale_days: countLeaf(365, 7),
    /** a refund request the seller leaves unanswered is agreed after this long */
    refund_agree_hours: countLeaf(24 * 30, 48),
    /** an agreed return the shopper has not shipped back this long after is closed */
    return_ship_days: countLeaf(365, 7),
  },
  /** points earning (docs/points.md); 0 turns a rule off */
  integral: {
    /** points per yuan paid, granted when the order is received */
    per_yuan: amountLeaf(1000, 1),
    /** points granted on registration */
    register: amountLeaf(100_000, 100),
    /** points of a daily sign-in */
    sign_in: amountLeaf(10_000, 10),
    /** extra points per day of an unbroken sign-in streak after the first, counted up to 7 days */
    sign_in_streak_bonus: amountLeaf(10_000, 5),
  },
} satisfies Record<ConfigGroup, Record<string, Leaf | Section>>

export type ConfigValues = { [k: string]: string | number | boolean | ConfigValues }

const isLeaf = (node: Leaf | Section): node is Leaf => 'schema' in node && node.schema instanceof z.ZodType

const fieldsOf = (group: ConfigGroup) => CONFIG_FIELDS[group] as Record<string, Leaf | Section>

/** What PUT /Admin/configs/<group> accepts: any subset of the group's fields (sections posted as objects or JSON). */
export function configUpdateSchema(group: ConfigGroup) {
  const shape: Record<string, z.ZodType> = {}
  for (const [name, node] of Object.entries(fieldsOf(group))) {
    if (isLeaf(node)) shape[name] = node.schema.optional()
    else {
      const inner: Record<string, z.ZodType> = {}
      for (const [k, l] of Object.entries(node)) inner[k] = l.schema.optional()
      shape[name] = zx.json(z.strictObject(inner)).optional()
    }
  }
  return z.strictObject(shape)
}

/** A group's values from what is stored: each known field taken when it is valid, its default otherwise. */
export function normalizeConfig(group: ConfigGroup, stored: Record<string, unknown> | null | undefined): ConfigValues {
  const take = (fields: Record<string, Leaf | Section>, from: unknown): ConfigValues => {
    const src = from && typeof from === 'object' && !Array.isArray(from) ? (from as Record<string, unknown>) : {}
    const out: ConfigValues = {}
    for (const [name, node] of Object.entries(fields)) {
      if (!isLeaf(node)) {
        out[name] = take(node, src[name])
        continue
      }
      const parsed = src[name] === undefined ? null : node.schema.safeParse(src[name])
      out[name] = (parsed?.success ? parsed.data : node.default) as string | number | boolean
    }
    return out
  }
  return take(fieldsOf(group), stored)
}

/** The stored values with every secret masked (what the admin form shows). */
export function maskConfig(group: ConfigGroup, values: ConfigValues): ConfigValues {
  const walk = (fields: Record<string, Leaf | Section>, vals: ConfigValues): ConfigValues => {
    const out: ConfigValues = {}
    for (const [name, node] of Object.entries(fields)) {
      const v = vals[name]
      if (!isLeaf(node)) out[name] = walk(node, (v ?? {}) as ConfigValues)
      else out[name] = node.secret ? maskSecret(String(v ?? '')) : v
    }
    return out
  }
  return walk(fieldsOf(group), values)
}

/** Stored values updated by a validated partial input; a masked secret keeps the stored one. */
export function mergeConfig(group: ConfigGroup, current: ConfigValues, input: Record<string, unknown>): ConfigValues {
  const walk = (fields: Record<string, Leaf | Section>, cur: ConfigValues, inp: Record<string, unknown>): ConfigValues => {
    const out: ConfigValues = { ...cur }
    for (const [name, node] of Object.entries(fields)) {
      const v = inp[name]
      if (v === undefined) continue
      if (!isLeaf(node)) out[name] = walk(node, (cur[name] ?? {}) as ConfigValues, v as Record<string, unknown>)
      else if (!(node.secret && (isMaskedSecret(v) || (node.keepEmpty && v === '')))) out[name] = v as string | number | boolean
    }
    return out
  }
  return walk(fieldsOf(group), current, input)
}

export type ConfigFormField = { name: string; label: string; form: FormKind; section?: string; dict?: Leaf['dict'] }

/** The form of a group for the web: fields in order, with their label key and kind (sections flattened). */
export function configForm(group: ConfigGroup): ConfigFormField[] {
  const out: ConfigFormField[] = []
  for (const [name, node] of Object.entries(fieldsOf(group))) {
    if (isLeaf(node)) out.push({ name, label: `fields.${group}_${name}`, form: node.form, dict: node.dict })
    else for (const [k, l] of Object.entries(node)) out.push({ name: k, section: name, label: `fields.${group}_${name}_${k}`, form: l.form, dict: l.dict })
  }
  return out
}

/** Keys of the `web` group (one plain-string row each). */
export const WEB_CONFIG_KEYS = Object.keys(CONFIG_FIELDS.web) as (keyof typeof CONFIG_FIELDS.web)[]
