// The floor of the catalog benchmark: goods search and goods detail answered by the same SQL through the bare mysql2
// driver in a bare Fastify route — no envelope, validation, auth, cache or ORM. Search uses the very statements of
// the platform (searchConditions / searchRowsSql / searchFacetsSql, the same plan choice); the category tree and
// brands, which the platform reads from Redis, are read from the database here, and the grouped counts every time.
import Fastify from 'fastify'
import mysql from 'mysql2/promise'
import type { GoodsSearchQuery } from '../packages/shared/src/schemas/catalog.ts'
import { rowsByFulltext, searchConditions, searchFacetsSql, searchRowsSql, visibleCountSql } from '../packages/server/src/modules/catalog/search.ts'

type Row = Record<string, unknown>
type ClassRow = { id: number; name: string; pid: number }

const VISIBLE = 'g.goods_status = 1 AND g.goods_verify = 1 AND s.store_status = 1 AND s.store_verify = 4'
const REVIEW_SUM = '(c.score + c.agree + c.service + c.speed)'

function leavesUnder(classes: ClassRow[], id: number): number[] {
  const children = (pid: number) => classes.filter((c) => c.pid === pid).map((c) => c.id)
  let level = [id]
  for (let depth = 0; depth < 2 && level.some((c) => children(c).length); depth++) level = level.flatMap(children)
  return level
}

export async function startCatalogFloor(databaseUrl: string) {
  const pool = mysql.createPool({ uri: databaseUrl, connectionLimit: 10 })
  const app = Fastify({ logger: false })
  // The driver's callback interface (the promise wrapper captures a stack per query), as in bench/floor.ts.
  const rows = (sql: string, values: unknown[] = []) =>
    new Promise<Row[]>((resolve, reject) => pool.pool.query(sql, values, (err, result) => (err ? reject(err) : resolve(result as Row[]))))
  const count = visibleCountSql()
  const visible = Number((await rows(count.sql, count.values))[0].n)

  app.get('/floor/goods', async (req) => {
    const query = req.query as { keywords?: string; class_id?: string; sort?: GoodsSearchQuery['sort'] }
    const q = { page: 1, per_page: 20, sort: query.sort ?? 'sales', keywords: query.keywords, class_id: query.class_id ? Number(query.class_id) : undefined } as GoodsSearchQuery
    const [classes, brands] = await Promise.all([
      rows('SELECT id, name, pid FROM goods_classes ORDER BY is_sort, id') as Promise<ClassRow[]>,
      rows('SELECT id, name, thumb FROM goods_brands ORDER BY is_sort, id'),
    ])
    const leaves = q.class_id === undefined ? null : leavesUnder(classes, q.class_id)
    const where = searchConditions(q, leaves)!
    const grouped = searchFacetsSql(where)
    const facets = await rows(grouped.sql, grouped.values)
    const total = facets.reduce((n, f) => n + Number(f.n), 0)
    const walk = Boolean(q.keywords) && !rowsByFulltext(total, visible, q.per_page)
    const page = searchRowsSql(walk ? searchConditions(q, leaves, { fulltext: false })! : where, q.sort, q.per_page, 0)
    const data = total ? await rows(page.sql, page.values) : []
    const brandIds = new Set(facets.map((f) => f.brand_id))
    const classIds = new Set(facets.map((f) => f.class_id))
    return { data, total, brands: brands.filter((b) => brandIds.has(b.id)), classes: classes.filter((c) => classIds.has(c.id)) }
  })

  app.get('/floor/goods/:id', async (req, reply) => {
    const id = Number((req.params as { id: string }).id)
    const [goods] = await rows(
      `SELECT g.id, g.store_id, g.class_id, g.brand_id, g.goods_name, g.goods_subname, g.goods_no, g.goods_images, g.goods_master_image,
         g.goods_price, g.goods_market_price, g.goods_stock, g.goods_weight, g.goods_sale, g.goods_collect, g.freight_id,
         g.goods_content, g.goods_content_mobile, g.created_at
       FROM goods g JOIN stores s ON s.id = g.store_id WHERE g.id = ? AND ${VISIBLE}`,
      [id],
    )
    if (!goods) return reply.status(404).send({ error: 'not found' })
    const storeId = goods.store_id as number
    const [skus, [stats], classes, brands, [store], [ratings], best] = await Promise.all([
      rows('SELECT id, spec_id, sku_name, goods_image, goods_price, goods_market_price, goods_stock, goods_weight FROM goods_skus WHERE goods_id = ? ORDER BY id', [id]),
      rows(
        `SELECT COUNT(*) total, COALESCE(SUM(${REVIEW_SUM} >= 15), 0) good, COALESCE(SUM(${REVIEW_SUM} > 10 AND ${REVIEW_SUM} < 15), 0) medium,
           COALESCE(SUM(${REVIEW_SUM} <= 10), 0) bad FROM order_comments c WHERE c.goods_id = ?`,
        [id],
      ),
      rows('SELECT id, name, pid FROM goods_classes') as Promise<ClassRow[]>,
      rows('SELECT id, name, thumb FROM goods_brands ORDER BY is_sort, id'),
      rows(
        `SELECT id, store_name, store_logo, store_face_image, store_description, store_mobile, store_slide, store_mobile_slide, area_info,
           store_address, store_lat, store_lng, after_sale_service, created_at FROM stores s WHERE s.id = ? AND s.store_status = 1 AND s.store_verify = 4`,
        [storeId],
      ),
      rows(
        `SELECT COUNT(*) total, COALESCE(SUM(${REVIEW_SUM} >= 15), 0) good, AVG(c.score) score, AVG(c.agree) agree, AVG(c.service) service,
           AVG(c.speed) speed FROM order_comments c WHERE c.store_id = ?`,
        [storeId],
      ),
      rows(
        `SELECT g.id, g.goods_name, g.goods_subname, g.goods_master_image, g.goods_price, g.goods_market_price, g.goods_sale, g.store_id
         FROM goods g JOIN stores s ON s.id = g.store_id WHERE g.store_id = ? AND ${VISIBLE} ORDER BY g.goods_sale DESC, g.id DESC LIMIT 7`,
        [storeId],
      ),
    ])
    const specIds = [...new Set(skus.flatMap((s) => String(s.spec_id).split(',').map(Number)))]
    const specs = specIds.length
      ? await rows('SELECT s.id, s.name, s.attr_id, a.name attr_name FROM goods_specs s JOIN goods_attrs a ON a.id = s.attr_id WHERE s.id IN (?) ORDER BY s.attr_id, s.id', [specIds])
      : []
    const chain: ClassRow[] = []
    for (let c = classes.find((x) => x.id === goods.class_id); c; c = classes.find((x) => x.id === c!.pid)) chain.unshift(c)
    return {
      ...goods,
      classes: chain,
      brand: brands.find((b) => b.id === goods.brand_id) ?? null,
      attrs: specs,
      skus,
      comment_statistics: stats,
      store: { ...store, ...ratings },
      sale_list: best.filter((b) => b.id !== id).slice(0, 6),
    }
  })

  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: async () => (await app.close(), await pool.end()) }
}
