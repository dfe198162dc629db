// The idempotent seed: running it again changes nothing and duplicates nothing. Every row is matched by a
// natural key (menus by route path or name path, permissions by key, configs by name, carriers and areas by
// code, categories by name path, accounts by username), never by id.
import type { FastifyInstance } from 'fastify'
import { seedAreas } from './areas.ts'
import { seedCatalog } from './catalog.ts'
import { seedConfigs } from './configs.ts'
import { seedContent } from './content.ts'
import { seedDemo } from './demo.ts'
import { seedMenusAndPermissions, seedRole } from './rbac.ts'
import { Tally } from './tally.ts'
import { settleAll } from './settle.ts'
import { recordGoodsPictures } from '../modules/catalog/index.ts'

export type SeedOptions = {
  /** demo accounts (demo.ts DEMO_ACCOUNTS): admin and operator, seller (approved store, goods) and seller_cs, shopper */
  demo?: boolean
  /** all of China's areas (false: a small sample, enough for cascaders in tests) */
  areas?: boolean
}

export type SeedReport = {
  /** rows created, changed or deleted per table (plus written demo image files) */
  changed: Record<string, number>
  ms: number
}

/** Idempotent seed of everything the platform needs to run. */
export async function seed(app: FastifyInstance, opts: SeedOptions = {}): Promise<SeedReport> {
  const started = performance.now()
  const tally = new Tally()
  const admin = seedMenusAndPermissions(app, 'admin', tally)
  const seller = seedMenusAndPermissions(app, 'seller', tally)
  const classIds = seedCatalog(app, tally)
  const areas = seedAreas(app, opts.areas ?? false, tally)
  const adminRoleId = admin.then((rbac) => seedRole(app, rbac, 0, tally))
  // Independent parts run side by side (each is a handful of round trips); all are awaited before answering.
  await settleAll([
    seller, classIds, areas, adminRoleId,
    seedConfigs(app, tally),
    seedContent(app, tally),
    opts.demo ? seedDemo(app, { areas, classIds, adminRoleId, seller }, tally) : null,
  ])
  // The demo goods' pictures belong in their store's image space, like uploaded ones.
  tally.add('file_spaces', await recordGoodsPictures(app))
  // Roles or permissions may have changed under cached actors.
  if (tally.total) await app.actors.invalidate()
  return { changed: tally.counts, ms: Math.round(performance.now() - started) }
}
