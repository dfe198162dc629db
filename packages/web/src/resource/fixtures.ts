// A small resource declaration used by the tests of the generic pages.
import { defineResource, zx } from '@qshop/shared';

export const brands = defineResource({
  name: 'goods_brands',
  area: 'admin',
  fields: {
    name: { label: 'fields.name', input: zx.text(20, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text', sortable: true },
    remark: { label: 'fields.remark', input: zx.text(100), form: { type: 'textarea' }, column: false },
    is_show: {
      label: 'fields.status',
      input: zx.flag(),
      form: { type: 'switch' },
      column: { type: 'dict_tags', dict: [{ label: 'Shown', value: 1 }, { label: 'Hidden', value: 0 }] },
      filter: ['eq'],
      search: 'select',
    },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['between'], search: 'daterange' },
  },
});
