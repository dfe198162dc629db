// Catalog resources served by the engine: the admin's category tree, brands and goods list; the seller's goods list,
// attributes with their specs, brands (read only) and image space. Server parts hold the rules the declarations
// cannot say: tree depth, deletes blocked by rows that use them, specs synced by name, caches dropped after writes.
import type { FastifyRequest } from 'fastify'
import * as admin from '@qshop/shared/resources/admin/catalog'
import * as seller from '@qshop/shared/resources/seller/catalog'
import { CLASS_LEVELS } from '@qshop/shared/schemas/catalog'
import type { Infra } from '../../core/infra.ts'
import type { ServerResource, Tx } from '../../core/resource.ts'
import type { Unit } from '../../core/unitOfWork.ts'
import { businessError, invalid } from '../../core/errors.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import type { StoredFile } from './storedFiles.ts'
import { removeFilesJob } from './jobs.ts'
import { invalidateCatalogNames, invalidateGoods, invalidateStore } from './cache.ts'

/** The ids a write route named (`:id` or `:ids`). */
function routeIds(req: FastifyRequest): number[] {
  const params = req.params as { id?: number; ids?: number[] }
  return params.ids ?? (params.id === undefined ? [] : [params.id])
}

// ---- admin ----

/** A category's new parent keeps the tree at most 3 levels deep, without cycles; a used category stays on level 3. */
async function checkClassParent(req: FastifyRequest, tx: Tx, pid: number, selfId: number | null) {
  const rows = await tx.goods_classes.findMany({ select: { id: true, pid: true } })
  const parentOf = new Map(rows.map((r) => [r.id, r.pid]))
  if (pid !== 0 && !parentOf.has(pid)) throw invalid({ pid: req.t('valid.parent') })
  let level = 1
  for (let c = pid; c !== 0; c = parentOf.get(c) ?? 0) {
    if (c === selfId || level > CLASS_LEVELS) throw invalid({ pid: req.t(c === selfId ? 'valid.parent' : 'valid.classDepth') })
    level++
  }
  const height = (id: number): number => 1 + Math.max(0, ...rows.filter((r) => r.pid === id).map((r) => height(r.id)))
  const subtree = selfId === null ? 1 : height(selfId)
  if (level + subtree - 1 > CLASS_LEVELS) throw invalid({ pid: req.t('valid.classDepth') })
  if (selfId !== null && level !== CLASS_LEVELS && (await tx.goods.count({ where: { class_id: selfId } }))) throw businessError('msg.inUse')
}

function adminResources(app: Infra): ServerResource[] {
  const namesChanged = async () => invalidateCatalogNames(app)

  const goodsClasses: ServerResource = {
    decl: admin.goodsClasses,
    model: 'goods_classes',
    beforeWrite: async (req, data, existing, tx) => {
      if (data.pid !== undefined || !existing) await checkClassParent(req, tx, (data.pid as number | undefined) ?? 0, existing?.id ?? null)
      return data
    },
    beforeDelete: async (_req, ids, tx) => {
      if (await tx.goods_classes.count({ where: { pid: { in: ids }, id: { notIn: ids } } })) throw businessError('msg.hasChildren')
      if (await tx.goods.count({ where: { class_id: { in: ids } } })) throw businessError('msg.inUse')
    },
    afterCommit: namesChanged,
  }

  const goodsBrands: ServerResource = {
    decl: admin.goodsBrands,
    model: 'goods_brands',
    beforeDelete: async (_req, ids, tx) => {
      if (await tx.goods.count({ where: { brand_id: { in: ids } } })) throw businessError('msg.inUse')
    },
    afterCommit: namesChanged,
  }

  // The goods' stores are known inside the write (a deleted goods is gone after it): the unit drops the caches.
  const goods: ServerResource = {
    decl: admin.goods,
    model: 'goods',
    afterWrite: async (_req, row, _input, _tx, unit) => unit.afterCommit(() => invalidateGoods(app, [row.id], [row.store_id as number])),
    beforeDelete: async (_req, ids, tx, unit) => {
      const rows = await tx.goods.findMany({ where: { id: { in: ids } }, select: { store_id: true }, distinct: ['store_id'] })
      unit.afterCommit(() => invalidateGoods(app, ids, rows.map((r) => r.store_id)))
    },
  }

  return [goodsClasses, goodsBrands, goods]
}

// ---- seller ----

/** Deletes specs, refused (the unit rolls back) while a SKU of the store's goods uses one (spec ids are comma-separated
 *  in goods_skus.spec_id). The delete comes first: it waits for a goods save that read the specs (skus.ts, shared lock)
 *  and keeps later saves from choosing them; the check then reads the SKUs as committed (a locking read). */
async function deleteUnusedSpecs(tx: Tx, storeId: number, specIds: number[]): Promise<void> {
  if (!specIds.length) return
  await tx.goods_specs.deleteMany({ where: { id: { in: specIds } } })
  const [{ n }] = await tx.$queryRaw<{ n: bigint }[]>`SELECT COUNT(*) AS n FROM goods_skus k JOIN goods g ON g.id = k.goods_id
    WHERE g.store_id = ${storeId} AND (${Prisma.join(specIds.map((id) => Prisma.sql`FIND_IN_SET(${id}, k.spec_id)`), ' OR ')}) LOCK IN SHARE MODE`
  if (Number(n) > 0) throw businessError('msg.specInUse')
}

function sellerResources(app: Infra): ServerResource[] {
  const storeOf = (req: FastifyRequest) => req.actor!.storeId!

  const goods: ServerResource = {
    decl: seller.goods,
    model: 'goods',
    storeColumn: 'store_id',
    afterCommit: async (req) => invalidateGoods(app, routeIds(req), [storeOf(req)]),
  }

  const goodsAttrs: ServerResource = {
    decl: seller.goodsAttrs,
    model: 'goods_attrs',
    storeColumn: 'store_id',
    // Specs are synced by name: new names are added, missing ones removed unless a SKU uses them.
    afterWrite: async (req, row, input, tx) => {
      if (!Array.isArray(input.specs)) return
      const names = [...new Set(input.specs as string[])]
      const have = await tx.goods_specs.findMany({ where: { attr_id: row.id }, select: { id: true, name: true } })
      await deleteUnusedSpecs(tx, storeOf(req), have.filter((s) => !names.includes(s.name)).map((s) => s.id))
      const added = names.filter((n) => !have.some((s) => s.name === n))
      if (added.length) await tx.goods_specs.createMany({ data: added.map((name) => ({ attr_id: row.id, name })) })
    },
    beforeDelete: async (req, ids, tx) => {
      const specs = await tx.goods_specs.findMany({ where: { attr_id: { in: ids }, attr: { store_id: storeOf(req) } }, select: { id: true } })
      await deleteUnusedSpecs(tx, storeOf(req), specs.map((s) => s.id))
    },
    present: async (_req, rows) => {
      const specs = await app.db.goods_specs.findMany({ where: { attr_id: { in: rows.map((r) => r.id) } }, select: { id: true, name: true, attr_id: true }, orderBy: { id: 'asc' } })
      return rows.map((r) => ({ ...r, specs: specs.filter((s) => s.attr_id === r.id).map((s) => s.name), spec_list: specs.filter((s) => s.attr_id === r.id).map(({ id, name }) => ({ id, name })) }))
    },
    // Attribute names show on the goods pages of the store.
    afterCommit: async (req) => invalidateStore(app, storeOf(req)),
  }

  /** The stored files go in a job staged with the delete, sent once it is committed. */
  async function removeFilesLater(unit: Unit, storeId: number, files: StoredFile[]) {
    if (files.length) await unit.stage(removeFilesJob, { storeId, files })
  }

  const fileSpaceDirs: ServerResource = {
    decl: seller.fileSpaceDirs,
    model: 'file_space_dirs',
    storeColumn: 'belong_id',
    // A folder goes with its files.
    beforeDelete: async (req, ids, tx, unit) => {
      const where = { belong_id: storeOf(req), dir_id: { in: ids } }
      const files = await tx.file_spaces.findMany({ where, select: { url: true, disk_name: true } })
      await tx.file_spaces.deleteMany({ where })
      await removeFilesLater(unit, storeOf(req), files)
    },
  }

  const fileSpaces: ServerResource = {
    decl: seller.fileSpaces,
    model: 'file_spaces',
    storeColumn: 'belong_id',
    beforeDelete: async (req, ids, tx, unit) => {
      const files = await tx.file_spaces.findMany({ where: { id: { in: ids }, belong_id: storeOf(req) }, select: { url: true, disk_name: true } })
      await removeFilesLater(unit, storeOf(req), files)
    },
    beforeWrite: async (req, data, _existing, tx) => {
      const dir = data.dir_id as number | undefined
      if (dir && !(await tx.file_space_dirs.findFirst({ where: { id: dir, belong_id: storeOf(req) }, select: { id: true } })))
        throw invalid({ dir_id: req.t('valid.notExists') })
      return data
    },
  }

  return [goods, goodsAttrs, { decl: seller.goodsBrands, model: 'goods_brands' }, fileSpaceDirs, fileSpaces]
}

export const catalogResources = { admin: adminResources, seller: sellerResources }
