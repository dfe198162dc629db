// The list contract of docs/architecture.md: paging, whitelisted filters, trees.
export const PAGE_SIZES = [30, 100, 200, 300, 400] as const
export const DEFAULT_PAGE_SIZE = 30

export const FILTER_OPS = ['eq', 'like', 'gt', 'gte', 'lt', 'lte', 'in', 'between'] as const
export type FilterOp = (typeof FILTER_OPS)[number]

/** Query keys every list understands besides field filters. */
export const RESERVED_LIST_KEYS = ['page', 'per_page', 'sort', 'isChildren', 'pid', 'isAll'] as const

/**
 * The back offices' lists (the resource engine) count matching rows up to this many: past it an exact count reads every
 * matching row on every page (a million orders: bench/lists.ts, docs/scaling.md), and nobody pages that far. A list that
 * matches more answers this as its total, with `total_capped`.
 */
export const LIST_TOTAL_CAP = 10_000

export type ListAnswer<T> = {
  data: T[]
  count: number
  /** the rows matching, or LIST_TOTAL_CAP when `total_capped` */
  total: number
  /** more rows than LIST_TOTAL_CAP match (resource lists only) */
  total_capped?: boolean
  per_page: number
  last_page: number
  current_page: number
}

/** Splits a filter value `v|op` into value and operator (eq when none). */
export function parseFilterValue(raw: string): { value: string; op: string } {
  const bar = raw.lastIndexOf('|')
  if (bar < 0) return { value: raw, op: 'eq' }
  return { value: raw.slice(0, bar), op: raw.slice(bar + 1) }
}
