// Seller catalog: goods (list and delete here; the form is a custom page on GET/POST/PUT /goods[/{id}] with
// schemas/catalog.ts bodies), attributes with their specs, the platform's brands, and the image space.
import { z } from 'zod'
import { defineResource, type Dict, type ResourceDecl } from '../../resource.ts'
import * as zx from '../../zx.ts'
import { YES_NO } from '../admin/rbac.ts'
import { goodsListFields } from '../admin/catalog.ts'

const DIRS: Dict = { url: '/Seller/file_space_dirs?isAll=1', labelKey: 'name', valueKey: 'id' }

export const goods = defineResource({
  name: 'goods',
  area: 'seller',
  actions: ['index', 'destroy'],
  buttons: { import: false },
  fields: {
    ...goodsListFields,
    is_recommend: { label: 'fields.is_recommend', column: { type: 'dict_tags', dict: YES_NO }, filter: ['eq'], filterAs: 'int' },
  },
})

/** An attribute (e.g. colour) and its values (specs), synced by name on update. */
export const goodsAttrs = defineResource({
  name: 'goods_attrs',
  area: 'seller',
  fields: {
    name: { label: 'fields.attr_name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    specs: {
      label: 'fields.attr_specs',
      input: z.preprocess(
        (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
        z.array(zx.text(64, 1).refine((s) => !s.includes(','), { message: 'format' })).max(100),
      ),
      virtual: true,
      form: { type: 'select', props: { multiple: true, creatable: true, searchable: true } },
      column: { type: 'tags_array' },
    },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, sortable: true },
  },
})

/** The platform's brands, for the goods form. */
export const goodsBrands = defineResource({
  name: 'goods_brands',
  area: 'seller',
  actions: ['index'],
  sort: 'is_sort',
  buttons: { show: false, store: false, update: false, deletes: false, export: false },
  fields: {
    name: { label: 'fields.name', column: { type: 'text' }, filter: ['eq', 'like'], filterAs: 'string', search: 'text' },
    thumb: { label: 'fields.thumb', column: { type: 'image' } },
    is_sort: { label: 'fields.is_sort', column: false, sortable: true },
  },
})

export const fileSpaceDirs = defineResource({
  name: 'file_space_dirs',
  area: 'seller',
  fields: {
    name: { label: 'fields.name', input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text' },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, sortable: true },
  },
})

/** Files uploaded for goods (POST /Seller/uploads with name=goods); moved between folders by editing dir_id. */
export const fileSpaces = defineResource({
  name: 'file_spaces',
  area: 'seller',
  actions: ['index', 'update', 'destroy'],
  buttons: { show: false, store: false, import: false },
  fields: {
    url: { label: 'fields.image', column: { type: 'image', width: 80 } },
    name: { label: 'fields.file_name', input: zx.text(255, 1), form: { type: 'text' }, column: { type: 'text' }, filter: ['like'], search: 'text' },
    /** 0 = the root folder */
    dir_id: {
      label: 'fields.file_dir',
      input: zx.int().pipe(z.number().min(0).max(2147483647)),
      form: { type: 'select', dict: DIRS },
      column: { type: 'dict', dict: DIRS },
      filter: ['eq'],
      search: 'select',
    },
    ext_name: { label: 'fields.file_ext', column: { type: 'text' } },
    info: { label: 'fields.file_size', column: { type: 'text' } },
    created_at: { label: 'fields.created_at', column: { type: 'text' }, filter: ['between'], search: 'daterange', sortable: true },
  },
})

export const resources: ResourceDecl[] = [goods, goodsAttrs, goodsBrands, fileSpaceDirs, fileSpaces]
