// Demo accounts and the demo stores: a super admin and an operator, a seller owning an approved open store with
// four goods and a customer-service sub-account, a second seller with a store of its own (goods with and without
// SKUs, a regional and a free-shipping freight rule) so a checkout can span two stores, and a shopper with balance,
// points (both in the ledger) and an address. Everything is created only when missing; existing demo rows are left
// as they are.
import type { FastifyInstance } from 'fastify'
import { toCents } from '@qshop/shared'
import { hashPassword } from '../core/hash.ts'
import { hashPayPassword } from '../core/payPassword.ts'
import { post } from '../core/ledger.ts'
import { runUnit } from '../core/unitOfWork.ts'
import { searchText } from '../modules/catalog/index.ts'
import { richText } from './content.ts'
import { demoUrl, writeDemoImages, type DemoImage } from './images.ts'
import { seedRole, type AreaRbac } from './rbac.ts'
import { seedShowcase } from './showcase.ts'
import { seedPointsMall } from './pointsMall.ts'
import type { Tally } from './tally.ts'
import { settleAll } from './settle.ts'

export const DEMO_ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@123456' },
  operator: { username: 'operator', password: 'Admin@123456' },
  seller: { username: 'seller', password: 'Seller@123456' },
  seller_cs: { username: 'seller_cs', password: 'Seller@123456' },
  seller2: { username: 'seller2', password: 'Seller@123456' },
  shopper: { username: 'shopper', password: 'Shopper@123456' },
} as const
/** The shopper's pay password (a demo value only; real accounts set their own). */
export const DEMO_PAY_PASSWORD = '123456'
export const SHOPPER_MONEY = '1000.00'
export const SHOPPER_INTEGRAL = 500

// argon2 takes ~50 ms a hash: each demo password is hashed once per process (tests reseed in every file).
const hashes = new Map<string, Promise<string>>()
function hashed(plain: string): Promise<string> {
  let h = hashes.get(plain)
  if (!h) hashes.set(plain, (h = hashPassword(plain)))
  return h
}

type Sku = { specs: [string, string]; price: string; market: string; stock: number }
type DemoGoods = {
  goods_no: string
  goods_name: string
  goods_subname: string
  /** category path, level 1/2/3 */
  class: string
  brand: string
  weight: string
  image: DemoImage
  content: string
  is_recommend: number
  price?: string
  market?: string
  stock?: number
  /** attribute names in spec order, then one row per combination */
  skus?: Sku[]
  /** the store's default template unless told: no freight, or the store's regional template */
  freight?: 'free' | 'regional'
}

const ATTRS: Record<string, string[]> = { 颜色: ['红色', '黑色', '白色', '蓝色'], 尺码: ['M', 'L', 'XL'] }
const ATTR_ORDER = ['颜色', '尺码'] as const

const combos = (colors: string[], sizes: string[], price: (size: string) => string, market: string, stock: number): Sku[] =>
  colors.flatMap((c) => sizes.map((s) => ({ specs: [c, s] as [string, string], price: price(s), market, stock })))

const DEMO_GOODS: DemoGoods[] = [
  {
    goods_no: 'QS-TS-001', goods_name: 'QShop 纯棉圆领短袖T恤', goods_subname: '精梳棉 亲肤透气 多色可选', class: '服装/男装/T恤',
    brand: 'QShop 自营', weight: '0.30', image: { file: 'goods-1.png', width: 800, height: 800, art: { icon: 'shirt', colors: ['#c92a2a', '#ff8787'] } },
    content: '<p>100% 精梳棉面料，柔软透气，日常百搭。</p>', is_recommend: 1,
    skus: combos(['红色', '黑色'], ['M', 'L', 'XL'], (s) => (s === 'XL' ? '69.00' : '59.00'), '99.00', 100),
  },
  {
    goods_no: 'QS-SH-001', goods_name: 'QShop 商务长袖衬衫', goods_subname: '免烫面料 修身版型', class: '服装/男装/衬衫',
    brand: '远山', weight: '0.40', image: { file: 'goods-2.png', width: 800, height: 800, art: { icon: 'shirt', colors: ['#1971c2', '#74c0fc'] } },
    content: '<p>免烫易打理，通勤、商务场合皆宜。</p>', is_recommend: 1,
    skus: combos(['白色', '蓝色'], ['M', 'L', 'XL'], () => '129.00', '199.00', 50),
  },
  {
    goods_no: 'QS-AC-001', goods_name: 'QShop 1.5匹 变频冷暖空调', goods_subname: '新一级能效 静音节能', class: '家用电器/大家电/空调',
    brand: '悦享', weight: '35.00', image: { file: 'goods-3.png', width: 800, height: 800, art: { icon: 'air-conditioning', colors: ['#868e96', '#dee2e6'] } },
    content: '<p>变频压缩机，快速制冷制热，适用 15–22 平方米房间。</p>', is_recommend: 0,
    price: '2599.00', market: '3299.00', stock: 30,
  },
  {
    goods_no: 'QS-NT-001', goods_name: 'QShop 每日坚果 750g（30袋）', goods_subname: '六种坚果果干 独立小包装', class: '食品/休闲零食/坚果',
    brand: '青禾', weight: '0.80', image: { file: 'goods-4.png', width: 800, height: 800, art: { icon: 'nut', colors: ['#e67700', '#ffd43b'] } },
    content: '<p>每袋 25g，六种坚果与果干科学配比，方便携带。</p>', is_recommend: 0,
    price: '89.90', market: '129.00', stock: 200,
  },
]

type FreightSeed = { f_weight: string; f_price: string; o_weight: string; o_price: string }
type DemoStore = {
  owner: 'seller' | 'seller2'
  logo: DemoImage
  fields: {
    store_name: string; store_mobile: string; store_description: string; store_company_name: string; store_address: string
    store_lat: string; store_lng: string; after_sale_service: string
  }
  goods: DemoGoods[]
  defaultFreight: FreightSeed
  /** a template for some provinces (by area code; codes missing from the areas table are left out) */
  regionalFreight?: FreightSeed & { name: string; codes: string[] }
}

const SECOND_STORE_GOODS: DemoGoods[] = [
  {
    goods_no: 'QH-KN-001', goods_name: '青禾 羊毛混纺针织开衫', goods_subname: '柔软亲肤 春秋百搭', class: '服装/女装/针织衫',
    brand: '青禾', weight: '0.50', image: { file: 'goods-5.png', width: 800, height: 800, art: { icon: 'shirt', colors: ['#5c940d', '#c0eb75'] } },
    content: '<p>羊毛混纺，柔软不扎，春秋单穿或叠穿皆宜。</p>', is_recommend: 1,
    skus: combos(['白色', '蓝色'], ['M', 'L'], (s) => (s === 'L' ? '209.00' : '199.00'), '299.00', 40),
  },
  {
    goods_no: 'QH-TE-001', goods_name: '青禾 明前龙井 250g', goods_subname: '当季新茶 罐装', class: '食品/茶饮冲调/茶叶',
    brand: '青禾', weight: '0.30', image: { file: 'goods-6.png', width: 800, height: 800, art: { icon: 'leaf', colors: ['#2b8a3e', '#8ce99a'] } },
    content: '<p>明前采摘，扁平光滑，香气清高。</p>', is_recommend: 1, price: '168.00', market: '238.00', stock: 120, freight: 'regional',
  },
  {
    goods_no: 'QH-CF-001', goods_name: '青禾 挂耳咖啡 10 袋', goods_subname: '中度烘焙 现磨口感', class: '食品/茶饮冲调/咖啡',
    brand: '青禾', weight: '0.15', image: { file: 'goods-7.png', width: 800, height: 800, art: { icon: 'coffee', colors: ['#5f3dc4', '#b197fc'] } },
    content: '<p>每袋 10g，热水冲泡即可。</p>', is_recommend: 0, price: '39.90', market: '59.00', stock: 300, freight: 'free',
  },
]

const DEMO_STORES: DemoStore[] = [
  {
    owner: 'seller',
    logo: { file: 'store-logo.png', width: 200, height: 200, art: { icon: 'building-store', colors: ['#0b7285', '#66d9e8'] } },
    fields: {
      store_name: 'QShop 旗舰店', store_mobile: '13800000001', store_description: '演示店铺：服装、家电、零食，一店购齐。',
      store_company_name: 'QShop 演示商贸有限公司', store_address: '建国路 88 号', store_lat: '39.921900', store_lng: '116.443600',
      after_sale_service: '支持 7 天无理由退货；质量问题 15 天内包换。',
    },
    goods: DEMO_GOODS,
    defaultFreight: { f_weight: '1.00', f_price: '10.00', o_weight: '1.00', o_price: '5.00' },
  },
  {
    owner: 'seller2',
    logo: { file: 'store2-logo.png', width: 200, height: 200, art: { icon: 'plant', colors: ['#2b8a3e', '#8ce99a'] } },
    fields: {
      store_name: '青禾生活馆', store_mobile: '13800000003', store_description: '演示店铺：茶、咖啡与针织，慢生活好物。',
      store_company_name: '青禾演示生活用品有限公司', store_address: '建国路 99 号', store_lat: '39.915600', store_lng: '116.455200',
      after_sale_service: '食品类商品拆封后不支持无理由退货；服装 7 天无理由退换。',
    },
    goods: SECOND_STORE_GOODS,
    defaultFreight: { f_weight: '1.00', f_price: '8.00', o_weight: '1.00', o_price: '4.00' },
    regionalFreight: { name: '华南地区', codes: ['440000', '450000', '460000'], f_weight: '0.50', f_price: '12.00', o_weight: '0.50', o_price: '3.00' },
  },
]
const BEIJING = ['110000', '110100', '110105'] as const // 北京市 › 北京市 › 朝阳区

/** What the demo needs from the base seed, as promises: each demo step waits only for what it uses. */
export type DemoDeps = { areas: Promise<unknown>; classIds: Promise<Map<string, number>>; adminRoleId: Promise<number>; seller: Promise<AreaRbac> }

export async function seedDemo(app: FastifyInstance, deps: DemoDeps, tally: Tally) {
  const images = writeDemoImages(app, DEMO_STORES.flatMap((st) => [st.logo, ...st.goods.map((g) => g.image)])).then((n) => tally.add('upload files', n))
  const users = seedUsers(app, tally)
  const areaIds = deps.areas.then(() => beijingAreaIds(app))
  await settleAll([
    images,
    deps.adminRoleId.then((roleId) => seedAdmins(app, roleId, tally)),
    ...DEMO_STORES.map((spec) =>
      Promise.all([users, areaIds, deps.classIds])
        .then(([u, area, classIds]) => seedStore(app, spec, u[spec.owner], area, classIds, tally))
        .then(async () => (spec.owner === 'seller' ? seedChat(app, await users, tally) : undefined)),
    ),
    Promise.all([users, deps.seller]).then(([u, rbac]) => seedSellerStaff(app, u.seller, rbac, tally)),
    Promise.all([users, areaIds]).then(([u, area]) => seedAddress(app, u.shopper, area, tally)),
    seedShowcase(app, deps, tally),
    seedPointsMall(app, tally),
  ])
}

async function beijingAreaIds(app: FastifyInstance) {
  const rows = await app.db.areas.findMany({ where: { code: { in: [...BEIJING] } }, select: { id: true, code: true } })
  const id = (code: string) => {
    const row = rows.find((r) => r.code === code)
    if (!row) throw new Error(`seed: area ${code} is missing`)
    return row.id
  }
  return { province_id: id(BEIJING[0]), city_id: id(BEIJING[1]), region_id: id(BEIJING[2]), area_info: '北京市 北京市 朝阳区' }
}
type AreaIds = Awaited<ReturnType<typeof beijingAreaIds>>

async function seedAdmins(app: FastifyInstance, roleId: number, tally: Tally) {
  const { admin, operator } = DEMO_ACCOUNTS
  const have = new Set((await app.db.admins.findMany({ where: { username: { in: [admin.username, operator.username] } }, select: { username: true } })).map((a) => a.username))
  if (!have.has(admin.username)) {
    await app.db.admins.create({ data: { username: admin.username, password: await hashed(admin.password), nickname: '超级管理员', is_super: 1 } })
    tally.add('admins', 1)
  }
  if (!have.has(operator.username)) {
    await app.db.admins.create({
      data: { username: operator.username, password: await hashed(operator.password), nickname: '运营专员', admin_to_roles: { create: { role_id: roleId } } },
    })
    tally.add('admins', 1)
  }
}

async function seedUsers(app: FastifyInstance, tally: Tally): Promise<{ seller: number; seller2: number; shopper: number }> {
  const { seller, seller2, shopper } = DEMO_ACCOUNTS
  const rows = await app.db.users.findMany({ where: { username: { in: [seller.username, seller2.username, shopper.username] } }, select: { id: true, username: true } })
  const idOf = (u: string) => rows.find((r) => r.username === u)?.id
  const [sellerId, seller2Id, shopperId] = await Promise.all([
    idOf(seller.username) ?? createSeller(app, seller, { nickname: '演示商家', phone: '13800000001' }, tally),
    idOf(seller2.username) ?? createSeller(app, seller2, { nickname: '青禾店主', phone: '13800000003' }, tally),
    idOf(shopper.username) ?? createShopper(app, tally),
  ])
  return { seller: sellerId, seller2: seller2Id, shopper: shopperId }
}

async function createSeller(app: FastifyInstance, account: { username: string; password: string }, fields: { nickname: string; phone: string }, tally: Tally) {
  const row = await app.db.users.create({
    data: { username: account.username, password: await hashed(account.password), ...fields },
    select: { id: true },
  })
  tally.add('users', 1)
  return row.id
}

/** The shopper's balance and points are credited through the ledger, in one unit with the account. */
async function createShopper(app: FastifyInstance, tally: Tally) {
  const { shopper } = DEMO_ACCOUNTS
  const password = await hashed(shopper.password)
  const payPassword = hashPayPassword(app.config.PAY_PASSWORD_KEY, DEMO_PAY_PASSWORD)
  const id = await runUnit(app, async (tx) => {
    const user = await tx.users.create({
      data: { username: shopper.username, password, pay_password: payPassword, nickname: '演示买家', phone: '13800000002' },
      select: { id: true },
    })
    const entry = { owner: { kind: 'user', id: user.id }, reason: 'system', source: { type: 'seed', id: user.id }, info: '演示账户初始资金' } as const
    await post(tx, { ...entry, account: 'money', amount: toCents(SHOPPER_MONEY), idemKey: 'seed:shopper:money' })
    await post(tx, { ...entry, account: 'points', amount: SHOPPER_INTEGRAL, idemKey: 'seed:shopper:integral' })
    return user.id
  })
  tally.add('users', 1)
  tally.add('money_logs', 2)
  return id
}

async function seedAddress(app: FastifyInstance, userId: number, area: AreaIds, tally: Tally) {
  if (await app.db.addresses.findFirst({ where: { user_id: userId }, select: { id: true } })) return
  await app.db.addresses.create({
    data: { user_id: userId, receive_name: '演示买家', receive_tel: '13800000002', ...area, address: '建国路 1 号', is_default: 1, default_key: userId },
  })
  tally.add('addresses', 1)
}

/** The demo shopper's question to the demo seller's store, unread in its 客服聊天 (modules/chat writes the same rows). */
async function seedChat(app: FastifyInstance, u: { seller: number; shopper: number }, tally: Tally) {
  const store = await app.db.stores.findUniqueOrThrow({ where: { user_id: u.seller }, select: { id: true } })
  const sides = { store_id: store.id, user_id: u.shopper, guest_id: '' }
  if (await app.db.chat_conversations.findUnique({ where: { store_id_user_id_guest_id: sides }, select: { id: true } })) return
  await runUnit(app, async (tx) => {
    const conv = await tx.chat_conversations.create({ data: { ...sides, store_unread: 1, last_at: new Date() }, select: { id: true } })
    const message = await tx.chat_messages.create({
      data: { conversation_id: conv.id, sender_side: 1, sender: `user:${u.shopper}`, client_msg_id: 'seed-demo-question', content_type: 'text', content: '你好，请问下单后多久发货？' },
      select: { id: true },
    })
    await tx.chat_conversations.update({ where: { id: conv.id }, data: { last_message_id: message.id }, select: { id: true } })
  })
  tally.add('chat_conversations', 1)
  tally.add('chat_messages', 1)
}

/** The 客服 role of the seller and the sub-account holding it. */
async function seedSellerStaff(app: FastifyInstance, sellerId: number, rbac: AreaRbac, tally: Tally) {
  const roleId = await seedRole(app, rbac, sellerId, tally)
  const { seller_cs } = DEMO_ACCOUNTS
  if (await app.db.users.findUnique({ where: { username: seller_cs.username }, select: { id: true } })) return
  await app.db.users.create({
    data: {
      username: seller_cs.username, password: await hashed(seller_cs.password), nickname: '客服小青', belong_id: sellerId,
      user_to_roles: { create: { role_id: roleId } },
    },
  })
  tally.add('users', 1)
}

async function seedStore(app: FastifyInstance, spec: DemoStore, sellerId: number, area: AreaIds, classIds: Map<string, number>, tally: Tally) {
  let store = await app.db.stores.findUnique({ where: { user_id: sellerId }, select: { id: true } })
  if (!store) {
    store = await app.db.stores.create({
      data: { user_id: sellerId, store_logo: demoUrl(spec.logo.file), ...spec.fields, ...area, store_status: 1, store_verify: 4 },
      select: { id: true },
    })
    tally.add('stores', 1)
  }
  const storeId = store.id
  const classId = (path: string) => {
    const id = classIds.get(path)
    if (id === undefined) throw new Error(`seed: category ${path} is missing`)
    return id
  }
  const classPath = (path: string) => path.split('/').map((_, i, parts) => classId(parts.slice(0, i + 1).join('/')))

  const [hasClasses, specIds, brands, goods, regionalId] = await Promise.all([
    app.db.store_classes.findFirst({ where: { store_id: storeId }, select: { id: true } }),
    seedAttrs(app, storeId, tally),
    app.db.goods_brands.findMany({ select: { id: true, name: true } }),
    app.db.goods.findMany({ where: { store_id: storeId }, select: { goods_no: true } }),
    seedFreights(app, spec, storeId, tally),
  ])
  const writes: Promise<unknown>[] = []
  if (!hasClasses) {
    writes.push(app.db.store_classes.create({ data: { store_id: storeId, class_id: spec.goods.map((g) => classPath(g.class)) } }))
    tally.add('store_classes', 1)
  }
  const freightId = (g: DemoGoods) => (g.freight === 'free' ? -1 : g.freight === 'regional' ? (regionalId ?? 0) : 0)
  const haveGoods = new Set(goods.map((g) => g.goods_no))
  for (const g of spec.goods.filter((g) => !haveGoods.has(g.goods_no))) {
    const skus = (g.skus ?? []).map((s) => ({
      spec_id: s.specs.map((name, i) => specIds.get(`${ATTR_ORDER[i]}:${name}`)).join(','),
      sku_name: s.specs.join(','), goods_image: demoUrl(g.image.file),
      goods_price: s.price, goods_market_price: s.market, goods_stock: s.stock, goods_weight: g.weight,
    }))
    const cheapest = skus.length ? skus.reduce((a, b) => (Number(b.goods_price) < Number(a.goods_price) ? b : a)) : null
    writes.push(app.db.goods.create({
      data: {
        store_id: storeId, class_id: classId(g.class), brand_id: brands.find((b) => b.name === g.brand)?.id ?? 0,
        goods_no: g.goods_no, goods_name: g.goods_name, goods_subname: g.goods_subname, search_text: searchText(g.goods_name),
        goods_master_image: demoUrl(g.image.file), goods_images: demoUrl(g.image.file),
        goods_price: cheapest?.goods_price ?? g.price!, goods_market_price: cheapest?.goods_market_price ?? g.market!,
        goods_stock: skus.length ? skus.reduce((n, s) => n + s.goods_stock, 0) : g.stock!,
        goods_weight: g.weight, goods_status: 1, goods_verify: 1, freight_id: freightId(g),
        goods_content: richText(g.content), goods_content_mobile: richText(g.content),
        is_recommend: g.is_recommend, is_master: 1,
        goods_skus: skus.length ? { create: skus } : undefined,
      },
    }))
    tally.add('goods', 1)
    tally.add('goods_skus', skus.length)
  }
  await Promise.all(writes)
}

/** The store's default template and its regional one (when the spec has one); answers the regional template's id. */
async function seedFreights(app: FastifyInstance, spec: DemoStore, storeId: number, tally: Tally): Promise<number | null> {
  const have = await app.db.freights.findMany({ where: { store_id: storeId }, select: { id: true, is_type: true, name: true } })
  if (!have.some((f) => f.is_type === 0)) {
    await app.db.freights.create({ data: { store_id: storeId, name: '默认运费', ...spec.defaultFreight, is_type: 0 } })
    tally.add('freights', 1)
  }
  const regional = spec.regionalFreight
  if (!regional) return null
  const found = have.find((f) => f.is_type === 1 && f.name === regional.name)
  if (found) return found.id
  const { codes, ...fields } = regional
  const provinces = await app.db.areas.findMany({ where: { code: { in: codes }, deep: 0 }, select: { id: true, name: true }, orderBy: { code: 'asc' } })
  const row = await app.db.freights.create({
    data: { store_id: storeId, ...fields, area_id: provinces.map((p) => p.id).join(','), area_name: provinces.map((p) => p.name).join(','), is_type: 1 },
    select: { id: true },
  })
  tally.add('freights', 1)
  return row.id
}

/** The store's attributes and their values; answers spec ids by "attribute:value". */
async function seedAttrs(app: FastifyInstance, storeId: number, tally: Tally): Promise<Map<string, number>> {
  const load = () => app.db.goods_attrs.findMany({ where: { store_id: storeId }, select: { id: true, name: true, goods_specs: { select: { id: true, name: true } } } })
  let attrs = await load()
  const missingAttrs = Object.keys(ATTRS).filter((name) => !attrs.some((a) => a.name === name))
  if (missingAttrs.length) {
    tally.add('goods_attrs', (await app.db.goods_attrs.createMany({ data: missingAttrs.map((name) => ({ store_id: storeId, name })) })).count)
    attrs = await load()
  }
  const missingSpecs = Object.entries(ATTRS).flatMap(([attr, values]) => {
    const row = attrs.find((a) => a.name === attr)!
    return values.filter((v) => !row.goods_specs.some((s) => s.name === v)).map((name) => ({ attr_id: row.id, name }))
  })
  if (missingSpecs.length) {
    tally.add('goods_specs', (await app.db.goods_specs.createMany({ data: missingSpecs })).count)
    attrs = await load()
  }
  return new Map(attrs.flatMap((a) => a.goods_specs.map((s) => [`${a.name}:${s.name}`, s.id] as [string, number])))
}
