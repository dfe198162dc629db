// Inputs of routes that take nothing: unknown fields are refused like anywhere else (DESIGN.md §3).
import { z } from 'zod'

/** The querystring of a route that takes no query parameters. */
export const noQuery = z.strictObject({})

/** The body of a POST that carries no data: `{}`, an empty form, or no body at all (which Fastify validates as null). */
export const noBody = noQuery.nullish()
