// The caps of per-line refunds: however a line's units are asked back over several requests, and whatever each asks
// (up to its cap), the parts add up to at most what was paid — exactly what was paid once every unit is back — and a
// request's money splits over its lines and freight to the cent; a request opened earlier no longer fits once another
// took its units or its money.
import { expect, test } from 'vitest'
import fc from 'fast-check'
import { ORDER_STATUS } from '@qshop/shared'
import { isRefusal, lineCap, refundCaps, splitRefund, stillFits, type CapLine } from './caps.ts'

test('a line refunded in any sequence of partial requests gets back exactly what was paid, never more', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 0, max: 10_000_000 }),
      fc.array(fc.tuple(fc.integer({ min: 1, max: 50 }), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 60 }),
      (n, paid, asks) => {
        const line: CapLine = { id: 1, buy_num: n, paid, refunded_num: 0, refunded_money: 0 }
        for (const [k0, fraction] of asks) {
          const left = line.buy_num - line.refunded_num
          if (!left) break
          const k = ((k0 - 1) % left) + 1
          const cap = lineCap(line, k)
          expect(cap).toBeGreaterThanOrEqual(0)
          const asked = Math.floor(cap * fraction)
          line.refunded_num += k
          line.refunded_money += asked
          expect(line.refunded_money).toBeLessThanOrEqual(paid)
        }
        // Whatever was asked before, the last units' cap is the rest of what was paid.
        const left = line.buy_num - line.refunded_num
        if (left) expect(line.refunded_money + lineCap(line, left)).toBe(paid)
      },
    ),
  )
})

test('a request splits its money over its lines by their caps and the freight takes only what is beyond them', () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 1_000_000 })), { minLength: 1, maxLength: 8 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.boolean(),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (specs, freight, unshipped, fraction) => {
        const lines = specs.map(([n, paid], i) => ({ id: i + 1, buy_num: n, paid, refunded_num: 0, refunded_money: 0 }))
        const order = { order_status: unshipped ? ORDER_STATUS.PAID : ORDER_STATUS.SHIPPED, freight_money: freight, lines }
        const caps = refundCaps(order, lines.map((l) => ({ order_goods_id: l.id, num: l.buy_num })))
        if (isRefusal(caps)) throw new Error('refused')
        expect(caps.freight).toBe(unshipped ? freight : 0)
        expect(caps.total).toBe(lines.reduce((s, l) => s + l.paid, 0) + caps.freight)
        const money = Math.floor(caps.total * fraction)
        const split = splitRefund(caps, money)
        expect(split.parts.reduce((s, p) => s + p, 0) + split.freight).toBe(money)
        split.parts.forEach((p, i) => expect(p).toBeLessThanOrEqual(caps.lines[i].cap))
        expect(split.freight).toBeLessThanOrEqual(caps.freight)
      },
    ),
  )
})

test('freight only with the last units of an unshipped order; unknown lines and too many units are refused', () => {
  const lines = [{ id: 1, buy_num: 2, paid: 2000, refunded_num: 0, refunded_money: 0 }, { id: 2, buy_num: 3, paid: 1500, refunded_num: 0, refunded_money: 0 }]
  const order = { order_status: ORDER_STATUS.PAID, freight_money: 800, lines }
  expect(refundCaps(order, [{ order_goods_id: 1, num: 2 }])).toEqual({ lines: [{ order_goods_id: 1, num: 2, cap: 2000 }], freight: 0, total: 2000 })
  expect(refundCaps(order, [{ order_goods_id: 1, num: 2 }, { order_goods_id: 2, num: 3 }])).toMatchObject({ freight: 800, total: 4300 })
  expect(refundCaps(order, [{ order_goods_id: 2, num: 1 }])).toMatchObject({ lines: [{ cap: 500 }], total: 500 })
  expect(refundCaps(order, [{ order_goods_id: 3, num: 1 }])).toEqual({ refused: 'unknownLine', order_goods_id: 3 })
  expect(refundCaps(order, [{ order_goods_id: 2, num: 4 }])).toEqual({ refused: 'tooMany', order_goods_id: 2 })
  // 14.00 over 3 units: 4.67, then 4.66, then the rest 4.67.
  const line = { id: 1, buy_num: 3, paid: 1400, refunded_num: 0, refunded_money: 0 }
  expect(lineCap(line, 1)).toBe(467)
  expect(lineCap({ ...line, refunded_num: 1, refunded_money: 467 }, 1)).toBe(466)
  expect(lineCap({ ...line, refunded_num: 2, refunded_money: 933 }, 1)).toBe(467)
})

test('a request split when opened still fits until another request refunds some of the same units', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, paid, fraction) => {
      const line: CapLine = { id: 1, buy_num: n, paid, refunded_num: 0, refunded_money: 0 }
      const k = Math.max(1, Math.floor(n * fraction))
      const money = Math.floor(lineCap(line, k) * fraction)
      expect(stillFits([line], [{ order_goods_id: 1, num: k, money }])).toBe(true)
      expect(stillFits([line], [{ order_goods_id: 2, num: k, money }])).toBe(false)
      // Another request took every unit this one asks for but one: the units no longer fit.
      expect(stillFits([{ ...line, refunded_num: n - k + 1, refunded_money: 0 }], [{ order_goods_id: 1, num: k, money }])).toBe(false)
    }),
  )
  // 14.00 over 3 units: one unit asked at 4.67; another request then refunded one unit at 4.67, leaving 4.66 for it.
  const line: CapLine = { id: 1, buy_num: 3, paid: 1400, refunded_num: 0, refunded_money: 0 }
  expect(stillFits([line], [{ order_goods_id: 1, num: 1, money: 467 }])).toBe(true)
  const after = { ...line, refunded_num: 1, refunded_money: 467 }
  expect(stillFits([after], [{ order_goods_id: 1, num: 1, money: 467 }])).toBe(false)
  expect(stillFits([after], [{ order_goods_id: 1, num: 1, money: 466 }])).toBe(true)
})
