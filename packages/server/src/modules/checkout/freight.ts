// Freight of one store's lines (docs/checkout.md). A goods names its template by freight_id: -1
// free, 0 the store's default template, N the store's template N (one that no longer exists counts as the default).
// A regional template applies only to the provinces it lists; elsewhere the store's default applies. A template
// charges f_price for the first f_weight kg and o_price for every o_weight kg (or part of it) beyond.
//
// Lines with different templates in one store: the lines are grouped by the template that applies to them, each
// template is charged ONCE on the summed weight of its own lines, and the store's freight is the sum over its
// templates. Free lines add nothing. A store whose goods all use its default template (the usual case) is charged
// once on its total weight, as the original charged on the first line's template.
//
// Weights are in hundredths of a kg and money in cents: integers throughout.
import { decimalToCents, sumCents, timesCents, type DecimalLike } from '@qshop/shared'

export const FREE_SHIPPING = -1
export const STORE_DEFAULT = 0
/** freights.is_type */
const DEFAULT_TEMPLATE = 0

export type FreightTemplate = {
  id: number
  is_type: number
  /** database decimals (or their exact text) */
  f_weight: string | DecimalLike
  f_price: string | DecimalLike
  o_weight: string | DecimalLike
  o_price: string | DecimalLike
  area_id: string | null
}

/** A line as freight sees it: its goods' freight_id and its total weight in hundredths of a kg. */
export type FreightLine = { freight_id: number; weight: number }

/** What one template charges for `weight` hundredths of a kg. */
export function templateCharge(t: FreightTemplate, weight: number): number {
  const firstWeight = decimalToCents(t.f_weight)
  const firstPrice = decimalToCents(t.f_price)
  const stepWeight = decimalToCents(t.o_weight)
  const stepPrice = decimalToCents(t.o_price)
  if (firstWeight === 0 && firstPrice === 0) return 0
  if (firstWeight === 0 || weight <= firstWeight || stepWeight <= 0) return firstPrice
  const steps = Math.ceil((weight - firstWeight) / stepWeight)
  return sumCents([firstPrice, timesCents(stepPrice, steps)])
}

const provincesOf = (t: FreightTemplate) => new Set((t.area_id ?? '').split(',').map((s) => Number(s.trim())).filter((n) => n > 0))

/** The template that applies to a goods' freight_id for the province, or null (free, or no template at all). */
function applicable(templates: readonly FreightTemplate[], freightId: number, provinceId: number): FreightTemplate | null {
  if (freightId === FREE_SHIPPING) return null
  const fallback = templates.find((t) => t.is_type === DEFAULT_TEMPLATE) ?? null
  const named = freightId === STORE_DEFAULT ? fallback : (templates.find((t) => t.id === freightId) ?? fallback)
  if (!named || named.is_type === DEFAULT_TEMPLATE) return named
  return provincesOf(named).has(provinceId) ? named : fallback
}

/**
 * The freight in cents of one store's lines delivered to `provinceId` (null: no address yet, freight 0), given the
 * store's templates.
 */
export function storeFreight(templates: readonly FreightTemplate[], lines: readonly FreightLine[], provinceId: number | null): number {
  if (provinceId === null) return 0
  const weightByTemplate = new Map<FreightTemplate, number>()
  for (const line of lines) {
    const t = applicable(templates, line.freight_id, provinceId)
    if (t) weightByTemplate.set(t, (weightByTemplate.get(t) ?? 0) + line.weight)
  }
  return sumCents([...weightByTemplate].map(([t, weight]) => templateCharge(t, weight)))
}
