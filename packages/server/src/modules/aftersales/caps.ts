// The most a request may give back, and how its money is split over its lines (docs/after-checkout.md, "After-sales
// requests"). A line's paid amount is its total less its share of the order's discounts. Asking for k more of its n
// units when r are refunded already caps at round(paid × (r + k) / n) − refunded_money, and at all that is left of paid
// for the last units, so the parts of a line's refunds add up to exactly what was paid for it and never more. Freight
// goes back only with an unshipped order's last units. A request's parts are checked again before its money goes
// back (stillFits): another request may have refunded the same units since it was opened (while it was refused).
// Pure functions over cents: the service reads and writes.
import { ORDER_STATUS, allocate, decimalToCents, sumCents, type DecimalLike } from '@qshop/shared'

export type CapLine = { id: number; buy_num: number; paid: number; refunded_num: number; refunded_money: number }

/** An order_goods row as the services read it for the caps. */
export type CapLineRow = { id: number; buy_num: number; total_price: DecimalLike; discount_money: DecimalLike; refunded_num: number; refunded_money: DecimalLike }

export const capLine = (l: CapLineRow): CapLine => ({
  id: l.id, buy_num: l.buy_num, paid: decimalToCents(l.total_price) - decimalToCents(l.discount_money), refunded_num: l.refunded_num, refunded_money: decimalToCents(l.refunded_money),
})
export type CapOrder = { order_status: number; freight_money: number; lines: CapLine[] }
export type AskedLine = { order_goods_id: number; num: number }

export type Caps = {
  lines: { order_goods_id: number; num: number; cap: number }[]
  /** freight refundable with this request (0 unless it takes an unshipped order's last units) */
  freight: number
  total: number
}

export type CapsRefusal = { refused: 'unknownLine' | 'tooMany'; order_goods_id: number }

/** paid × units / n, rounded half away from zero (every value ≥ 0). */
function share(paid: number, units: number, n: number): number {
  const num = BigInt(paid) * BigInt(units) * 2n + BigInt(n)
  return Number(num / (2n * BigInt(n)))
}

/** The cap of `k` more units of `line`. */
export function lineCap(line: CapLine, k: number): number {
  const after = line.refunded_num + k
  if (after === line.buy_num) return line.paid - line.refunded_money
  return share(line.paid, after, line.buy_num) - line.refunded_money
}

/** The caps of a request for `asked` on `order`, or why it cannot be asked (a line not of the order, too many units). */
export function refundCaps(order: CapOrder, asked: readonly AskedLine[]): Caps | CapsRefusal {
  const byId = new Map(order.lines.map((l) => [l.id, l]))
  const lines: Caps['lines'] = []
  for (const a of asked) {
    const line = byId.get(a.order_goods_id)
    if (!line) return { refused: 'unknownLine', order_goods_id: a.order_goods_id }
    if (!Number.isSafeInteger(a.num) || a.num < 1 || line.refunded_num + a.num > line.buy_num) return { refused: 'tooMany', order_goods_id: a.order_goods_id }
    lines.push({ order_goods_id: a.order_goods_id, num: a.num, cap: lineCap(line, a.num) })
  }
  const askedNum = new Map(asked.map((a) => [a.order_goods_id, a.num]))
  const takesAllLeft = order.lines.every((l) => l.refunded_num + (askedNum.get(l.id) ?? 0) === l.buy_num)
  const freight = order.order_status === ORDER_STATUS.PAID && takesAllLeft ? order.freight_money : 0
  return { lines, freight, total: sumCents([...lines.map((l) => l.cap), freight]) }
}

export const isRefusal = (c: Caps | CapsRefusal): c is CapsRefusal => 'refused' in c

/**
 * Splits `money` (≤ caps.total) over the lines by their caps, the freight taking what is beyond the lines' caps: each
 * part ≤ its cap, parts + freight = money exactly.
 */
export function splitRefund(caps: Caps, money: number): { parts: number[]; freight: number } {
  if (!Number.isSafeInteger(money) || money < 0 || money > caps.total) throw new RangeError(`refund ${money} outside 0..${caps.total}`)
  const weights = caps.lines.map((l) => l.cap)
  const onLines = Math.min(money, sumCents(weights))
  const parts = weights.some((w) => w > 0) ? allocate(onLines, weights) : weights.map(() => 0)
  return { parts, freight: money - onLines }
}

/**
 * Whether a request's parts (`num` units and `money` cents per line, split when it was opened) still fit the lines as
 * they are now: the units are not refunded yet, and each part stays within the cap of that many more units.
 */
export function stillFits(lines: readonly CapLine[], parts: readonly { order_goods_id: number; num: number; money: number }[]): boolean {
  const byId = new Map(lines.map((l) => [l.id, l]))
  return parts.every((p) => {
    const line = byId.get(p.order_goods_id)
    return line !== undefined && line.refunded_num + p.num <= line.buy_num && p.money <= lineCap(line, p.num)
  })
}
