// List filters (docs/architecture.md): `field=value|op` becomes a Prisma `where` condition only once the value is read as
// what the field holds (filterKind: whole number, amount, time or text). A value that is not one is answered with
// 400 naming the field: it never reaches SQL, where MySQL would cast it ('1abc' = 1, 'abc' = 0) and Prisma would fail.
import type { FastifyRequest } from 'fastify'
import {
  FILTER_OPS, RESERVED_LIST_KEYS, filterKind, parseFilterValue, toCents, translate,
  type FieldDecl, type FilterKind, type FilterOp, type MessageKey, type ResourceDecl,
} from '@qshop/shared'
import { invalid } from './errors.ts'
import { likeEscape } from './listSql.ts'
import { currentCalendar } from './siteCalendar.ts'

type Where = Record<string, unknown>
type Locale = FastifyRequest['locale']

/** Values of one `in` filter. */
export const MAX_IN_VALUES = 100
/** Characters of one `like` filter. */
export const MAX_LIKE_LENGTH = 100
const INT_MAX = 2147483647
const INT_MIN = -2147483648

/** Every list can filter its rows by id. */
const ID_FIELD: FieldDecl = { label: 'id', filter: ['eq', 'in'] }

/** The declaration of a filterable field (own properties only: `toString` or `__proto__` are not fields). */
export function filterField(decl: ResourceDecl, key: string): FieldDecl | undefined {
  const field = Object.hasOwn(decl.fields, key) ? decl.fields[key] : undefined
  return field?.filter ? field : key === 'id' && !field ? ID_FIELD : undefined
}

/** Refuses, when the routes are built, a filter that could not be typed or an operator its kind has no meaning for. */
export function checkFilters(decl: ResourceDecl): void {
  for (const [name, field] of Object.entries(decl.fields)) {
    if (!field.filter) continue
    const kind = filterKind(name, field)
    const where = `${decl.area}/${decl.name}.${name}`
    if (!kind) throw new Error(`${where}: declare filterAs, the filter's value kind cannot be told`)
    if (field.filter.includes('like') && kind !== 'string') throw new Error(`${where}: like filters text only, not ${kind}`)
    if (field.filter.includes('in') && kind === 'datetime') throw new Error(`${where}: in is not a time filter (use between)`)
  }
}

class FilterValueError extends Error {
  constructor(readonly key: MessageKey, readonly params?: Record<string, string | number>) {
    super(key)
  }
}

/** A filter value as the span it names: a number, an amount or a text is itself; a time names its whole second
 *  ('2026-01-31 10:00:00') or its whole day ('2026-01-31'), as times are shown to the second. */
type Span = { from: unknown; to: unknown; order: number | string }

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' on the site's clock, the one times are answered in (core/wire.ts). */
function timeSpan(raw: string): Span {
  const cal = currentCalendar()
  const from = DATETIME.test(raw) ? cal.parseDateTime(raw) : null
  if (!from) throw new FilterValueError('valid.datetime')
  const to = raw.length === 10 ? cal.dayStart(from, 1) : new Date(from.getTime() + 1000)
  return { from, to: new Date(to.getTime() - 1), order: from.getTime() }
}

function span(kind: FilterKind, raw: string): Span {
  switch (kind) {
    case 'int': {
      if (!/^-?\d{1,10}$/.test(raw)) throw new FilterValueError('valid.int')
      const n = Number(raw)
      if (n > INT_MAX) throw new FilterValueError('valid.tooBig', { max: INT_MAX })
      if (n < INT_MIN) throw new FilterValueError('valid.tooSmall', { min: INT_MIN })
      return { from: n, to: n, order: n }
    }
    case 'money':
      // DECIMAL(12,2): ten digits before the point
      if (!/^-?\d{1,10}(\.\d{1,2})?$/.test(raw)) throw new FilterValueError('valid.money')
      return { from: raw, to: raw, order: toCents(raw) }
    case 'datetime':
      return timeSpan(raw)
    case 'string':
      return { from: raw, to: raw, order: raw }
  }
}

/** The Prisma condition of one filter on a field of `kind`. */
function condition(kind: FilterKind, op: FilterOp, value: string): unknown {
  switch (op) {
    case 'like':
      if (value.length > MAX_LIKE_LENGTH) throw new FilterValueError('valid.tooLong', { max: MAX_LIKE_LENGTH })
      // Literal text: its own % _ \ match themselves on both read paths (Prisma passes `contains` to LIKE as is).
      return { contains: likeEscape(value) }
    case 'eq': {
      const { from, to } = span(kind, value)
      return from === to ? from : { gte: from, lte: to }
    }
    case 'gt':
      return { gt: span(kind, value).to }
    case 'gte':
      return { gte: span(kind, value).from }
    case 'lt':
      return { lt: span(kind, value).from }
    case 'lte':
      return { lte: span(kind, value).to }
    case 'in': {
      const items = value.split(',')
      if (items.length > MAX_IN_VALUES) throw new FilterValueError('valid.filterValues', { max: MAX_IN_VALUES })
      return { in: items.map((item) => span(kind, item).from) }
    }
    case 'between': {
      const bounds = value.split(',')
      if (bounds.length !== 2) throw new FilterValueError('valid.between')
      const [start, end] = bounds.map((b) => span(kind, b))
      if (kind !== 'string' && start.order > end.order) throw new FilterValueError('valid.endBeforeStart')
      return { gte: start.from, lte: end.to }
    }
  }
}

/** The `where` of a list query's field filters; every refused filter is named in one 400. */
export function filterWhere(decl: ResourceDecl, query: Record<string, unknown>, locale: Locale): Where {
  const where: Where = {}
  const errors = new Map<string, string>()
  for (const [key, rawValue] of Object.entries(query)) {
    // `pid` is the tree navigation of trees and an ordinary field filter elsewhere (articles by menu, ads by slot).
    const reserved = (RESERVED_LIST_KEYS as readonly string[]).includes(key) && !(key === 'pid' && !decl.tree)
    if (reserved) continue
    const field = filterField(decl, key)
    // An unknown field is refused even when blank; a blank known filter means "any".
    if (!field) {
      errors.set(key, translate(locale, 'valid.unknownField'))
      continue
    }
    if (rawValue === '' || rawValue === undefined) continue
    const { value, op } = parseFilterValue(String(rawValue))
    if (!(FILTER_OPS as readonly string[]).includes(op) || !field.filter!.includes(op as FilterOp)) {
      errors.set(key, translate(locale, 'valid.unknownOp'))
      continue
    }
    try {
      where[key] = condition(filterKind(key, field)!, op as FilterOp, value)
    } catch (err) {
      if (!(err instanceof FilterValueError)) throw err
      errors.set(key, translate(locale, err.key, err.params))
    }
  }
  if (errors.size) throw invalid(Object.fromEntries(errors))
  return where
}
