// Server parts of the admin content resources: models, and the rules the declarations cannot say
// (tree parents, referenced rows, ad time windows, deletes blocked by rows that use them).
import type { FastifyRequest } from 'fastify'
import * as decl from '@qshop/shared/resources/admin/content'
import type { ServerResource, Tx } from '../../core/resource.ts'
import { businessError, invalid } from '../../core/errors.ts'
import { invalidateAreaCache } from './areas.ts'
import { invalidatePublished } from './published.ts'

/** Area levels: 0 province, 1 city, 2 district. */
const AREA_MAX_DEEP = 2
/** Article menus nest at most this deep (ancestors walked when moving a menu). */
const MENU_MAX_DEPTH = 10

const areas: ServerResource = {
  decl: decl.areas,
  model: 'areas',
  treeParent: { column: 'code', root: '0' },
  // `deep` follows from the parent; an area with children may move to another parent of the same level only.
  beforeWrite: async (req, data, existing, tx) => {
    if (data.pid === undefined) return data
    const pid = data.pid as string
    const code = (data.code ?? existing?.code) as string
    let deep = 0
    if (pid !== '0') {
      const parent = await tx.areas.findUnique({ where: { code: pid }, select: { deep: true } })
      if (!parent || pid === code || parent.deep >= AREA_MAX_DEEP) throw invalid({ pid: req.t('valid.parent') })
      deep = parent.deep + 1
    }
    if (existing && deep !== existing.deep && (await tx.areas.count({ where: { pid: existing.code as string } })))
      throw businessError('msg.moveHasChildren')
    return { ...data, deep }
  },
  // A changed code carries its children along.
  afterWrite: async (_req, row, input, tx) => {
    if (typeof input.code === 'string' && row.code !== undefined && input.code !== row.code)
      await tx.areas.updateMany({ where: { pid: row.code as string }, data: { pid: input.code } })
  },
  afterCommit: (req) => invalidateAreaCache(req.server),
  beforeDelete: async (_req, ids, tx) => {
    const rows = await tx.areas.findMany({ where: { id: { in: ids } }, select: { code: true } })
    const orphans = await tx.areas.count({ where: { pid: { in: rows.map((r) => r.code) }, id: { notIn: ids } } })
    if (orphans) throw businessError('msg.hasChildren')
  },
}

async function menuParentValid(tx: Tx, pid: number, selfId: number | null): Promise<boolean> {
  let cursor = pid
  for (let depth = 0; cursor !== 0; depth++) {
    if (cursor === selfId || depth >= MENU_MAX_DEPTH) return false
    const menu = await tx.article_menus.findUnique({ where: { id: cursor }, select: { pid: true } })
    if (!menu) return false
    cursor = menu.pid
  }
  return true
}

/** What the storefront shows of them is cached (published.ts). */
const retirePublished = (req: FastifyRequest) => invalidatePublished(req.server)

const articleMenus: ServerResource = {
  decl: decl.articleMenus,
  model: 'article_menus',
  afterCommit: retirePublished,
  beforeWrite: async (req, data, existing, tx) => {
    if (data.pid !== undefined && !(await menuParentValid(tx, data.pid as number, existing?.id ?? null))) throw invalid({ pid: req.t('valid.parent') })
    return data
  },
  beforeDelete: async (_req, ids, tx) => {
    if (await tx.article_menus.count({ where: { pid: { in: ids }, id: { notIn: ids } } })) throw businessError('msg.hasChildren')
    if (await tx.articles.count({ where: { pid: { in: ids } } })) throw businessError('msg.inUse')
  },
}

async function mustExist(req: FastifyRequest, found: Promise<unknown>, field: string) {
  if (!(await found)) throw invalid({ [field]: req.t('valid.notExists') })
}

const articles: ServerResource = {
  decl: decl.articles,
  model: 'articles',
  afterCommit: retirePublished,
  beforeWrite: async (req, data, _existing, tx) => {
    if (data.pid !== undefined) await mustExist(req, tx.article_menus.findUnique({ where: { id: data.pid as number }, select: { id: true } }), 'pid')
    return data
  },
}

const advSpaces: ServerResource = {
  decl: decl.advSpaces,
  model: 'adv_spaces',
  beforeDelete: async (_req, ids, tx) => {
    if (await tx.advs.count({ where: { pid: { in: ids } } })) throw businessError('msg.inUse')
  },
}

const advs: ServerResource = {
  decl: decl.advs,
  model: 'advs',
  beforeWrite: async (req, data, existing, tx) => {
    if (data.pid !== undefined) await mustExist(req, tx.adv_spaces.findUnique({ where: { id: data.pid as number }, select: { id: true } }), 'pid')
    const start = (data.adv_start ?? existing?.adv_start) as Date | undefined
    const end = (data.adv_end ?? existing?.adv_end) as Date | null | undefined
    if (start && end && end < start) throw invalid({ adv_end: req.t('valid.endBeforeStart') })
    // A subheadline alone would draw over the picture with no headline above it (HomePage's SlideText).
    const value = (field: 'title' | 'etitle' | 'subtitle' | 'esubtitle') => (data[field] ?? existing?.[field] ?? '') as string
    const errors: Record<string, string> = {}
    if (value('subtitle') && !value('title')) errors.title = req.t('valid.subtitleNeedsTitle')
    if (value('esubtitle') && !value('etitle')) errors.etitle = req.t('valid.subtitleNeedsTitle')
    if (Object.keys(errors).length) throw invalid(errors)
    return data
  },
}

const plain = (d: ServerResource['decl'], model: string): ServerResource => ({ decl: d, model })

/** Every admin content resource, served by the resource engine. */
export const CONTENT_RESOURCES: ServerResource[] = [
  areas,
  plain(decl.expresses, 'expresses'),
  plain(decl.sms, 'sms'),
  plain(decl.smsLogs, 'sms_logs'),
  plain(decl.agreements, 'agreements'),
  articleMenus,
  articles,
  { decl: decl.notices, model: 'notices', afterCommit: retirePublished },
  advSpaces,
  advs,
  plain(decl.appVersions, 'app_versions'),
  plain(decl.currencies, 'currencies'),
]
