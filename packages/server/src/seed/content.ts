// Base content: carriers, currency, help articles, the user agreement, ad slots with the home slideshow, a template
// row for every SMS usage.
// Keyed by natural keys; rows that exist are left as an operator edited them (carrier names excepted).
import type { FastifyInstance } from 'fastify'
import { RICH_TEXT_SEPARATOR } from '@qshop/shared/constants'
import { SMS_USAGES, type SmsUsage } from '@qshop/shared/schemas/auth'
import { demoUrl, writeDemoImages } from './images.ts'
import type { Tally } from './tally.ts'
import { insertRows } from './insert.ts'

/** html as a stored rich-text value: html, the separator, then no editor document (null): the editor builds its
 *  document from the html. (An empty list there is no document: the editor refused it and showed nothing.) */
export const richText = (html: string) => `${html}${RICH_TEXT_SEPARATOR}null`

/** KuaiBao carrier codes. */
export const EXPRESSES: [name: string, code: string][] = [
  ['韵达', 'yd'], ['申通', 'sto'], ['圆通', 'yt'], ['中通', 'zt'], ['极兔', 'jt'], ['百世快递', 'ht'],
  ['邮政小包', 'postx'], ['EMS', 'ems'], ['邮政包裹', 'post'], ['天天', 'tt'], ['百世快运', 'best'], ['优速', 'ys'],
  ['德邦', 'dp'], ['宅急送', 'zjs'], ['京东', 'jd'], ['中通快运', 'ztky'], ['顺丰', 'sf'], ['国通', 'gt'],
]

const HELP_MENU = '帮助中心'
const ARTICLES: [title: string, html: string][] = [
  ['帮助中心', '<p>欢迎使用 QShop 多商户商城。购物流程：挑选商品 → 加入购物车 → 提交订单 → 选择支付方式 → 等待发货 → 确认收货 → 评价。</p><p>如有疑问，请在店铺页面联系商家客服。</p>'],
  ['其他合作', '<p>我们欢迎品牌方、供应商与服务商洽谈合作。请通过网站底部的联系方式与我们取得联系，并简要说明合作内容。</p>'],
  ['网站公告', '<p>本站为多商户平台，商品由各入驻店铺销售并发货。平台对店铺进行资质审核，请放心选购。</p>'],
  ['关于我们', '<p>QShop 多商户商城是一个开源的多店铺电商平台，为买家提供丰富的商品，为商家提供简单易用的店铺后台。</p>'],
]

const AGREEMENT = richText(
  '<h3>用户协议</h3>' +
    '<p>1. 注册即表示您同意遵守本协议及平台规则。请妥善保管账户和密码，因保管不善造成的损失由您自行承担。</p>' +
    '<p>2. 平台上的商品由入驻店铺销售，店铺对商品质量和售后负责；平台负责店铺审核与交易纠纷的协调。</p>' +
    '<p>3. 您应提供真实有效的收货信息，不得利用平台从事违法活动。</p>' +
    '<p>4. 我们仅为完成交易和提供服务收集必要的个人信息，不会向无关第三方出售。</p>' +
    '<p>5. 平台可能更新本协议，更新后继续使用即视为同意新协议。</p>',
)

const AD_SLOTS: { name: string; width: number; height: number }[] = [
  { name: 'PC_首页幻灯片', width: 1200, height: 400 },
  { name: 'PC_首页广告', width: 1200, height: 120 },
  { name: 'APP_首页幻灯片', width: 750, height: 300 },
  { name: 'APP_首页底部广告', width: 750, height: 200 },
]

type Slide = { name: string; title: string; etitle: string; subtitle: string; esubtitle: string; url: string; file: string; icon: string; colors: [string, string] }

/** The home slides: pictures without lettering, their headlines in both languages drawn over them by the storefront.
 *  `oldFile`: the picture earlier seeds wrote with the headline drawn in (replaced on ads an operator left alone). */
const SLIDES: (Slide & { oldFile: string })[] = [
  {
    name: '品质好店 一站购齐', title: '品质好店 一站购齐', etitle: 'Quality stores, all in one place',
    subtitle: '入驻店铺均经平台审核，正品保障', esubtitle: 'Every store is vetted by the platform: genuine goods guaranteed',
    url: '/stores', file: 'home-slide-1.jpg', oldFile: 'slide-1.jpg', icon: 'building-store', colors: ['#2f6fde', '#15aabf'],
  },
  {
    name: '积分商城 好礼兑换', title: '积分商城 好礼兑换', etitle: 'Points mall: gifts for your points',
    subtitle: '购物攒积分，好礼免费换', esubtitle: 'Earn points as you shop, swap them for gifts',
    url: '/integral', file: 'home-slide-2.jpg', oldFile: 'slide-2.jpg', icon: 'gift', colors: ['#e8590c', '#fab005'],
  },
  {
    name: '限时秒杀 每日上新', title: '限时秒杀 每日上新', etitle: 'Flash sales, new every day',
    subtitle: '每天 10 点准时开抢，低至 5 折', esubtitle: 'Every day at 10:00, up to 50% off',
    url: '/seckills', file: 'home-slide-3.jpg', oldFile: 'slide-3.jpg', icon: 'bolt', colors: ['#2b8a3e', '#94d82d'],
  },
]

/**
 * What each SMS usage's template says. The code sent to the provider is the usage key until an operator enters
 * the template code the provider approved (admin 短信配置 → 签名配置).
 */
export const SMS_TEMPLATES: Record<SmsUsage, string> = {
  register: '注册验证码（模板变量 code）',
  login: '短信登录验证码（模板变量 code）',
  forget_password: '找回密码验证码（模板变量 code）',
  edit_user: '修改支付密码或手机号时发往已绑定手机的身份验证码（模板变量 code）',
  bind_phone: '更换手机号时发往新手机的验证码（模板变量 code）',
}

export async function seedContent(app: FastifyInstance, tally: Tally) {
  await Promise.all([
    seedExpresses(app, tally), seedCurrency(app, tally), seedArticles(app, tally), seedAgreement(app, tally), seedAds(app, tally), seedSmsTemplates(app, tally),
  ])
}

async function seedSmsTemplates(app: FastifyInstance, tally: Tally) {
  const have = new Set((await app.db.sms.findMany({ where: { name: { in: [...SMS_USAGES] } }, select: { name: true } })).map((r) => r.name))
  const creates = SMS_USAGES.filter((usage) => !have.has(usage)).map((usage) => ({ name: usage, code: usage, content: '', description: SMS_TEMPLATES[usage] }))
  tally.add('sms', await insertRows(app, 'sms', creates))
}

async function seedExpresses(app: FastifyInstance, tally: Tally) {
  const rows = await app.db.expresses.findMany({ select: { id: true, name: true, code: true } })
  const byCode = new Map(rows.map((r) => [r.code, r]))
  const creates = EXPRESSES.filter(([, code]) => !byCode.has(code)).map(([name, code]) => ({ name, code }))
  tally.add('expresses', await insertRows(app, 'expresses', creates))
  const renamed = EXPRESSES.filter(([name, code]) => byCode.has(code) && byCode.get(code)!.name !== name)
  await Promise.all(renamed.map(([name, code]) => app.db.expresses.update({ where: { code }, data: { name } })))
  tally.add('expresses', renamed.length)
}

async function seedCurrency(app: FastifyInstance, tally: Tally) {
  if (await app.db.currencies.findFirst({ where: { currency_ename: 'RMB' }, select: { id: true } })) return
  await app.db.currencies.create({ data: { name: '人民币', ename: 'zh-cn', currency: '￥', currency_ename: 'RMB' } })
  tally.add('currencies', 1)
}

async function seedArticles(app: FastifyInstance, tally: Tally) {
  let menu = await app.db.article_menus.findFirst({ where: { pid: 0, name: HELP_MENU }, select: { id: true } })
  if (!menu) {
    menu = await app.db.article_menus.create({ data: { pid: 0, name: HELP_MENU, is_sort: 1 }, select: { id: true } })
    tally.add('article_menus', 1)
  }
  const pid = menu.id
  const have = new Set((await app.db.articles.findMany({ where: { pid }, select: { name: true } })).map((a) => a.name))
  const creates = ARTICLES.filter(([title]) => !have.has(title)).map(([name, html]) => ({ pid, name, content: richText(html) }))
  tally.add('articles', await insertRows(app, 'articles', creates))
}

async function seedAgreement(app: FastifyInstance, tally: Tally) {
  if (await app.db.agreements.findUnique({ where: { ename: 'agreement' }, select: { id: true } })) return
  tally.add('agreements', await insertRows(app, 'agreements', [{ name: '用户协议', ename: 'agreement', content: AGREEMENT }]))
}

async function seedAds(app: FastifyInstance, tally: Tally) {
  const images = writeDemoImages(app, SLIDES.map((s) => ({ file: s.file, width: 1200, height: 400, art: { icon: s.icon, colors: s.colors } })))
  const load = () => app.db.adv_spaces.findMany({ where: { name: { in: AD_SLOTS.map((s) => s.name) } }, select: { id: true, name: true } })
  let slots = await load()
  const missing = AD_SLOTS.filter((s) => !slots.some((row) => row.name === s.name))
  if (missing.length) {
    tally.add('adv_spaces', await insertRows(app, 'adv_spaces', missing))
    slots = await load()
  }
  tally.add('upload files', await images)
  const slot = slots.find((s) => s.name === 'PC_首页幻灯片')!
  const rows = await app.db.advs.findMany({ where: { pid: slot.id }, select: { id: true, name: true, image: true, title: true } })
  const texts = (s: Slide) => ({ title: s.title, etitle: s.etitle, subtitle: s.subtitle, esubtitle: s.esubtitle, image: demoUrl(s.file) })
  const creates = SLIDES.filter((s) => !rows.some((r) => r.name === s.name))
    .map((s) => ({ pid: slot.id, name: s.name, url: s.url, is_sort: SLIDES.length - SLIDES.indexOf(s), status: 1, ...texts(s) }))
  tally.add('advs', await insertRows(app, 'advs', creates))
  // A slide an earlier seed wrote, still with its lettered picture and no title, takes the new picture and its texts
  // (the storefront would otherwise show no headline, or with a title added, two).
  const stale = SLIDES.flatMap((s) => rows.filter((r) => r.name === s.name && r.image === demoUrl(s.oldFile) && r.title === '').map((r) => ({ id: r.id, slide: s })))
  await Promise.all(stale.map(({ id, slide }) => app.db.advs.update({ where: { id }, data: texts(slide) })))
  tally.add('advs', stale.length)
}
