// The category tree as lookups (from the cached tree of /api/common): levels, paths from the top, level-3 descendants.
import { CLASS_LEVELS } from '@qshop/shared/schemas/catalog'
import type { Infra } from '../../core/infra.ts'
import { classTree, type ClassNode } from '../common/index.ts'

export type ClassInfo = { id: number; name: string; pid: number; thumb: string; level: number; node: ClassNode }
export type ClassIndex = Map<number, ClassInfo>

export async function classIndex(app: Infra): Promise<ClassIndex> {
  const index: ClassIndex = new Map()
  const walk = (nodes: ClassNode[], level: number) => {
    for (const node of nodes) {
      index.set(node.id, { id: node.id, name: node.name, pid: node.pid, thumb: node.thumb, level, node })
      walk(node.children, level + 1)
    }
  }
  walk(await classTree(app), 1)
  return index
}

/** Ids from the top down to `id` ([] when unknown). */
export function classPath(index: ClassIndex, id: number): number[] {
  const path: number[] = []
  for (let c = index.get(id); c; c = c.pid ? index.get(c.pid) : undefined) path.unshift(c.id)
  return path
}

export const isLeafClass = (index: ClassIndex, id: number) => index.get(id)?.level === CLASS_LEVELS

/** The level-3 categories at or under `id` (goods hang on level 3). */
export function leafClassIds(index: ClassIndex, id: number): number[] {
  const start = index.get(id)
  if (!start) return []
  const out: number[] = []
  const walk = (node: ClassNode, level: number) => {
    if (level === CLASS_LEVELS) out.push(node.id)
    else for (const child of node.children) walk(child, level + 1)
  }
  walk(start.node, start.level)
  return out
}
