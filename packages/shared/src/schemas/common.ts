// Inputs shared by many routes: nothing (unknown fields are refused like anywhere else, docs/architecture.md), row ids and
// area paths.
import { z } from 'zod'
import * as zx from '../zx.ts'
import { PAGE_SIZES } from '../list.ts'

/** The querystring of a route that takes no query parameters. */
export const noQuery = z.strictObject({})

/** The body of a POST that carries no data: `{}`, an empty form, or no body at all (which Fastify validates as null). */
export const noBody = noQuery.nullish()

/** The `:id` of a route. */
export const idParam = z.object({ id: zx.urlId() })

/** Ids one batch delete takes: a whole page of the largest page size. */
export const MAX_BATCH_IDS = Math.max(...PAGE_SIZES)
/** The longest `:ids` (ten digits and a comma each); the router's parameter limit (app.ts) lets it through. */
export const IDS_PARAM_MAX_LENGTH = MAX_BATCH_IDS * 11

/** The `:ids` of a batch delete: a comma list of ids. */
export const idsParam = z.object({
  ids: z
    .string()
    .max(IDS_PARAM_MAX_LENGTH)
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .transform((s) => s.split(','))
    .pipe(z.array(zx.urlId()).max(MAX_BATCH_IDS)),
})

/** [province, city, district] area ids (the area cascader's value). */
export const areaPath = () => zx.ids().pipe(z.array(z.number()).length(3))
