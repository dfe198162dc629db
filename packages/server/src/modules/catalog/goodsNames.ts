import type { Infra } from '../../core/infra.ts'
import type { ServerResource } from '../../core/resource.ts'

type Row = Parameters<NonNullable<ServerResource['present']>>[1][number]

/** A resource's `present` for rows naming a goods by `goods_id`: each row gets the goods' name (empty when gone), read in
 *  one query for the page. */
export function withGoodsName(app: Pick<Infra, 'db'>) {
  return async (_req: unknown, rows: Row[]) => {
    const goods = await app.db.goods.findMany({ where: { id: { in: rows.map((r) => Number(r.goods_id)) } }, select: { id: true, goods_name: true } })
    const names = new Map(goods.map((g) => [g.id, g.goods_name]))
    return rows.map((r) => ({ ...r, goods_name: names.get(Number(r.goods_id)) ?? '' }))
  }
}
