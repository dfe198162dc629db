// Catalog benchmark (`npx tsx bench/catalog.ts`): a bench catalog of 20,000 goods in 200 stores, then GET goods
// search and GET goods detail against their floor (the same queries through the bare driver, uncached) in the same run.
// Own database and Redis prefix, so it can run beside `pnpm bench`. BENCH_SEED_ONLY=1 seeds and stops (for EXPLAIN).
import type { FastifyInstance } from 'fastify'
import { isMain } from '../scripts/migrate.ts'
import { seed } from '../packages/server/src/seed/index.ts'
import { hashPassword } from '../packages/server/src/core/hash.ts'
import { searchText } from '../packages/server/src/modules/catalog/searchText.ts'
import { benchConfig, clearRedisPrefix, measure, report, startApp, truncateAll, type Measure } from './lib.ts'
import { startCatalogFloor } from './catalog-floor.ts'

export const STORES = 200
export const GOODS_PER_STORE = 100
const SKU_SHARE = 0.3
const HIDDEN_STORES = 10
const COMMENTS = 40

const BRAND_WORDS = ['QShop', '青禾', '远山', '拾光', '悦享', '木森', '云朵', '星辰', '北极', '南风']
const ADJECTIVES = ['纯棉', '加厚', '轻薄', '商务', '休闲', '新款', '经典', '时尚', '简约', '复古', '高端', '便携', '智能', '静音', '节能', '大容量', '无线', '防水', '速干', '保暖']
const SUFFIXES = ['套装', '礼盒装', '旗舰款', '家用', '升级版', '2025款', '官方标配', '爆款', '加大号', '迷你']
const CONTENT = `<p>${'精选材质，做工考究，品质保障。'.repeat(40)}</p>##qshop##[]`

/** Deterministic pseudo-random numbers (the same catalog every run). */
function random(seedValue: number) {
  let s = seedValue >>> 0
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32)
}

/** 200 stores (10 of them hidden), 100 goods each (30% with a 2×3 SKU matrix), reviews on the benched goods. */
export async function seedBenchCatalog(app: FastifyInstance): Promise<{ goodsId: number; topClassId: number }> {
  const rnd = random(42)
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]
  const db = app.db
  const leaves = await db.goods_classes.findMany({ where: { pid: { not: 0 } }, select: { id: true, pid: true, name: true } })
  const level2 = new Set(leaves.filter((c) => leaves.every((p) => p.id !== c.pid)).map((c) => c.id))
  const leafClasses = leaves.filter((c) => !level2.has(c.id))
  const classPaths = leafClasses.map((c) => {
    const parent = leaves.find((p) => p.id === c.pid)!
    return [parent.pid, parent.id, c.id]
  })
  const brands = await db.goods_brands.findMany({ select: { id: true } })

  const password = await hashPassword('Bench@123456')
  await db.users.createMany({ data: Array.from({ length: STORES }, (_, i) => ({ username: `benchseller${i}`, password, nickname: `店主${i}` })) })
  const owners = await db.users.findMany({ where: { username: { startsWith: 'benchseller' } }, select: { id: true }, orderBy: { id: 'asc' } })
  await db.stores.createMany({
    data: owners.map((o, i) => ({
      user_id: o.id,
      store_name: `${pick(BRAND_WORDS)}${pick(ADJECTIVES)}专营店${i}`,
      store_logo: '/uploads/demo/store-logo.png',
      store_description: '品质好店，放心选购',
      store_lat: (22 + rnd() * 18).toFixed(6),
      store_lng: (103 + rnd() * 18).toFixed(6),
      area_info: '北京市 北京市 朝阳区',
      store_address: `建国路 ${i} 号`,
      store_status: i < HIDDEN_STORES / 2 ? 0 : 1,
      store_verify: i >= HIDDEN_STORES / 2 && i < HIDDEN_STORES ? 2 : 4,
    })),
  })
  const stores = await db.stores.findMany({ where: { user_id: { in: owners.map((o) => o.id) } }, select: { id: true }, orderBy: { id: 'asc' } })
  await db.store_classes.createMany({ data: stores.map((s) => ({ store_id: s.id, class_id: classPaths })) })
  await db.goods_attrs.createMany({ data: stores.flatMap((s) => [{ store_id: s.id, name: '颜色' }, { store_id: s.id, name: '尺码' }]) })
  const attrs = await db.goods_attrs.findMany({ where: { store_id: { in: stores.map((s) => s.id) } }, select: { id: true, store_id: true, name: true } })
  await db.goods_specs.createMany({
    data: attrs.flatMap((a) => (a.name === '颜色' ? ['红色', '黑色'] : ['M', 'L', 'XL']).map((name) => ({ attr_id: a.id, name }))),
  })
  const specs = await db.goods_specs.findMany({ where: { attr_id: { in: attrs.map((a) => a.id) } }, select: { id: true, attr_id: true, name: true }, orderBy: { id: 'asc' } })

  const now = Date.now()
  for (const store of stores) {
    const goods = Array.from({ length: GOODS_PER_STORE }, (_, i) => {
      const leaf = pick(leafClasses)
      const name = `${pick(BRAND_WORDS)} ${pick(ADJECTIVES)}${pick(ADJECTIVES)} ${leaf.name} ${pick(SUFFIXES)} ${store.id}-${i}`
      const price = (1 + Math.floor(rnd() * 500000)) / 100
      return {
        store_id: store.id,
        class_id: leaf.id,
        brand_id: pick(brands).id,
        goods_name: name,
        goods_subname: `${pick(ADJECTIVES)} ${pick(SUFFIXES)}`,
        goods_no: `B${store.id}-${i}`,
        goods_master_image: '/uploads/demo/goods-1.png',
        goods_images: '/uploads/demo/goods-1.png,/uploads/demo/goods-2.png',
        goods_price: price.toFixed(2),
        goods_market_price: (price * 1.3).toFixed(2),
        goods_stock: 100 + Math.floor(rnd() * 900),
        goods_weight: '0.50',
        goods_sale: Math.floor(rnd() ** 3 * 10000),
        goods_status: rnd() < 0.95 ? 1 : 0,
        goods_verify: rnd() < 0.95 ? 1 : 2,
        goods_content: CONTENT,
        is_master: rnd() < 0.1 ? 1 : 0,
        search_text: searchText(name),
        created_at: new Date(now - Math.floor(rnd() * 365 * 86400 * 1000)),
      }
    })
    await db.goods.createMany({ data: goods })
  }

  // SKUs for 30% of the goods: red/black × M/L/XL of the goods' store.
  const all = await db.goods.findMany({ where: { store_id: { in: stores.map((s) => s.id) } }, select: { id: true, store_id: true, goods_price: true }, orderBy: { id: 'asc' } })
  const specsOf = new Map<number, { color: typeof specs; size: typeof specs }>()
  for (const a of attrs) {
    const entry = specsOf.get(a.store_id) ?? { color: [], size: [] }
    entry[a.name === '颜色' ? 'color' : 'size'] = specs.filter((s) => s.attr_id === a.id)
    specsOf.set(a.store_id, entry)
  }
  const withSkus = all.filter(() => rnd() < SKU_SHARE)
  for (let i = 0; i < withSkus.length; i += 500) {
    const data = withSkus.slice(i, i + 500).flatMap((g) => {
      const { color, size } = specsOf.get(g.store_id)!
      return color.flatMap((c) =>
        size.map((s, k) => ({
          goods_id: g.id,
          spec_id: `${c.id},${s.id}`,
          sku_name: `${c.name},${s.name}`,
          goods_image: '/uploads/demo/goods-1.png',
          goods_price: (Number(g.goods_price) + k).toFixed(2),
          goods_market_price: ((Number(g.goods_price) + k) * 1.3).toFixed(2),
          goods_stock: 50,
          goods_weight: '0.50',
        })),
      )
    })
    await db.goods_skus.createMany({ data })
  }
  // The goods' stock is the sum of its SKUs' (as the goods form writes it).
  await db.$executeRaw`UPDATE goods g JOIN (SELECT goods_id, SUM(goods_stock) s FROM goods_skus GROUP BY goods_id) k ON k.goods_id = g.id SET g.goods_stock = k.s`

  // The benched goods: a visible goods with SKUs in a visible store, with reviews of mixed scores.
  const visibleStore = stores[HIDDEN_STORES]
  const benched = await db.goods.findFirstOrThrow({
    where: { store_id: visibleStore.id, goods_status: 1, goods_verify: 1, goods_skus: { some: {} } },
    select: { id: true, goods_name: true, goods_price: true },
  })
  const shopper = await db.users.create({ data: { username: 'benchshopper', password, nickname: '买家' }, select: { id: true } })
  for (let i = 0; i < COMMENTS; i++) {
    const order = await db.orders.create({
      data: { user_id: shopper.id, store_id: visibleStore.id, order_no: `BENCH${i}`, order_name: benched.goods_name, total_price: benched.goods_price, order_price: benched.goods_price, order_status: 6 },
      select: { id: true },
    })
    const line = await db.order_goods.create({
      data: { order_id: order.id, goods_id: benched.id, user_id: shopper.id, store_id: visibleStore.id, goods_name: benched.goods_name, goods_price: benched.goods_price, total_price: benched.goods_price },
      select: { id: true },
    })
    const score = 1 + (i % 5)
    await db.order_comments.create({
      data: { user_id: shopper.id, order_id: order.id, order_goods_id: line.id, goods_id: benched.id, store_id: visibleStore.id, score, agree: score, service: 5, speed: 4, content: '不错' },
    })
  }
  const top = await db.goods_classes.findFirstOrThrow({ where: { pid: 0 }, orderBy: { id: 'asc' }, select: { id: true } })
  return { goodsId: benched.id, topClassId: top.id }
}

if (isMain(import.meta.url)) {
  const config = {
    ...benchConfig(),
    DATABASE_URL: process.env.BENCH_CATALOG_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/qshop_bench_catalog',
    REDIS_PREFIX: 'qshop_bench_catalog',
  }
  const { app, url } = await startApp(config)
  await truncateAll(config.DATABASE_URL)
  await clearRedisPrefix(app)
  await seed(app, { demo: true, areas: false })
  const started = performance.now()
  const { goodsId, topClassId } = await seedBenchCatalog(app)
  console.log(`seeded ${await app.db.goods.count()} goods in ${await app.db.stores.count()} stores in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  if (process.env.BENCH_SEED_ONLY === '1') {
    await app.close()
    process.exit(0)
  }

  const floor = await startCatalogFloor(config.DATABASE_URL)
  const keyword = encodeURIComponent('纯棉')
  const cases: [string, string, string, { ratio: number; p99: number }][] = [
    ['GET /api/goods?keywords=纯棉 (search)', `/api/goods?keywords=${keyword}`, `/floor/goods?keywords=${keyword}`, { ratio: 0.6, p99: 100 }],
    [`GET /api/goods?class_id=${topClassId}&sort=price_asc (category)`, `/api/goods?class_id=${topClassId}&sort=price_asc`, `/floor/goods?class_id=${topClassId}&sort=price_asc`, { ratio: 0.6, p99: 100 }],
    [`GET /api/goods/${goodsId} (detail)`, `/api/goods/${goodsId}`, `/floor/goods/${goodsId}`, { ratio: 2, p99: 100 }],
  ]
  const results: boolean[] = []
  for (const [name, path, floorPath, goal] of cases) {
    const subject: Measure = await measure(name, `${url}${path}`)
    results.push(report(subject, await measure(`floor ${floorPath}`, `${floor.url}${floorPath}`), goal))
  }
  await floor.close()
  await app.close()
  console.log(`${results.filter(Boolean).length} of ${results.length} catalog benchmarks met their goal`)
}
