// A large shop for list and report benchmarks (`pnpm bench:data [--scale=0.01] [--seed=N] [--end=ISO]`, docs/scaling.md
// "Large data"): at scale 1, 200 stores, 20,000 goods, 200,000 shoppers and 1,000,000 orders over two years, with their
// lines, payments, refunds, reviews, settlements, points, coupons, flash-sale and group orders, referral commissions,
// withdrawals and every ledger row. The bench database (BENCH_DATA_DATABASE_URL, default qshop_bench_data) is migrated,
// emptied and seeded (no demo, no areas), then `fillShop` writes the rest in multi-row INSERTs.
//
// The rows are what the platform's own code would have written, so the identities its tests check hold
// (test/order-lifecycle.randomized.test.ts, promotions, money-out; `checkShop` below checks them in SQL):
// - the lifecycle of every order is decided first (created → paid → shipped → received → reviewed, cancelled, or still
//   on its way at `end`), and its status, timestamps and rows follow from it;
// - every money movement is a ledger posting (core/ledger.ts's row: reason, source, the same idempotency keys as the
//   modules), posted in time order through an event queue, so each row's after_money is the account's running balance
//   and never negative; balances are set from those running totals at the end;
// - settlement amounts come from modules/settlement's and modules/distribution's own functions; points from
//   modules/points' rules; discounts are shared over lines so that the lines add up to the order.
// Deterministic: the same scale, seed and end give the same rows.
import path from 'node:path'
import mysql from 'mysql2/promise'
import { LEDGER_ACCOUNT, LEDGER_OWNER, fromCents, percentOf, translate, type LedgerAccount, type LedgerReason, type LedgerSource, type MessageKey } from '../packages/shared/src/index.ts'
import { ROOT, isMain, migrateDeploy } from '../scripts/migrate.ts'
import { settlementAmounts } from '../packages/server/src/modules/settlement/settle.ts'
import { referralCommission } from '../packages/server/src/modules/distribution/settle.ts'
import { orderPoints } from '../packages/server/src/modules/points/rules.ts'
import { searchText } from '../packages/server/src/modules/catalog/searchText.ts'
import { hashPassword } from '../packages/server/src/core/hash.ts'
import { seededRandom } from '../packages/server/test/seededRandom.ts'

export const FULL = { stores: 200, goods: 20_000, shoppers: 200_000, orders: 1_000_000 } as const
export const DEFAULT_DATABASE_URL = 'mysql://root@127.0.0.1:3306/qshop_bench_data'

const DAY = 86_400_000
const HOUR = 3_600_000
const MINUTE = 60_000
/** The seed's defaults the rows follow: configs task.after_sale_days, task.cancel (minutes), integral.per_yuan. */
const AFTER_SALE_DAYS = 7
const PAY_MINUTES = 30
const PER_YUAN = 1

export type Progress = (done: number, total: number, phase: string) => void
export type FillOptions = {
  seed?: number
  end?: Date
  /** Counts that differ from the scale's (a test's small shop with as many stores as the full one, say). */
  sizes?: Partial<Sizes>
  /** Drop the plain secondary indexes during the load and build them after (default: from 100,000 orders on). */
  deferIndexes?: boolean
}
export type Sizes = { [K in keyof typeof FULL]: number }
/** `end`: the last moment of the history (the run's start, unless given): with the seed, what reproduces the rows. */
export type FillReport = { rows: Record<string, number>; totalRows: number; ms: number; sizes: Sizes; end: Date; seed: number }

/** The counts at `scale` (1 = FULL), never below a handful. */
export function sizesAt(scale: number): Sizes {
  return {
    stores: Math.max(3, Math.round(FULL.stores * scale)),
    goods: Math.max(30, Math.round(FULL.goods * scale)),
    shoppers: Math.max(60, Math.round(FULL.shoppers * scale)),
    orders: Math.max(200, Math.round(FULL.orders * scale)),
  }
}


/** 'YYYY-MM-DD HH:MM:SS.mmm' (UTC, as the pools store dates), quoted. */
const at = (ms: number) => `'${new Date(ms).toISOString().slice(0, 23).replace('T', ' ')}'`
const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
/** The site's wall clock (Asia/Shanghai, the seed's zone: no daylight saving) as the business numbers stamp it. */
const stamp = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 19).replace(/\D/g, '')
const money = (cents: number) => fromCents(cents)

/** Rows of one table gathered into multi-row INSERTs. */
class Sink {
  parts: string[] = []
  bytes = 0
  rows = 0
  constructor(
    readonly table: string,
    readonly columns: string,
  ) {}
  add(values: string) {
    this.parts.push(`(${values})`)
    this.bytes += values.length + 3
    this.rows++
  }
  take(): string | null {
    if (!this.parts.length) return null
    const sql = `INSERT INTO ${this.table} (${this.columns}) VALUES ${this.parts.join(',')}`
    this.parts = []
    this.bytes = 0
    return sql
  }
}

/**
 * The sinks in foreign-key order: a flush sends parents first, each lane's statements in order on its own connection,
 * so children find their parents. The ledger has no foreign keys: it goes on a second lane, so the server inserts on
 * two threads while this process builds the next rows.
 */
class Writer {
  sinks = new Map<string, Sink & { lane: number }>()
  private inFlight: Promise<unknown>[][]
  constructor(private conns: mysql.Connection[]) {
    this.inFlight = conns.map(() => [])
  }
  table(name: string, columns: string, lane = 0) {
    const sink = Object.assign(new Sink(name, columns), { lane })
    this.sinks.set(name, sink)
    return sink
  }
  get bytes() {
    let n = 0
    for (const s of this.sinks.values()) n += s.bytes
    return n
  }
  /** Sends what is gathered once it is worth a round trip; generation goes on while the server inserts. */
  async maybeFlush(limit = 3_000_000) {
    if (this.bytes >= limit) await this.flush()
  }
  async flush() {
    for (const sink of this.sinks.values()) {
      // Statements stay well under max_allowed_packet (16 MB): the sinks are flushed at 3 MB together.
      const sql = sink.take()
      if (!sql) continue
      const sent = this.conns[sink.lane].query(sql)
      sent.catch(() => {})
      const queue = this.inFlight[sink.lane]
      queue.push(sent)
      while (queue.length > 12) await queue.shift()
    }
  }
  async drain() {
    await this.flush()
    for (const queue of this.inFlight) while (queue.length) await queue.shift()
  }
}

type IndexDef = { name: string; columns: string[] }

/**
 * Drops the plain (non-unique) secondary indexes of `tables` for a bulk load, keeping one index behind every foreign
 * key; answers what puts them back (ALTER TABLE ... ADD INDEX, one sorted build per table instead of a random B-tree
 * insert per row and index: with the server's small buffer pool the load is several times faster). Unique keys and
 * foreign keys stay on throughout, so every row is checked as it is inserted.
 */
async function deferIndexes(conn: mysql.Connection, tables: string[]): Promise<() => Promise<void>> {
  const [stats] = (await conn.query(
    `SELECT TABLE_NAME t, INDEX_NAME n, COLUMN_NAME c, SUB_PART len, COLLATION dir FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = DATABASE() AND NON_UNIQUE = 1 AND INDEX_TYPE = 'BTREE' AND TABLE_NAME IN (?) ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [tables],
  )) as unknown as [{ t: string; n: string; c: string; len: number | null; dir: string | null }[]]
  const [fks] = (await conn.query(
    `SELECT TABLE_NAME t, COLUMN_NAME c FROM information_schema.KEY_COLUMN_USAGE
      WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL AND ORDINAL_POSITION = 1 AND TABLE_NAME IN (?)`,
    [tables],
  )) as unknown as [{ t: string; c: string }[]]
  const dropped = new Map<string, IndexDef[]>()
  for (const table of tables) {
    const defs = new Map<string, IndexDef>()
    for (const r of stats.filter((x) => x.t === table)) {
      const col = `\`${r.c}\`${r.len ? `(${r.len})` : ''}${r.dir === 'D' ? ' DESC' : ''}`
      const def = defs.get(r.n) ?? { name: r.n, columns: [] }
      defs.set(r.n, def)
      def.columns.push(col)
    }
    const kept = new Set<string>()
    for (const fk of fks.filter((x) => x.t === table)) {
      // A unique key or an index already kept may serve the foreign key; else keep the first index leading with it.
      const lead = [...defs.values()].find((d) => d.columns[0] === `\`${fk.c}\``)
      if (lead) kept.add(lead.name)
    }
    const drop = [...defs.values()].filter((d) => !kept.has(d.name))
    if (!drop.length) continue
    await conn.query(`ALTER TABLE \`${table}\` ${drop.map((d) => `DROP INDEX \`${d.name}\``).join(', ')}`)
    dropped.set(table, drop)
  }
  return async () => {
    for (const [table, defs] of dropped)
      await conn.query(`ALTER TABLE \`${table}\` ${defs.map((d) => `ADD INDEX \`${d.name}\` (${d.columns.join(', ')})`).join(', ')}`)
  }
}

/** A min-heap of timed events; ties keep their scheduling order, so the run is deterministic. */
class Events {
  private heap: { t: number; seq: number; run: () => void }[] = []
  private seq = 0
  get size() {
    return this.heap.length
  }
  push(t: number, run: () => void) {
    const h = this.heap
    h.push({ t, seq: this.seq++, run })
    let i = h.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      if (this.less(h[p], h[i])) break
      ;[h[p], h[i]] = [h[i], h[p]]
      i = p
    }
  }
  private less(a: { t: number; seq: number }, b: { t: number; seq: number }) {
    return a.t < b.t || (a.t === b.t && a.seq < b.seq)
  }
  /** Runs every event due at or before `t`, in time order (an event may schedule more). */
  runUntil(t: number) {
    const h = this.heap
    while (h.length && h[0].t <= t) {
      const top = h[0]
      const last = h.pop()!
      if (h.length) {
        h[0] = last
        let i = 0
        for (;;) {
          const l = 2 * i + 1
          const r = l + 1
          let m = i
          if (l < h.length && this.less(h[l], h[m])) m = l
          if (r < h.length && this.less(h[r], h[m])) m = r
          if (m === i) break
          ;[h[m], h[i]] = [h[i], h[m]]
          i = m
        }
      }
      top.run()
    }
  }
}

type Goods = { id: number; store: number; name: string; price: number; skus: { id: number; name: string; price: number }[]; dist: number; lev1: string; lev2: string }
type Line = {
  id: number; goods: Goods; skuId: number; skuName: string; price: number; num: number; total: number; discount: number
  dist1: number; dist2: number; lev1: string; lev2: string; refundedNum?: number; refundedMoney?: number
}

/**
 * Fills the migrated, seeded (demo: false) database at `databaseUrl` with a shop of `scale` × FULL. The database
 * should hold no shop rows of its own (the ids continue after what is there).
 */
export async function fillShop(databaseUrl: string, scale = 1, onProgress: Progress = () => {}, opts: FillOptions = {}): Promise<FillReport> {
  const started = performance.now()
  const seed = opts.seed ?? 20261129
  const rnd = seededRandom(seed)
  const int = (n: number) => Math.floor(rnd() * n)
  const chance = (p: number) => rnd() < p
  const sizes = { ...sizesAt(scale), ...opts.sizes }
  const END = Math.floor((opts.end ?? new Date()).getTime() / MINUTE) * MINUTE
  const START = END - 730 * DAY

  const conn = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z' })
  const ledgerConn = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z' })
  const w = new Writer([conn, ledgerConn])
  try {
    const maxId = async (table: string) => Number(((await conn.query(`SELECT COALESCE(MAX(id), 0) m FROM ${table}`)) as any)[0][0].m)
    const [classRows] = (await conn.query('SELECT c.id, c.name FROM goods_classes c WHERE NOT EXISTS (SELECT 1 FROM goods_classes k WHERE k.pid = c.id) ORDER BY c.id')) as any
    const leaves = classRows as { id: number; name: string }[]
    if (!leaves.length) throw new Error('fillShop: seed the database first (goods_classes)')
    const [brandRows] = (await conn.query('SELECT id, name FROM goods_brands ORDER BY id')) as any
    const brands = brandRows as { id: number; name: string }[]
    const next: Record<string, number> = {}
    for (const t of ['users', 'stores', 'goods', 'goods_skus', 'addresses', 'orders', 'order_goods', 'order_pays', 'order_pay_orders', 'money_logs', 'refunds', 'refund_goods',
      'order_comments', 'order_settlements', 'order_integrals', 'coupons', 'coupon_logs', 'seckills', 'seckill_orders', 'collectives', 'collective_logs', 'collective_members',
      'distributions', 'distribution_logs', 'cashes', 'user_checks', 'freights'])
      next[t] = (await maxId(t)) + 1
    const id = (t: string) => next[t]++

    // Sinks, parents first.
    const S = {
      users: w.table('users', 'id,username,password,nickname,sex,inviter_id,status,created_at,updated_at'),
      user_checks: w.table('user_checks', 'id,user_id,name,card_no,bank_no,bank_name,created_at,updated_at'),
      stores: w.table('stores', 'id,user_id,store_name,store_description,store_mobile,area_info,store_address,store_status,store_verify,created_at,updated_at'),
      goods: w.table('goods', 'id,brand_id,class_id,store_id,goods_name,goods_no,goods_price,goods_market_price,goods_stock,goods_status,goods_verify,freight_id,search_text,created_at,updated_at'),
      goods_skus: w.table('goods_skus', 'id,goods_id,spec_id,sku_name,goods_price,goods_market_price,goods_stock,created_at,updated_at'),
      distributions: w.table('distributions', 'id,store_id,goods_id,lev_1,lev_2,lev_3,created_at,updated_at'),
      coupons: w.table('coupons', 'id,store_id,name,money,use_money,stock,limit_num,valid_days,start_time,end_time,created_at,updated_at'),
      seckills: w.table('seckills', 'id,store_id,goods_id,sku_id,price,stock,sold,limit_num,start_time,end_time,returned,returned_num,created_at,updated_at'),
      collectives: w.table('collectives', 'id,store_id,goods_id,discount,need,expire_minutes,created_at,updated_at'),
      addresses: w.table('addresses', 'id,user_id,receive_name,receive_tel,area_info,address,is_default,default_key,created_at,updated_at'),
      coupon_logs: w.table('coupon_logs', 'id,name,coupon_id,user_id,store_id,order_id,money,use_money,status,start_time,end_time,created_at,updated_at'),
      collective_logs: w.table('collective_logs', 'id,collective_id,user_id,store_id,goods_id,discount,need,join_num,paid_num,status,expire_at,created_at,updated_at'),
      order_pays: w.table('order_pays', 'id,belong_id,name,pay_no,trade_no,payment_name,device,is_recharge,total,balance,pay_status,pay_time,created_at,updated_at'),
      orders: w.table('orders', 'id,user_id,store_id,coupon_id,collective_id,order_no,order_name,total_price,order_price,order_balance,freight_money,coupon_money,seckill_money,' +
        'collective_money,order_status,refund_status,is_settlement,settlement_rate,delivery_no,delivery_code,receive_name,receive_tel,receive_area,receive_address,payment_name,' +
        'pay_time,delivery_time,receipt_time,comment_time,cancel_time,pay_deadline,order_pay_id,open_refunds,refund_money,settle_after,created_at,updated_at'),
      order_goods: w.table('order_goods', 'id,order_id,sku_id,goods_id,user_id,store_id,goods_name,sku_name,buy_num,total_price,goods_price,discount_money,refunded_num,refunded_money,' +
        'dist_user_1,dist_user_2,dist_lev_1,dist_lev_2,created_at,updated_at'),
      order_pay_orders: w.table('order_pay_orders', 'id,order_pay_id,order_id,created_at,updated_at'),
      seckill_orders: w.table('seckill_orders', 'id,seckill_id,user_id,order_id,buy_num,status,created_at,updated_at'),
      collective_members: w.table('collective_members', 'id,collective_log_id,user_id,order_id,live_user,status,created_at,updated_at'),
      refunds: w.table('refunds', 'id,refund_no,user_id,store_id,order_id,refund_type,refund_verify,refund_step,refund_money,refund_remark,refuse_remark,agree_deadline,' +
        'refunded_at,pay_refund_no,stock_returned,created_at,updated_at'),
      refund_goods: w.table('refund_goods', 'id,refund_id,order_id,order_goods_id,num,money,open_line,created_at,updated_at'),
      order_comments: w.table('order_comments', 'id,user_id,order_id,order_goods_id,goods_id,store_id,score,agree,service,speed,content,created_at,updated_at'),
      order_integrals: w.table('order_integrals', 'id,order_id,user_id,points,base,created_at,updated_at'),
      order_settlements: w.table('order_settlements', 'id,order_id,user_id,store_id,settlement_no,total_price,refund_money,settlement_price,commission_money,distribution_money,created_at,updated_at'),
      distribution_logs: w.table('distribution_logs', 'id,name,user_id,store_id,order_id,distribution_id,order_goods_id,money,lev,commission,level,status,created_at,updated_at'),
      cashes: w.table('cashes', 'id,user_id,store_id,money,commission,cash_status,name,card_no,bank_name,created_at,updated_at'),
      money_logs: w.table('money_logs', 'id,user_id,name,ename,money,after_money,is_type,is_belong,info,source_type,source_id,idem_key,created_at,updated_at', 1),
    }
    const total = sizes.orders
    const restoreIndexes = (opts.deferIndexes ?? sizes.orders >= 100_000) ? await deferIndexes(conn, [...w.sinks.keys()].filter((t) => t !== 'goods')) : null
    // One password for every account (Bench@123456): hashing 200,000 would take minutes.
    const PASSWORD = await hashPassword('Bench@123456')
    let phase = 'accounts'
    const progress = (done: number) => onProgress(done, total, phase)

    // ── Accounts: store owners, then shoppers registered over the 90 days before the window and the window itself ──
    const firstUser = next.users
    const owners: number[] = []
    for (let s = 0; s < sizes.stores; s++) {
      const uid = id('users')
      owners.push(uid)
      const t = START - 120 * DAY + s * HOUR
      S.users.add(`${uid},'bd_owner${uid}',${q(PASSWORD)},'店主${s + 1}',1,0,1,${at(t)},${at(t)}`)
    }
    const shopperBase = next.users
    const regFrom = START - 90 * DAY
    const regSpan = END - DAY - regFrom
    const registeredAt = (i: number) => regFrom + Math.floor((regSpan * i) / sizes.shoppers)
    /** How many shoppers have registered by `t`. */
    const registeredBy = (t: number) => Math.max(1, Math.min(sizes.shoppers, Math.floor(((t - regFrom) * sizes.shoppers) / regSpan)))
    const inviter = new Int32Array(sizes.shoppers)
    for (let i = 0; i < sizes.shoppers; i++) {
      const uid = id('users')
      // A tenth were invited by someone registered before them (a referral chain for the commissions).
      const inv = i > 10 && chance(0.1) ? shopperBase + int(i) : 0
      inviter[i] = inv
      const t = registeredAt(i)
      S.users.add(`${uid},'bd_user${uid}',${q(PASSWORD)},'买家${i + 1}',${1 + int(2)},${inv},1,${at(t)},${at(t)}`)
      S.addresses.add(`${id('addresses')},${uid},'买家${i + 1}','138${String(i).padStart(8, '0')}','北京市 北京市 朝阳区','建国路 ${1 + int(300)} 号',1,${uid},${at(t)},${at(t)}`)
      if (S.users.bytes > 2_000_000) await w.flush()
    }
    const userIndex = (uid: number) => uid - shopperBase

    // ── Stores and their goods ──
    const stores: { id: number; rate: string; goods: Goods[]; coupons: { id: number; money: number; use: number; name: string }[] }[] = []
    const RATES = ['0.00', '2.00', '3.00', '5.50', '8.00', '12.25']
    for (let s = 0; s < sizes.stores; s++) {
      const sid = id('stores')
      const t = START - 110 * DAY + s * HOUR
      S.stores.add(`${sid},${owners[s]},'大店铺 ${s + 1}','第 ${s + 1} 家店','139${String(s).padStart(8, '0')}','上海市 上海市 浦东新区','世纪大道 ${s + 1} 号',1,4,${at(t)},${at(t)}`)
      stores.push({ id: sid, rate: RATES[s % RATES.length], goods: [], coupons: [] })
    }
    // Goods per store are skewed: a few big stores, many small ones (every store has some).
    const allGoods: Goods[] = []
    for (let g = 0; g < sizes.goods; g++) {
      const store = g < sizes.stores ? stores[g] : stores[Math.floor(sizes.stores * rnd() ** 1.6)]
      const gid = id('goods')
      const leaf = leaves[int(leaves.length)]
      const brand = brands.length && chance(0.6) ? brands[int(brands.length)] : null
      const name = `${brand ? brand.name + ' ' : ''}${leaf.name} ${g + 1} 号`
      const price = 100 + int(50_000)
      const t = START - 100 * DAY + int(100 * DAY)
      S.goods.add(`${gid},${brand?.id ?? 0},${leaf.id},${store.id},${q(name)},'BD${gid}',${money(price)},${money(Math.round(price * 1.3))},${1000 + int(9000)},` +
        `${chance(0.95) ? 1 : 0},${chance(0.97) ? 1 : 2},-1,${q(searchText(name))},${at(t)},${at(t)}`)
      const goods: Goods = { id: gid, store: store.id, name, price, skus: [], dist: 0, lev1: '0.00', lev2: '0.00' }
      if (chance(0.2))
        for (const spec of ['红', '蓝', '黑']) {
          const skuId = id('goods_skus')
          const skuPrice = price + int(2000)
          goods.skus.push({ id: skuId, name: spec, price: skuPrice })
          S.goods_skus.add(`${skuId},${gid},'',${q(spec)},${money(skuPrice)},${money(Math.round(skuPrice * 1.3))},${100 + int(900)},${at(t)},${at(t)}`)
        }
      if (chance(0.06)) {
        goods.dist = id('distributions')
        goods.lev1 = ['5.00', '8.00', '10.00'][int(3)]
        goods.lev2 = ['0.00', '2.00', '3.50'][int(3)]
        S.distributions.add(`${goods.dist},${store.id},${gid},${goods.lev1},${goods.lev2},'0.00',${at(t)},${at(t)}`)
      }
      store.goods.push(goods)
      allGoods.push(goods)
      if (w.bytes > 2_000_000) await w.flush()
    }
    for (const store of stores)
      for (let c = 0; c < 3; c++) {
        const cid = id('coupons')
        const m = [500, 1000, 2000][c]
        const coupon = { id: cid, money: m, use: m * 5, name: `满 ${m / 20} 减 ${m / 100}` }
        store.coupons.push(coupon)
        S.coupons.add(`${cid},${store.id},${q(coupon.name)},${money(m)},${money(m * 5)},${100_000},0,0,${at(START - 10 * DAY)},${at(END + 365 * DAY)},${at(START - 10 * DAY)},${at(START - 10 * DAY)}`)
      }
    await w.flush()

    // ── The ledger: running balances, one row per posting ──
    const balance = {
      user: { money: new Float64Array(sizes.shoppers + sizes.stores + 1), frozen: new Float64Array(sizes.shoppers + sizes.stores + 1), points: new Float64Array(sizes.shoppers + sizes.stores + 1) },
      store: { money: new Float64Array(sizes.stores + 1), frozen: new Float64Array(sizes.stores + 1), points: new Float64Array(0) },
    }
    const slot = (kind: 'user' | 'store', ownerId: number) => (kind === 'user' ? ownerId - firstUser : ownerId - stores[0].id)
    const reasonName = new Map<string, string>()
    const post = (t: number, kind: 'user' | 'store', ownerId: number, account: LedgerAccount, amount: number, reason: LedgerReason,
      source: LedgerSource, sourceId: number, idemKey: string, info = '') => {
      const i = slot(kind, ownerId)
      const after = balance[kind][account][i] + amount
      if (after < 0) throw new Error(`fillShop: ${kind} ${ownerId} ${account} would go below 0 (${idemKey})`)
      balance[kind][account][i] = after
      let name = reasonName.get(reason)
      if (!name) reasonName.set(reason, (name = translate('zh-cn', `ledger.${reason}` as MessageKey)))
      const shown = (n: number) => (account === 'points' ? String(n) : money(n))
      S.money_logs.add(`${id('money_logs')},${ownerId},'${name}','${reason}',${shown(amount)},${shown(after)},${LEDGER_ACCOUNT[account]},${LEDGER_OWNER[kind]},` +
        `${q(info)},'${source}',${sourceId},'${idemKey}',${at(t)},${at(t)}`)
    }
    const events = new Events()

    // Withdrawals: a shopper with a balance sometimes takes some out (real-name check first), paid two days later.
    const checked = new Set<number>()
    const withdraw = (t: number, kind: 'user' | 'store', ownerId: number) => {
      const have = balance[kind].money[slot(kind, ownerId)]
      if (have < 1000) return
      const amount = Math.max(100, Math.floor(have * (0.3 + 0.5 * rnd())))
      const cid = id('cashes')
      const paidAt = t + 2 * DAY
      const status = paidAt <= END ? (chance(0.9) ? 1 : 2) : 0
      if (kind === 'user' && !checked.has(ownerId)) {
        checked.add(ownerId)
        S.user_checks.add(`${id('user_checks')},${ownerId},'实名${ownerId}','11010119900101${String(ownerId % 10000).padStart(4, '0')}','6222${String(ownerId).padStart(12, '0')}','工商银行',${at(t)},${at(t)}`)
      }
      S.cashes.add(`${cid},${kind === 'user' ? ownerId : 'NULL'},${kind === 'store' ? ownerId : 'NULL'},${money(amount)},'0.00',${status},'收款人${ownerId}','6222${String(ownerId).padStart(12, '0')}','工商银行',${at(t)},${at(status ? paidAt : t)}`)
      const reason = kind === 'user' ? 'withdraw' : 'store_withdraw'
      post(t, kind, ownerId, 'money', -amount, reason, 'cash', cid, `cash:${cid}`)
      post(t, kind, ownerId, 'frozen', amount, reason, 'cash', cid, `cash:${cid}`)
      if (status === 1) events.push(paidAt, () => post(paidAt, kind, ownerId, 'frozen', -amount, 'withdraw_paid', 'cash', cid, `cash:${cid}:paid`))
      if (status === 2)
        events.push(paidAt, () => {
          post(paidAt, kind, ownerId, 'frozen', -amount, 'withdraw_refused', 'cash', cid, `cash:${cid}:refused`)
          post(paidAt, kind, ownerId, 'money', amount, 'withdraw_refused', 'cash', cid, `cash:${cid}:refused`)
        })
    }

    // Flash sales and group buys are made when first needed for a goods, and their counts written at the end.
    type Sale = { id: number; store: number; goods: number; price: number; start: number; end: number; sold: number }
    const seckillOf = new Map<number, Sale>()
    const seckillList: Sale[] = []
    const collectiveOf = new Map<number, { id: number; discount: string }>()

    // ── Orders, in the order they were created ──
    phase = 'orders'
    let settlementDay = -1
    let settlementNo = ''
    for (let n = 0; n < sizes.orders; n++) {
      // More orders lately: the density grows linearly over the two years.
      const created = START + Math.floor((END - START - 2 * MINUTE) * Math.sqrt((n + rnd()) / sizes.orders))
      events.runUntil(created)
      const registered = registeredBy(created)
      // A few shoppers buy a lot.
      const buyer = shopperBase + Math.floor(registered * rnd() ** 2)
      const store = stores[Math.floor(sizes.stores * rnd() ** 1.4)]
      const group = chance(0.015) && created < END - HOUR ? 2 : 1
      const kind = group === 2 ? 'group' : chance(0.02) ? 'seckill' : chance(0.06) ? 'coupon' : 'plain'
      const goodsOne = store.goods[int(store.goods.length)]
      let collective: { id: number; logId: number; discount: string } | null = null
      if (kind === 'group') {
        let c = collectiveOf.get(goodsOne.id)
        if (!c) {
          c = { id: id('collectives'), discount: ['10.00', '15.00', '20.00'][int(3)] }
          collectiveOf.set(goodsOne.id, c)
          S.collectives.add(`${c.id},${store.id},${goodsOne.id},${c.discount},2,1440,${at(created - DAY)},${at(created - DAY)}`)
        }
        const logId = id('collective_logs')
        S.collective_logs.add(`${logId},${c.id},${buyer},${store.id},${goodsOne.id},${c.discount},2,2,2,1,${at(created + 1440 * MINUTE)},${at(created)},${at(created + 10 * MINUTE)}`)
        collective = { id: c.id, logId, discount: c.discount }
      }
      for (let member = 0; member < group; member++) {
        const userId = member === 0 ? buyer : shopperBase + ((userIndex(buyer) + 1 + int(registered - 1)) % registered)
        const t0 = created + member * 5 * MINUTE
        const u = userIndex(userId)
        // Lines: one goods for the promotions, else 1–3 of the store's goods.
        const picks = kind === 'plain' ? 1 + (chance(0.35) ? 1 : 0) + (chance(0.15) ? 1 : 0) : 1
        const lines: Line[] = []
        for (let l = 0; l < picks; l++) {
          const goods = l === 0 ? goodsOne : store.goods[int(store.goods.length)]
          if (lines.some((x) => x.goods === goods)) continue
          const sku = goods.skus.length ? goods.skus[int(goods.skus.length)] : null
          const price = sku?.price ?? goods.price
          const num = kind === 'seckill' || kind === 'group' ? 1 : 1 + (chance(0.3) ? int(3) : 0)
          const inv1 = goods.dist ? inviter[u] : 0
          const inv2 = inv1 && goods.lev2 !== '0.00' ? inviter[userIndex(inv1)] : 0
          lines.push({
            id: id('order_goods'), goods, skuId: sku?.id ?? 0, skuName: sku?.name ?? '-', price, num, total: price * num, discount: 0,
            dist1: inv1, dist2: inv2, lev1: inv1 ? goods.lev1 : '0.00', lev2: inv2 ? goods.lev2 : '0.00',
          })
        }
        const orderPrice = lines.reduce((s, l) => s + l.total, 0)
        const freight = chance(0.3) ? 1000 : 0
        const orderId = id('orders')
        const orderNo = `${stamp(t0)}${String(orderId).padStart(12, '0')}`

        // Its life: cancelled unpaid, still unpaid, or paid and then on its way; every step only if it happened by END.
        const cancelled = kind !== 'group' && chance(0.06)
        const payAt = t0 + MINUTE + int(20 * MINUTE)
        const paid = !cancelled && payAt <= END
        const deliverAt = payAt + 6 * HOUR + int(3 * DAY)
        const receiveAt = deliverAt + 2 * DAY + int(6 * DAY)
        const commentAt = receiveAt + HOUR + int(5 * DAY)
        const settleAfter = receiveAt + AFTER_SALE_DAYS * DAY
        const delivered = paid && deliverAt <= END
        const received = delivered && receiveAt <= END
        const commented = received && commentAt <= END && chance(0.4)
        const settled = received && settleAfter <= END

        // Promotions (only on orders that were paid: their undoing on a cancel is not modelled).
        let couponMoney = 0
        let seckillMoney = 0
        let collectiveMoney = 0
        let couponLog = 0
        if (paid && kind === 'coupon') {
          const coupon = store.coupons.find((c) => orderPrice >= c.use)
          if (coupon) {
            couponMoney = coupon.money
            couponLog = id('coupon_logs')
            S.coupon_logs.add(`${couponLog},${q(coupon.name)},${coupon.id},${userId},${store.id},${orderId},${money(coupon.money)},${money(coupon.use)},1,${at(t0 - DAY)},${at(END + 365 * DAY)},${at(t0 - DAY)},${at(t0)}`)
          }
        }
        if (paid && kind === 'seckill' && !goodsOne.skus.length) {
          let sale = seckillOf.get(goodsOne.id)
          if (!sale || sale.end < t0) {
            sale = { id: id('seckills'), store: store.id, goods: goodsOne.id, price: Math.max(1, Math.round(goodsOne.price * 0.7)), start: t0 - HOUR, end: t0 + 2 * DAY, sold: 0 }
            seckillOf.set(goodsOne.id, sale)
            seckillList.push(sale)
          }
          sale.sold += lines[0].num
          seckillMoney = (lines[0].price - sale.price) * lines[0].num
          S.seckill_orders.add(`${id('seckill_orders')},${sale.id},${userId},${orderId},${lines[0].num},1,${at(t0)},${at(t0)}`)
        }
        if (collective) collectiveMoney = percentOf(lines[0].total, collective.discount)
        // Coupons received and not (yet) used.
        if (chance(0.02)) {
          const coupon = store.coupons[int(store.coupons.length)]
          S.coupon_logs.add(`${id('coupon_logs')},${q(coupon.name)},${coupon.id},${userId},${store.id},0,${money(coupon.money)},${money(coupon.use)},0,${at(t0)},${at(END + 365 * DAY)},${at(t0)},${at(t0)}`)
        }
        // The discounts shared over the lines in proportion, the remainder on the last (promotions' allocation rule).
        const discounts = couponMoney + seckillMoney + collectiveMoney
        let left = discounts
        lines.forEach((l, i) => {
          l.discount = i === lines.length - 1 ? left : Math.floor((discounts * l.total) / orderPrice)
          left -= l.discount
        })
        const totalPrice = orderPrice + freight - discounts

        // Payment: by balance (recharged first when short) or through a gateway.
        const method = paid ? (chance(0.4) ? 'balance' : chance(0.6) ? 'wechat' : 'alipay') : ''
        let payId = 0
        if (paid) {
          payId = id('order_pays')
          const payNo = `P${stamp(payAt)}${String(payId).padStart(12, '0')}`
          const byBalance = method === 'balance'
          S.order_pays.add(`${payId},${userId},${q(lines[0].goods.name)},'${payNo}',${byBalance ? 'NULL' : `'T${payId}'`},'${method}','${byBalance ? '' : 'web'}',0,${money(totalPrice)},` +
            `${byBalance ? money(totalPrice) : '0.00'},1,${at(payAt)},${at(payAt - MINUTE)},${at(payAt)}`)
          S.order_pay_orders.add(`${id('order_pay_orders')},${payId},${orderId},${at(payAt)},${at(payAt)}`)
          if (byBalance && totalPrice > 0) {
            const capturedPay = payId
            events.push(payAt, () => {
              const have = balance.user.money[slot('user', userId)]
              if (have < totalPrice) {
                const top = Math.ceil((totalPrice - have) / 10000) * 10000 + 10000 * int(5)
                const rid = id('order_pays')
                const rno = `P${stamp(payAt - 2 * MINUTE)}${String(rid).padStart(12, '0')}`
                S.order_pays.add(`${rid},${userId},'余额充值','${rno}','T${rid}','wechat','web',1,${money(top)},'0.00',1,${at(payAt - MINUTE)},${at(payAt - 2 * MINUTE)},${at(payAt - MINUTE)}`)
                post(payAt - MINUTE, 'user', userId, 'money', top, 'recharge', 'order_pay', rid, `recharge:${rid}`, rno)
              }
              post(payAt, 'user', userId, 'money', -totalPrice, 'order_pay', 'order_pay', capturedPay, `order_pay:${capturedPay}:pay`, payNo)
            })
          }
        }

        // An after-sales request on one paid order in 25: money back for part of the goods, before receipt.
        let refundMoney = 0
        let openRefunds = 0
        let refundStatus = 0
        const refundable = lines.length > 1 || lines[0].num > 1
        if (paid && refundable && chance(0.04)) {
          const openAt = payAt + HOUR + int(Math.max(HOUR, (received ? receiveAt : END) - payAt - 2 * HOUR))
          if (openAt < END && (!received || openAt < receiveAt)) {
            const line = lines.length > 1 ? lines[0] : lines[0]
            const num = lines.length > 1 ? line.num : 1
            const share = line.total - line.discount
            const amount = Math.floor((share * num) / line.num)
            // Decided before receipt; still open at END only on an order not received yet.
            const closeAt = Math.min(openAt + HOUR + int(DAY), received ? receiveAt - MINUTE : Infinity)
            const done = closeAt <= END
            const refused = done && chance(0.15)
            const rid = id('refunds')
            const refundNo = `R${stamp(openAt)}${String(rid).padStart(12, '0')}`
            const byBalance = method === 'balance'
            const shippedBefore = delivered && deliverAt <= (done ? closeAt : END)
            if (!done) {
              openRefunds = 1
              refundStatus = 0
            } else refundStatus = 2
            S.refunds.add(`${rid},'${refundNo}',${userId},${store.id},${orderId},0,${done ? (refused ? 4 : 1) : 0},${done && !refused ? 3 : 0},${money(amount)},'不想要了',` +
              `${refused ? "'已发货，不同意'" : 'NULL'},${at(openAt + 48 * HOUR)},${done && !refused ? at(closeAt) : 'NULL'},${done && !refused && !byBalance ? `'GW${rid}'` : 'NULL'},` +
              `${done && !refused && !shippedBefore ? 1 : 0},${at(openAt)},${at(done ? closeAt : openAt)}`)
            S.refund_goods.add(`${id('refund_goods')},${rid},${orderId},${line.id},${num},${money(amount)},${done ? 'NULL' : line.id},${at(openAt)},${at(done ? closeAt : openAt)}`)
            if (done && !refused) {
              refundMoney = amount
              line.refundedNum = num
              line.refundedMoney = amount
              if (byBalance && amount > 0) events.push(closeAt, () => post(closeAt, 'user', userId, 'money', amount, 'refund', 'refund', rid, `refund:${rid}`, refundNo))
              if (chance(0.3)) events.push(closeAt + DAY, () => withdraw(closeAt + DAY, 'user', userId))
            }
          }
        }

        // Points on receipt, for what was paid and not refunded.
        if (received) {
          const base = Math.max(0, totalPrice - refundMoney)
          const points = orderPoints(base, PER_YUAN)
          S.order_integrals.add(`${id('order_integrals')},${orderId},${userId},${points},${money(base)},${at(receiveAt)},${at(receiveAt)}`)
          if (points > 0) events.push(receiveAt, () => post(receiveAt, 'user', userId, 'points', points, 'order_points', 'order', orderId, `order_points:${orderId}`, orderNo))
        }

        // Settlement at the end of the after-sale window: the store is credited, less commission and referrals.
        if (settled) {
          const t = settleAfter + int(10 * MINUTE)
          const rate = store.rate
          events.push(t, () => {
            const day = Math.floor(t / DAY)
            if (day !== settlementDay) {
              settlementDay = day
              settlementNo = `S${stamp(day * DAY)}${String(day).padStart(12, '0')}`
            }
            const m = settlementAmounts({ total_price: money(totalPrice), refund_money: money(refundMoney), settlement_rate: rate })
            const sid = id('order_settlements')
            let budget = m.settlement
            let referrals = 0
            for (const l of lines)
              for (const [level, uid, lev] of [[1, l.dist1, l.lev1], [2, l.dist2, l.lev2]] as const) {
                if (!uid || lev === '0.00') continue
                const { base, commission: full } = referralCommission({ total_price: money(l.total), discount_money: money(l.discount), refunded_money: money(l.refundedMoney ?? 0) }, lev)
                const commission = Math.min(full, budget)
                budget -= commission
                const logId = id('distribution_logs')
                S.distribution_logs.add(`${logId},'${level === 1 ? '一级分销' : '二级分销'}',${uid},${store.id},${orderId},0,${l.id},${money(base)},${lev},${money(commission)},${level},${commission > 0 ? 1 : 2},${at(t)},${at(t)}`)
                if (commission > 0) {
                  referrals += commission
                  post(t, 'user', uid, 'money', commission, 'distribution', 'distribution', logId, `distribution:${l.id}:${level}`, orderNo)
                }
              }
            S.order_settlements.add(`${sid},${orderId},${userId},${store.id},'${settlementNo}',${money(m.total)},${money(m.refunded)},${money(m.settlement - referrals)},${money(m.commission)},${money(referrals)},${at(t)},${at(t)}`)
            if (m.amount > 0) post(t, 'store', store.id, 'money', m.amount, 'settlement', 'settlement', sid, `settlement:${orderId}`, orderNo)
            if (m.commission > 0) post(t, 'store', store.id, 'money', -m.commission, 'commission', 'settlement', sid, `settlement:${orderId}:commission`, orderNo)
            if (referrals > 0) post(t, 'store', store.id, 'money', -referrals, 'distribution', 'settlement', sid, `settlement:${orderId}:distribution`, orderNo)
            // Stores take money out now and then.
            if (chance(0.004)) events.push(t + HOUR, () => withdraw(t + HOUR, 'store', store.id))
          })
        }

        const status = cancelled ? (t0 + PAY_MINUTES * MINUTE <= END ? 0 : 1) : !paid ? 1 : commented ? 6 : received ? 4 : delivered ? 3 : 2
        const cancelAt = status === 0 ? t0 + PAY_MINUTES * MINUTE : 0
        const updated = Math.max(t0, ...[status === 0 ? cancelAt : 0, paid ? payAt : 0, delivered ? deliverAt : 0, received ? receiveAt : 0, commented ? commentAt : 0, settled ? settleAfter : 0].filter((x) => x <= END))
        S.orders.add(`${orderId},${userId},${store.id},${couponLog},${collective?.logId ?? 0},'${orderNo}',${q(lines[0].goods.name)},${money(totalPrice)},${money(orderPrice)},` +
          `${method === 'balance' ? money(totalPrice) : '0.00'},${money(freight)},${money(couponMoney)},${money(seckillMoney)},${money(collectiveMoney)},${status},${refundStatus},${settled ? 1 : 0},` +
          `${store.rate},${delivered ? `'SF${orderId}'` : "''"},${delivered ? "'SF'" : "''"},'买家${u + 1}','138${String(u).padStart(8, '0')}','北京市 北京市 朝阳区','建国路 1 号',` +
          `'${method}',${paid ? at(payAt) : 'NULL'},${delivered ? at(deliverAt) : 'NULL'},${received ? at(receiveAt) : 'NULL'},${commented ? at(commentAt) : 'NULL'},` +
          `${status === 0 ? at(cancelAt) : 'NULL'},${at(t0 + PAY_MINUTES * MINUTE)},${paid ? payId : 'NULL'},${openRefunds},${money(refundMoney)},${received ? at(settleAfter) : 'NULL'},${at(t0)},${at(updated)}`)
        for (const l of lines) {
          S.order_goods.add(`${l.id},${orderId},${l.skuId},${l.goods.id},${userId},${store.id},${q(l.goods.name)},${q(l.skuName)},${l.num},${money(l.total)},${money(l.price)},` +
            `${money(l.discount)},${l.refundedNum ?? 0},${money(l.refundedMoney ?? 0)},${l.dist1},${l.dist2},${l.lev1},${l.lev2},${at(t0)},${at(t0)}`)
          if (commented)
            S.order_comments.add(`${id('order_comments')},${userId},${orderId},${l.id},${l.goods.id},${store.id},${4 + int(2)},5,${4 + int(2)},5,'${['很好', '不错，物流很快', '质量可以', '还会再买'][int(4)]}',${at(commentAt)},${at(commentAt)}`)
        }
        if (collective) S.collective_members.add(`${id('collective_members')},${collective.logId},${userId},${orderId},${userId},1,${at(t0)},${at(payAt)}`)
      }
      if (n % 2000 === 0) {
        progress(n)
        await w.maybeFlush()
      }
    }
    phase = 'ledger'
    events.runUntil(END)
    for (const s of seckillList)
      S.seckills.add(`${s.id},${s.store},${s.goods},0,${money(s.price)},${s.end <= END ? 0 : 100},${s.sold},0,${at(s.start)},${at(s.end)},${s.end <= END ? 1 : 0},${s.end <= END ? 100 : 0},${at(s.start)},${at(Math.min(s.end, END))}`)
    await w.drain()
    progress(total)
    if (restoreIndexes) {
      phase = 'indexes'
      progress(total)
      await restoreIndexes()
    }

    // ── Balances from the running totals; counters from the rows ──
    phase = 'balances'
    const chunks: string[] = []
    for (let i = 0; i < sizes.shoppers + sizes.stores; i++) {
      const m = balance.user.money[i]
      const f = balance.user.frozen[i]
      const p = balance.user.points[i]
      if (m || f || p) chunks.push(`(${firstUser + i},${money(m)},${money(f)},${p})`)
    }
    await conn.query('CREATE TEMPORARY TABLE bench_balances (id INT PRIMARY KEY, money DECIMAL(12,2), frozen DECIMAL(12,2), points INT)')
    for (let i = 0; i < chunks.length; i += 20_000) await conn.query(`INSERT INTO bench_balances VALUES ${chunks.slice(i, i + 20_000).join(',')}`)
    await conn.query('UPDATE users u JOIN bench_balances b ON b.id = u.id SET u.money = b.money, u.frozen_money = b.frozen, u.integral = b.points')
    for (const s of stores) {
      const i = slot('store', s.id)
      await conn.query('UPDATE stores SET store_money = ?, store_frozen_money = ? WHERE id = ?', [money(balance.store.money[i]), money(balance.store.frozen[i]), s.id])
    }
    await conn.query(`INSERT INTO coupon_receivers (coupon_id, user_id, received, created_at, updated_at)
      SELECT coupon_id, user_id, COUNT(*), MIN(created_at), MAX(created_at) FROM coupon_logs GROUP BY coupon_id, user_id`)
    await conn.query(`INSERT INTO seckill_buyers (seckill_id, user_id, bought, created_at, updated_at)
      SELECT seckill_id, user_id, SUM(buy_num), MIN(created_at), MAX(created_at) FROM seckill_orders GROUP BY seckill_id, user_id`)
    await conn.query(`UPDATE goods g JOIN (SELECT goods_id, SUM(buy_num) n FROM order_goods l JOIN orders o ON o.id = l.order_id
      WHERE o.order_status >= 2 GROUP BY goods_id) s ON s.goods_id = g.id SET g.goods_sale = s.n`)
    phase = 'analyze'
    const tables = [...w.sinks.keys(), 'coupon_receivers', 'seckill_buyers']
    await conn.query(`ANALYZE TABLE ${tables.join(', ')}`)
    const rows: Record<string, number> = {}
    for (const [name, sink] of w.sinks) rows[name] = sink.rows
    const totalRows = Object.values(rows).reduce((a, b) => a + b, 0)
    return { rows, totalRows, ms: Math.round(performance.now() - started), sizes, end: new Date(END), seed }
  } finally {
    await Promise.all([conn.end(), ledgerConn.end()])
  }
}

/** The money rules the platform's tests check, over the whole database, in SQL: each answers the rows that break it. */
export const CHECKS: Record<string, string> = {
  'user balance = sum of its ledger rows': `SELECT u.id FROM users u LEFT JOIN (SELECT user_id, SUM(IF(is_type = 0, money, 0)) m, SUM(IF(is_type = 1, money, 0)) f,
    SUM(IF(is_type = 2, money, 0)) p FROM money_logs WHERE is_belong = 0 GROUP BY user_id) l ON l.user_id = u.id
    WHERE u.money <> COALESCE(l.m, 0) OR u.frozen_money <> COALESCE(l.f, 0) OR u.integral <> COALESCE(l.p, 0) LIMIT 5`,
  'store balance = sum of its ledger rows': `SELECT s.id FROM stores s LEFT JOIN (SELECT user_id, SUM(IF(is_type = 0, money, 0)) m, SUM(IF(is_type = 1, money, 0)) f
    FROM money_logs WHERE is_belong = 1 GROUP BY user_id) l ON l.user_id = s.id WHERE s.store_money <> COALESCE(l.m, 0) OR s.store_frozen_money <> COALESCE(l.f, 0) LIMIT 5`,
  "after_money is the running balance (the account's last row)": `SELECT l.id FROM money_logs l JOIN (SELECT user_id, is_belong, is_type, MAX(id) id FROM money_logs GROUP BY user_id, is_belong, is_type) x ON x.id = l.id
    LEFT JOIN users u ON l.is_belong = 0 AND u.id = l.user_id LEFT JOIN stores s ON l.is_belong = 1 AND s.id = l.user_id
    WHERE l.after_money <> CASE WHEN l.is_belong = 1 THEN IF(l.is_type = 0, s.store_money, s.store_frozen_money) ELSE CASE l.is_type WHEN 0 THEN u.money WHEN 1 THEN u.frozen_money ELSE u.integral END END LIMIT 5`,
  'order total = its lines less their discounts, plus freight': `SELECT o.id FROM orders o JOIN (SELECT order_id, SUM(total_price) t, SUM(discount_money) d FROM order_goods GROUP BY order_id) l ON l.order_id = o.id
    WHERE o.order_price <> l.t OR o.total_price <> l.t - l.d + o.freight_money OR l.d <> o.coupon_money + o.full_reduction_money + o.seckill_money + o.collective_money + o.platform_coupon_money LIMIT 5`,
  'no line refunded past what was paid for it': 'SELECT id FROM order_goods WHERE refunded_num > buy_num OR refunded_money > total_price - discount_money LIMIT 5',
  "an order's refund_money is its refunded requests'": `SELECT o.id FROM orders o LEFT JOIN (SELECT order_id, SUM(refund_money) m FROM refunds WHERE refunded_at IS NOT NULL GROUP BY order_id) r ON r.order_id = o.id
    WHERE o.refund_money <> COALESCE(r.m, 0) OR o.refund_money > o.total_price LIMIT 5`,
  'paid = refunded + settled + commission + referrals': `SELECT s.order_id FROM order_settlements s JOIN orders o ON o.id = s.order_id
    WHERE o.total_price <> s.refund_money + s.settlement_price + s.commission_money + s.distribution_money - s.platform_coupon_money OR s.refund_money <> o.refund_money
    OR s.distribution_money <> (SELECT COALESCE(SUM(commission), 0) FROM distribution_logs d WHERE d.order_id = s.order_id) LIMIT 5`,
  'a store holds its settlements less what it took out': `SELECT st.id FROM stores st
    LEFT JOIN (SELECT store_id, SUM(settlement_price) p FROM order_settlements GROUP BY store_id) s ON s.store_id = st.id
    LEFT JOIN (SELECT store_id, SUM(money + commission) c FROM cashes WHERE store_id IS NOT NULL AND cash_status = 1 GROUP BY store_id) c ON c.store_id = st.id
    WHERE st.store_money + st.store_frozen_money + COALESCE(c.c, 0) <> COALESCE(s.p, 0) LIMIT 5`,
  'statuses match their timestamps': `SELECT id FROM orders WHERE (order_status = 0) <> (cancel_time IS NOT NULL) OR (order_status >= 2) <> (pay_time IS NOT NULL)
    OR (order_status >= 3) <> (delivery_time IS NOT NULL) OR (order_status IN (4, 6)) <> (receipt_time IS NOT NULL) OR (order_status = 6) <> (comment_time IS NOT NULL)
    OR (is_settlement = 1 AND (settle_after IS NULL OR settle_after > NOW(3) OR open_refunds > 0)) OR (order_status >= 2 AND order_pay_id IS NULL)
    OR (order_status = 1 AND pay_deadline <= created_at) LIMIT 5`,
  'pending withdrawals are what is frozen': `SELECT u.id FROM users u LEFT JOIN (SELECT user_id, SUM(money + commission) p FROM cashes WHERE user_id IS NOT NULL AND cash_status = 0 GROUP BY user_id) c
    ON c.user_id = u.id WHERE u.frozen_money <> COALESCE(c.p, 0) LIMIT 5`,
  'ledger idempotency keys are unique per account': `SELECT user_id FROM money_logs GROUP BY user_id, is_belong, is_type, idem_key HAVING COUNT(*) > 1 LIMIT 5`,
}

/** Runs CHECKS; answers the names of the rules broken, with a few offending ids. */
export async function checkShop(databaseUrl: string): Promise<string[]> {
  const conn = await mysql.createConnection({ uri: databaseUrl, timezone: 'Z' })
  try {
    const broken: string[] = []
    for (const [name, sql] of Object.entries(CHECKS)) {
      const [rows] = (await conn.query(sql)) as unknown as [Record<string, unknown>[]]
      if (rows.length) broken.push(`${name}: ${rows.map((r) => Object.values(r)[0]).join(', ')}`)
    }
    return broken
  } finally {
    await conn.end()
  }
}

/** A progress bar on stderr: redrawn in place on a terminal, a line every tenth otherwise. */
export function progressBar(): Progress {
  const tty = process.stderr.isTTY
  const started = performance.now()
  let lastDraw = 0
  let lastTenth = -1
  return (done, total, phase) => {
    const now = performance.now()
    const share = total ? done / total : 1
    const tenth = Math.floor(share * 10)
    if (tty ? now - lastDraw < 200 && done < total : tenth === lastTenth) return
    lastDraw = now
    lastTenth = tenth
    const width = 30
    const bar = '#'.repeat(Math.round(share * width)).padEnd(width, '.')
    const rate = done / Math.max(0.001, (now - started) / 1000)
    const line = `[${bar}] ${(share * 100).toFixed(0).padStart(3)}% ${phase} ${done}/${total} orders, ${(rate / 1000).toFixed(1)}k orders/s, ${((now - started) / 1000).toFixed(0)} s`
    process.stderr.write(tty ? `\r${line}` : `${line}\n`)
  }
}

if (isMain(import.meta.url)) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
  const scale = Number(arg('scale') ?? 1)
  const seed = arg('seed') ? Number(arg('seed')) : undefined
  const end = arg('end') ? new Date(arg('end')!) : undefined
  const databaseUrl = process.env.BENCH_DATA_DATABASE_URL ?? DEFAULT_DATABASE_URL
  const { benchConfig } = await import('./lib.ts')
  const { buildApp } = await import('../packages/server/src/app.ts')
  const { seed: seedPlatform } = await import('../packages/server/src/seed/index.ts')
  const started = performance.now()
  // A fresh database (dropping is quicker than emptying 75 tables, and leaves nothing of an interrupted fill).
  const server = new URL(databaseUrl)
  const name = decodeURIComponent(server.pathname.slice(1))
  server.pathname = '/'
  const admin = await mysql.createConnection({ uri: server.toString() })
  await admin.query(`DROP DATABASE IF EXISTS \`${name.replace(/`/g, '``')}\``)
  await admin.end()
  await migrateDeploy(databaseUrl, path.join(ROOT, 'prisma/migrations'), () => {})
  const app = await buildApp({ ...benchConfig(), DATABASE_URL: databaseUrl, REDIS_PREFIX: 'qshop_bench_data' }, { logger: false })
  await app.ready()
  await seedPlatform(app, { demo: false, areas: false })
  await app.close()
  const report = await fillShop(databaseUrl, scale, progressBar(), { seed, end })
  process.stderr.write('\n')
  const broken = process.argv.includes('--no-check') ? [] : await checkShop(databaseUrl)
  const conn = await mysql.createConnection({ uri: databaseUrl })
  const [[size]] = (await conn.query('SELECT SUM(DATA_LENGTH) d, SUM(INDEX_LENGTH) i FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()')) as any
  await conn.end()
  const seconds = (performance.now() - started) / 1000
  for (const [table, n] of Object.entries(report.rows).sort((a, b) => b[1] - a[1])) if (n) console.log(`${table.padEnd(20)} ${n}`)
  console.log(`seed ${report.seed}, end ${report.end.toISOString()} (--seed= --end= reproduce it)`)
  console.log(`scale ${scale}: ${report.totalRows} rows in ${(report.ms / 1000).toFixed(1)} s (${Math.round(report.totalRows / (report.ms / 1000))} rows/s; ` +
    `${seconds.toFixed(1)} s with migrate and seed); data ${(Number(size.d) / 2 ** 20).toFixed(0)} MB + indexes ${(Number(size.i) / 2 ** 20).toFixed(0)} MB`)
  console.log(broken.length ? `BROKEN rules:\n${broken.join('\n')}` : `all ${Object.keys(CHECKS).length} money and status rules hold`)
  if (broken.length) process.exitCode = 1
}
