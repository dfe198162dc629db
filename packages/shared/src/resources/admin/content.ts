// Admin content and system resources: areas, carriers, SMS templates and logs, agreements, articles, notices,
// ads, app versions, currencies. Labels are i18n keys (texts in i18n/content-fields.ts).
import { z } from 'zod'
import { defineResource, type Dict, type ResourceDecl } from '../../resource.ts'
import * as zx from '../../zx.ts'
import { SMS_USAGES } from '../../schemas/auth.ts'
import { YES_NO } from './rbac.ts'

/** Whole number in 0..max (tiny flags, sort orders, sizes). */
const count = (max: number) => zx.int().pipe(z.number().min(0).max(max))
/** Lookup keys used in URLs and code (agreement `ename`, SMS usage, carrier code). */
const slug = (max: number) => zx.text(max, 1).regex(/^[A-Za-z0-9_-]+$/)
/** Rich text (html + separator + editor JSON) bounded by the TEXT column (65,535 bytes). */

const AREA_DEEP: Dict = [
  { label: 'fields.area_province', value: 0 },
  { label: 'fields.area_city', value: 1 },
  { label: 'fields.area_district', value: 2 },
]
const ON_OFF: Dict = [
  { label: 'fields.status_on', value: 1 },
  { label: 'fields.status_off', value: 0 },
]
const SMS_STATUS: Dict = [
  { label: 'fields.sms_sent', value: 1 },
  { label: 'fields.sms_failed', value: 0 },
]
/** The usages the platform sends codes for (labels `fields.sms_usage_<usage>`). */
const SMS_USAGE_LABELS: Dict = SMS_USAGES.map((usage) => ({ label: `fields.sms_usage_${usage}`, value: usage }))
const DEVICES: Dict = [
  { label: 'Android', value: 'android' },
  { label: 'iOS', value: 'ios' },
]
/** Article menus as a tree (the public storefront endpoint). */
const ARTICLE_MENUS: Dict = { url: '/load_article_menu', labelKey: 'name', valueKey: 'id' }
const ADV_SPACES: Dict = { url: '/Admin/adv_spaces?isAll=1', labelKey: 'name', valueKey: 'id' }

export const areas = defineResource({
  name: 'areas',
  area: 'admin',
  tree: true,
  sort: 'code',
  fields: {
    // pid is the parent's code ('0' for provinces); deep is derived from the parent by the server.
    // The lazy cascader loads children by area id (/load_areas?pid=<id>) and posts the chosen area's code.
    pid: {
      label: 'fields.parent_area',
      input: zx.text(20, 1).regex(/^\d+$/),
      required: true,
      form: { type: 'cascader_lazy', lazyUrl: '/load_areas', props: { labelKey: 'name', valueKey: 'code' } },
      column: false,
    },
    name: { label: 'fields.name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    code: {
      label: 'fields.area_code',
      input: zx.text(20, 1).regex(/^\d+$/),
      required: true,
      form: { type: 'text' },
      column: { type: 'text' },
      filter: ['eq', 'like'],
      search: 'text',
      sortable: true,
    },
    deep: { label: 'fields.area_deep', column: { type: 'dict', dict: AREA_DEEP }, filter: ['eq'], filterAs: 'int', search: 'select', sortable: true },
  },
})

export const expresses = defineResource({
  name: 'expresses',
  area: 'admin',
  fields: {
    name: { label: 'fields.name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    code: { label: 'fields.express_code', input: slug(32), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text', sortable: true },
  },
})

export const sms = defineResource({
  name: 'sms',
  area: 'admin',
  fields: {
    name: {
      label: 'fields.sms_usage', input: z.enum(SMS_USAGES), required: true,
      form: { type: 'select', dict: SMS_USAGE_LABELS }, column: { type: 'dict', dict: SMS_USAGE_LABELS }, filter: ['eq'], search: 'select',
    },
    code: { label: 'fields.sms_template_code', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq'] },
    content: { label: 'fields.sms_sign_name', input: zx.text(64), form: { type: 'text' }, column: { type: 'text' } },
    description: { label: 'fields.description', input: zx.text(255), form: { type: 'textarea' }, column: { type: 'text' } },
  },
})

/** Read-only (no write actions; the inputs only type the filters). The code sent is stored hashed and never answered. */
export const smsLogs = defineResource({
  name: 'sms_logs',
  area: 'admin',
  actions: ['index', 'show'],
  buttons: { store: false, update: false, deletes: false, destroy: false, import: false },
  fields: {
    phone: { label: 'fields.phone', input: zx.text(20), column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    name: { label: 'fields.sms_usage', input: zx.text(64), column: { type: 'dict', dict: SMS_USAGE_LABELS }, filter: ['eq'], search: 'select' },
    status: { label: 'fields.sms_status', input: zx.flag(), column: { type: 'dict', dict: SMS_STATUS }, filter: ['eq'], search: 'select' },
    error_msg: { label: 'fields.error_msg', column: { type: 'text' } },
    ip: { label: 'fields.ip', input: zx.text(45), column: { type: 'text' }, filter: ['eq'] },
    expires_at: { label: 'fields.expires_at', column: { type: 'text' }, sortable: true },
    used_at: { label: 'fields.used_at', column: { type: 'text' } },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['between', 'gte', 'lte'], search: 'daterange', sortable: true },
  },
})

export const agreements = defineResource({
  name: 'agreements',
  area: 'admin',
  fields: {
    name: { label: 'fields.name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    ename: { label: 'fields.agreement_ename', input: slug(64), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq'], search: 'text' },
    content: { label: 'fields.rich_content', input: zx.richText(), form: { type: 'editor', span: 24 }, column: { type: 'html' } },
  },
})

export const articleMenus = defineResource({
  name: 'article_menus',
  area: 'admin',
  tree: true,
  sort: 'is_sort',
  fields: {
    pid: {
      label: 'fields.parent_menu',
      input: zx.int().pipe(z.number().min(0).max(2147483647)),
      form: { type: 'cascader', dict: ARTICLE_MENUS, props: { checkStrictly: true } },
      column: false,
    },
    name: { label: 'fields.name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    is_sort: { label: 'fields.is_sort', input: count(100000), form: { type: 'number' }, column: { type: 'text' }, sortable: true },
  },
})

export const articles = defineResource({
  name: 'articles',
  area: 'admin',
  fields: {
    pid: {
      label: 'fields.article_menu',
      input: zx.id(),
      required: true,
      form: { type: 'cascader', dict: ARTICLE_MENUS, props: { checkStrictly: true } },
      column: { type: 'dict', dict: ARTICLE_MENUS },
      filter: ['eq', 'in'],
      search: 'select',
    },
    name: { label: 'fields.title', input: zx.text(120, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    content: { label: 'fields.rich_content', input: zx.richText(), form: { type: 'editor', span: 24 }, column: { type: 'html' } },
    click: { label: 'fields.click', column: { type: 'text' }, sortable: true },
  },
})

export const notices = defineResource({
  name: 'notices',
  area: 'admin',
  fields: {
    tag: { label: 'fields.tag', input: zx.text(32), form: { type: 'text' }, column: { type: 'tags' }, filter: ['eq'] },
    name: { label: 'fields.title', input: zx.text(120, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    content: { label: 'fields.rich_content', input: zx.richText(), form: { type: 'editor', span: 24 }, column: { type: 'html' } },
    is_type: { label: 'fields.is_type', input: count(zx.TINYINT_MAX), form: { type: 'number' }, column: { type: 'text' }, filter: ['eq'] },
    is_send: { label: 'fields.is_send', input: zx.flag(), form: { type: 'switch' }, column: { type: 'dict', dict: YES_NO }, filter: ['eq'] },
  },
})

export const advSpaces = defineResource({
  name: 'adv_spaces',
  area: 'admin',
  fields: {
    name: { label: 'fields.adv_space_name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    width: { label: 'fields.width', input: count(10000), form: { type: 'number' }, column: { type: 'text' } },
    height: { label: 'fields.height', input: count(10000), form: { type: 'number' }, column: { type: 'text' } },
  },
})

export const advs = defineResource({
  name: 'advs',
  area: 'admin',
  fields: {
    pid: {
      label: 'fields.adv_space',
      input: zx.id(),
      required: true,
      form: { type: 'select', dict: ADV_SPACES },
      column: { type: 'dict', dict: ADV_SPACES },
      filter: ['eq', 'in'],
      search: 'select',
    },
    name: { label: 'fields.name', input: zx.text(120, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    // The text the storefront draws over the picture (none when the title is empty); English falls back to Chinese.
    title: { label: 'fields.adv_title', input: zx.text(120), form: { type: 'text' }, column: { type: 'text' } },
    etitle: { label: 'fields.adv_etitle', input: zx.text(120), form: { type: 'text' }, column: false },
    subtitle: { label: 'fields.adv_subtitle', input: zx.text(255), form: { type: 'text' }, column: false },
    esubtitle: { label: 'fields.adv_esubtitle', input: zx.text(255), form: { type: 'text' }, column: false },
    url: { label: 'fields.url', input: zx.text(255), form: { type: 'text' }, column: { type: 'text' } },
    image: { label: 'fields.image', input: zx.text(255), form: { type: 'image' }, column: { type: 'image' } },
    adv_start: { label: 'fields.adv_start', input: zx.datetime(), required: true, form: { type: 'datetime' }, column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
    adv_end: { label: 'fields.adv_end', input: zx.datetime(), form: { type: 'datetime' }, column: { type: 'text' }, filter: ['gte', 'lte', 'between'], sortable: true },
    is_sort: { label: 'fields.is_sort', input: count(100000), form: { type: 'number' }, column: { type: 'text' }, sortable: true },
    is_type: { label: 'fields.is_type', input: count(zx.TINYINT_MAX), form: { type: 'number' }, column: { type: 'text' }, filter: ['eq'] },
    status: { label: 'fields.status', input: zx.flag(), form: { type: 'switch' }, column: { type: 'dict', dict: ON_OFF }, filter: ['eq'], search: 'select' },
  },
})

export const appVersions = defineResource({
  name: 'app_versions',
  area: 'admin',
  sort: '-version_code',
  fields: {
    name: { label: 'fields.name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['like'], search: 'text' },
    version: { label: 'fields.version', input: zx.text(32, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq'] },
    version_code: { label: 'fields.version_code', input: count(2147483647), required: true, form: { type: 'number' }, column: { type: 'text' }, sortable: true },
    url: { label: 'fields.download_url', input: zx.text(255), form: { type: 'text' }, column: { type: 'text' } },
    device: { label: 'fields.device', input: z.enum(['android', 'ios']), required: true, form: { type: 'radio', dict: DEVICES }, column: { type: 'dict', dict: DEVICES }, filter: ['eq'], search: 'select' },
    apple_id: { label: 'fields.apple_id', input: zx.text(64), form: { type: 'text' }, column: { type: 'text' } },
    is_wgt: { label: 'fields.is_wgt', input: zx.flag(), form: { type: 'switch' }, column: { type: 'dict', dict: YES_NO }, filter: ['eq'] },
    content: { label: 'fields.changelog', input: zx.text(20000), form: { type: 'textarea', span: 24 }, column: false },
  },
})

export const currencies = defineResource({
  name: 'currencies',
  area: 'admin',
  fields: {
    name: { label: 'fields.name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['like'], search: 'text' },
    ename: { label: 'fields.locale', input: zx.text(32, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq'] },
    currency: { label: 'fields.currency_symbol', input: zx.text(16, 1), required: true, form: { type: 'text' }, column: { type: 'text' } },
    currency_ename: { label: 'fields.currency_code', input: zx.text(16, 1), required: true, form: { type: 'text' }, column: { type: 'text' } },
    content: { label: 'fields.remark', input: zx.text(255), form: { type: 'textarea' }, column: { type: 'text' } },
  },
})

export const resources: ResourceDecl[] = [
  areas, expresses, sms, smsLogs, agreements, articleMenus, articles, notices, advSpaces, advs, appVersions, currencies,
]
