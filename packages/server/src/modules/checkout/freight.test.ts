// Freight of a store's lines (the combination rule of docs/checkout.md), in cents.
import { describe, expect, test } from 'vitest'
import { storeFreight, templateCharge, type FreightTemplate } from './freight.ts'

const BEIJING = 110000
const SHANGHAI = 310000
const TIBET = 540000

/** default: 10.00 for the first 1 kg, 5.00 per further 1 kg (or part) */
const byDefault: FreightTemplate = { id: 1, is_type: 0, f_weight: '1.00', f_price: '10.00', o_weight: '1.00', o_price: '5.00', area_id: null }
/** remote provinces: 20.00 for the first 0.5 kg, 8.00 per further 0.5 kg */
const remote: FreightTemplate = { id: 2, is_type: 1, f_weight: '0.50', f_price: '20.00', o_weight: '0.50', o_price: '8.00', area_id: `${TIBET}, 650000` }
/** a flat 6.00 anywhere it applies */
const flat: FreightTemplate = { id: 3, is_type: 1, f_weight: '0', f_price: '6.00', o_weight: '0', o_price: '0', area_id: `${BEIJING},${SHANGHAI}` }
const templates = [byDefault, remote, flat]

describe('one template', () => {
  test.each([
    ['within the first weight', 100, 1000],
    ['just past it: one step', 101, 1500],
    ['2.5 kg: two steps (ceil)', 250, 2000],
    ['exactly 3 kg: two steps', 300, 2000],
    ['nothing weighed', 0, 1000],
  ])('%s', (_name, weight, cents) => expect(templateCharge(byDefault, weight)).toBe(cents))

  test('no first weight: the first price flat, whatever the weight', () => expect(templateCharge(flat, 99_999)).toBe(600))
  test('no step weight: the first price however far past the first weight', () =>
    expect(templateCharge({ ...byDefault, o_weight: '0' }, 1000)).toBe(1000))
  test('a template of zeros charges nothing', () => expect(templateCharge({ ...byDefault, f_weight: '0', f_price: '0' }, 500)).toBe(0))
})

describe("a store's lines", () => {
  test('freight_id 0 is the store default; a regional template applies in its provinces only, else the default', () => {
    expect(storeFreight(templates, [{ freight_id: 0, weight: 250 }], TIBET)).toBe(2000)
    expect(storeFreight(templates, [{ freight_id: 2, weight: 120 }], TIBET)).toBe(2000 + 2 * 800)
    expect(storeFreight(templates, [{ freight_id: 2, weight: 120 }], BEIJING)).toBe(1500)
  })

  test('free lines (-1) cost nothing, and no address yet means no freight', () => {
    expect(storeFreight(templates, [{ freight_id: -1, weight: 5000 }], BEIJING)).toBe(0)
    expect(storeFreight(templates, [{ freight_id: 0, weight: 250 }], null)).toBe(0)
  })

  test('a template that no longer exists counts as the default; a store without templates charges nothing', () => {
    expect(storeFreight(templates, [{ freight_id: 99, weight: 100 }], BEIJING)).toBe(1000)
    expect(storeFreight([], [{ freight_id: 0, weight: 100 }], BEIJING)).toBe(0)
  })

  test('lines of one template are charged once on their summed weight', () => {
    // 0.6 + 0.6 = 1.2 kg: 10.00 + one step, not 10.00 twice
    expect(storeFreight(templates, [{ freight_id: 0, weight: 60 }, { freight_id: 0, weight: 60 }], BEIJING)).toBe(1500)
    // a regional line outside its provinces joins the default's weight
    expect(storeFreight(templates, [{ freight_id: 0, weight: 60 }, { freight_id: 2, weight: 60 }], BEIJING)).toBe(1500)
  })

  test('lines of different templates: each template on its own lines, the charges summed; free lines add nothing', () => {
    const lines = [
      { freight_id: 0, weight: 150 },
      { freight_id: 3, weight: 800 },
      { freight_id: -1, weight: 1000 },
    ]
    expect(storeFreight(templates, lines, SHANGHAI)).toBe(1500 + 600)
  })
})
