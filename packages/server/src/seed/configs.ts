// Site configuration defaults (configs.name is the key; is_type 1 = JSON). No secrets: every key is empty.
// The fields and defaults of the grouped config forms come from their shared schema (CONFIG_FIELDS), so the
// seed and the forms cannot drift; the seed adds our site texts.
// A config an operator has saved is never overwritten; keys a newer release adds to a JSON config are merged in.
import type { FastifyInstance } from 'fastify'
import { CONFIG_ROW, normalizeConfig, WEB_CONFIG_KEYS, type JsonConfigGroup } from '@qshop/shared/schemas/configs'
import { DEFAULT_TIME_ZONE } from '@qshop/shared'
import type { Tally } from './tally.ts'
import { insertRows } from './insert.ts'

type Json = string | number | boolean | null | Json[] | { [k: string]: Json }
type ConfigSeed = { name: string; description: string; value: Json }

const WEB_TEXTS: Record<string, [description: string, value: string]> = {
  web_name: ['网站名称', 'QShop 多商户商城'],
  index_name: ['首页标题', 'QShop 多商户商城 - 多店铺 一站购'],
  keyword: ['网站关键词', '多商户商城,网上购物,品质好店'],
  description: ['网站描述', 'QShop 多商户商城：汇聚品质店铺，一站式选购。'],
  logo: ['网站 Logo', ''],
  tel: ['联系电话', ''],
  mobile: ['座机 / 客服电话', ''],
  email: ['联系邮箱', ''],
  icp: ['备案信息', ''],
  close_status: ['关闭网站（1 关闭）', '0'],
  close_reason: ['关闭原因', ''],
  time_zone: ['网站时区（IANA 时区名，如 Asia/Shanghai）', DEFAULT_TIME_ZONE],
}

const JSON_DESCRIPTIONS: Record<JsonConfigGroup, string> = {
  upload: '上传配置：driver local 本地 / oss 阿里云',
  sms: '短信配置：driver log 仅记录 / aliyun 阿里云',
  pay: '支付配置（按支付网关分组）',
  oauth: '第三方登录：weixin 公众号，weixinweb 网站扫码',
  store: '店铺配置：商品审核、提现手续费 %、平台佣金 %',
  map: '地图配置',
  logistics: '物流查询配置',
  task: '定时任务：未付款取消（分钟）、自动收货、结算、售后期限（天）、退款自动同意（小时）、退货未寄回自动关闭（天）',
  integral: '积分规则：每元积分、注册赠送、每日签到、连续签到奖励',
}

/** Where the seed differs from a form's empty default: OSS endpoints are reached over https; no fee, no commission. */
const JSON_OVERRIDES: Partial<Record<JsonConfigGroup, Record<string, Json>>> = {
  upload: { ssl: true },
  store: { cash: '0', commission_rate: '0' },
}

export const CONFIGS: ConfigSeed[] = [
  ...WEB_CONFIG_KEYS.map((name) => ({ name, description: WEB_TEXTS[name]?.[0] ?? name, value: WEB_TEXTS[name]?.[1] ?? '' })),
  ...(Object.entries(CONFIG_ROW) as [JsonConfigGroup, string][]).map(([group, name]) => ({
    name, description: JSON_DESCRIPTIONS[group], value: { ...normalizeConfig(group, null), ...JSON_OVERRIDES[group] },
  })),
]

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Adds the default's keys missing from `saved`, recursively; saved values always win. */
function addMissing(saved: Record<string, Json>, defaults: Record<string, Json>): boolean {
  let changed = false
  for (const [k, v] of Object.entries(defaults)) {
    if (!(k in saved)) {
      saved[k] = v
      changed = true
    } else if (isObject(saved[k]) && isObject(v)) changed = addMissing(saved[k] as Record<string, Json>, v) || changed
  }
  return changed
}

export async function seedConfigs(app: FastifyInstance, tally: Tally) {
  const rows = await app.db.configs.findMany({ where: { name: { in: CONFIGS.map((c) => c.name) } }, select: { id: true, name: true, content: true } })
  const saved = new Map(rows.map((r) => [r.name, r]))
  const creates = CONFIGS.filter((c) => !saved.has(c.name)).map((c) => ({
    name: c.name,
    description: c.description,
    is_type: typeof c.value === 'string' ? 0 : 1,
    content: typeof c.value === 'string' ? c.value : JSON.stringify(c.value),
  }))
  tally.add('configs', await insertRows(app, 'configs', creates))

  const merges: { id: number; content: string }[] = []
  for (const c of CONFIGS) {
    const row = saved.get(c.name)
    if (!row || !isObject(c.value)) continue
    let value: unknown
    try {
      value = JSON.parse(row.content ?? '')
    } catch {
      continue // an operator's unreadable value is theirs to fix, not ours to replace
    }
    if (isObject(value) && addMissing(value, c.value)) merges.push({ id: row.id, content: JSON.stringify(value) })
  }
  await Promise.all(merges.map((m) => app.db.configs.update({ where: { id: m.id }, data: { content: m.content } })))
  tally.add('configs', merges.length)
}
