// Inputs shared by many routes: nothing (unknown fields are refused like anywhere else, DESIGN.md §3) and row ids.
import { z } from 'zod'
import * as zx from '../zx.ts'

/** The querystring of a route that takes no query parameters. */
export const noQuery = z.strictObject({})

/** The body of a POST that carries no data: `{}`, an empty form, or no body at all (which Fastify validates as null). */
export const noBody = noQuery.nullish()

/** The `:id` of a route. */
export const idParam = z.object({ id: zx.urlId() })

/** The `:ids` of a batch delete: a comma list of ids. */
export const idsParam = z.object({
  ids: z
    .string()
    .max(4000)
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .transform((s) => s.split(','))
    .pipe(z.array(zx.urlId()).max(1000)),
})
