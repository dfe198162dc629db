// The categories a store may sell in (store_classes.class_id: JSON list of [level 1, level 2, level 3] id paths). Kept
// with the categories they are paths of: the store's application (modules/stores) writes them through here, and the
// goods form checks a goods' category against them.
import type { FastifyRequest } from 'fastify'
import type { Infra } from '../../core/infra.ts'
import type { Db } from '../../core/db/index.ts'
import type { Tx } from '../../core/resource.ts'
import { invalid } from '../../core/errors.ts'
import { CLASS_LEVELS } from '@qshop/shared/schemas/catalog'
import { classPath, isLeafClass, type ClassIndex } from './classes.ts'
import { classTree, type ClassNode } from '../common/index.ts'

type Paths = number[][]

const asPaths = (value: unknown): Paths =>
  Array.isArray(value) ? value.filter((p): p is number[] => Array.isArray(p) && p.every((n) => Number.isInteger(n))) : []

/** The stored paths of a store ([] when none). */
export async function storeClassPaths(db: Db | Tx, storeId: number): Promise<Paths> {
  const row = await db.store_classes.findFirst({ where: { store_id: storeId }, select: { class_id: true }, orderBy: { id: 'asc' } })
  return asPaths(row?.class_id)
}

/** Level-3 category ids the store may sell in. */
export async function allowedClassIds(db: Db | Tx, storeId: number): Promise<Set<number>> {
  return new Set((await storeClassPaths(db, storeId)).map((p) => p[p.length - 1]))
}

/** Level-3 ids or cascader paths → the full paths from the tree, each a level-3 category once (400 otherwise). */
export function normalizeClassPaths(req: FastifyRequest, index: ClassIndex, input: (number | number[])[]): Paths {
  const seen = new Set<number>()
  const out: Paths = []
  input.forEach((item, i) => {
    const leaf = Array.isArray(item) ? item[item.length - 1] : item
    const path = classPath(index, leaf)
    const matches = !Array.isArray(item) || item.join(',') === path.join(',')
    if (!isLeafClass(index, leaf) || !matches) throw invalid({ [`class_id.${i}`]: req.t('valid.classLevel3') })
    if (seen.has(leaf)) return
    seen.add(leaf)
    out.push(path)
  })
  return out
}

/** Replaces the store's categories. */
export async function writeStoreClasses(tx: Tx, storeId: number, paths: Paths): Promise<void> {
  await tx.store_classes.deleteMany({ where: { store_id: storeId } })
  await tx.store_classes.create({ data: { store_id: storeId, class_id: paths } })
}

/** The category tree cut down to what the store may sell in (the goods form's cascader). */
export async function storeClassTree(app: Infra, storeId: number): Promise<ClassNode[]> {
  const [tree, paths] = await Promise.all([classTree(app), storeClassPaths(app.db, storeId)])
  const allowed = new Set(paths.flat())
  const prune = (nodes: ClassNode[], level: number): ClassNode[] =>
    nodes
      .filter((n) => allowed.has(n.id))
      .map((n) => ({ ...n, children: level < CLASS_LEVELS ? prune(n.children, level + 1) : [] }))
      .filter((n) => level === CLASS_LEVELS || n.children.length > 0)
  return prune(tree, 1)
}
