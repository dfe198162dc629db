// Seller freight templates: the store's default template (is_type 0) and regional ones (is_type 1, province ids).
// Freight is computed at checkout from the goods' template, the order weight and the destination province.
import { defineResource } from '../../resource.ts'
import * as zx from '../../zx.ts'

const weight = () => zx.money({ max: 99999999.99 })

export const freights = defineResource({
  name: 'freights',
  area: 'seller',
  fields: {
    name: { label: 'fields.freight_name', input: zx.text(120, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    is_type: {
      label: 'fields.freight_type',
      input: zx.flag(),
      form: { type: 'radio', dict: [{ label: 'fields.freight_default', value: 0 }, { label: 'fields.freight_regional', value: 1 }] },
      column: { type: 'dict_tags', dict: [{ label: 'fields.freight_default', value: 0 }, { label: 'fields.freight_regional', value: 1 }] },
      filter: ['eq'],
    },
    f_weight: { label: 'fields.f_weight', input: weight(), form: { type: 'number' }, column: { type: 'text' } },
    f_price: { label: 'fields.f_price', input: zx.money(), form: { type: 'number' }, column: { type: 'money' } },
    o_weight: { label: 'fields.o_weight', input: weight(), form: { type: 'number' }, column: { type: 'text' } },
    o_price: { label: 'fields.o_price', input: zx.money(), form: { type: 'number' }, column: { type: 'money' } },
    area_id: { label: 'fields.freight_areas', input: zx.text(2000).regex(/^(\d+(,\d+)*)?$/), form: { type: 'textarea', maxLength: 2000 }, column: false },
    area_name: { label: 'fields.freight_area_names', input: zx.text(5000), form: { type: 'textarea', maxLength: 5000 }, column: { type: 'text' } },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, sortable: true },
  },
})

export const resources = [freights]
