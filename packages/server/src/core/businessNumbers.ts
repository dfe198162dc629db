// The numbers people and gateways see for orders, payments, refunds and settlement runs: one format, one clock (the
// site's, core/siteCalendar.ts, as every time shown). A kind's letter, the time to the second, then 12 random digits; each column's
// unique key refuses the rare repeat (the unit runs again with a new number). At most 27 characters: they fit the
// columns (32) and what the gateways take as a merchant's own number (WeChat Pay's out_trade_no, 32).
import { randomInt } from 'node:crypto'
import { currentCalendar } from './siteCalendar.ts'

/** The letter each kind starts with; orders have none (the number a shopper reads out is digits only). */
const PREFIX = { order: '', payment: 'P', refund: 'R', settlement: 'S', integral_order: 'J' } as const
export type BusinessNumberKind = keyof typeof PREFIX

export function businessNumber(kind: BusinessNumberKind, now = new Date()): string {
  const stamp = currentCalendar().stamp(now)
  const random = String(randomInt(0, 1e6)).padStart(6, '0') + String(randomInt(0, 1e6)).padStart(6, '0')
  return `${PREFIX[kind]}${stamp}${random}`
}
