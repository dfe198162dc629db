// The starting category tree (3 levels: goods hang on level 3) and a few brands. Operators own the catalog
// afterwards: existing categories and brands are never changed, only missing ones added.
import type { FastifyInstance } from 'fastify'
import { syncTree, type TreeSeed } from './tree.ts'
import { insertRows } from './insert.ts'
import type { Tally } from './tally.ts'

const leaf = (...names: string[]): TreeSeed[] => names.map((name) => ({ name }))
const node = (name: string, children: TreeSeed[]): TreeSeed => ({ name, children })

export const GOODS_CLASSES: TreeSeed[] = [
  node('家用电器', [node('大家电', leaf('空调', '冰箱', '洗衣机')), node('厨房电器', leaf('电饭煲', '微波炉', '电水壶'))]),
  node('手机数码', [node('手机通讯', leaf('手机', '对讲机')), node('数码配件', leaf('充电器', '数据线', '耳机'))]),
  node('电脑办公', [node('电脑整机', leaf('笔记本', '台式机')), node('办公设备', leaf('打印机', '投影仪'))]),
  node('服装', [node('男装', leaf('T恤', '衬衫', '夹克')), node('女装', leaf('连衣裙', '半身裙', '针织衫'))]),
  node('食品', [node('休闲零食', leaf('坚果', '饼干', '糖果')), node('茶饮冲调', leaf('茶叶', '咖啡'))]),
]

export const BRANDS = ['QShop 自营', '青禾', '远山', '拾光', '悦享', '木森']

/** Natural key of a category: the path of names from the top, e.g. 家用电器/大家电/空调. */
export const classKey = (n: { name: string }, parentKey: string) => (parentKey ? `${parentKey}/${n.name}` : n.name)

export async function seedCatalog(app: FastifyInstance, tally: Tally): Promise<Map<string, number>> {
  const [classes] = await Promise.all([
    syncTree(app, 'goods_classes', GOODS_CLASSES, { fields: [], identity: classKey, overwrite: false }),
    seedBrands(app, tally),
  ])
  tally.add('goods_classes', classes.created)
  return classes.ids
}

async function seedBrands(app: FastifyInstance, tally: Tally) {
  const have = new Set((await app.db.goods_brands.findMany({ where: { name: { in: BRANDS } }, select: { name: true } })).map((b) => b.name))
  const creates = BRANDS.filter((name) => !have.has(name)).map((name) => ({ name, is_sort: BRANDS.indexOf(name) + 1 }))
  tally.add('goods_brands', await insertRows(app, 'goods_brands', creates))
}
