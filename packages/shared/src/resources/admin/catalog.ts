// Admin catalog and stores: the category tree, brands, goods (list, detail, review, home featuring) and stores
// (list, detail; review and open/close are custom routes beside them). Labels: i18n/catalog-fields.ts.
import { z } from 'zod'
import { defineResource, type Dict, type FieldDecl, type ResourceDecl } from '../../resource.ts'
import * as zx from '../../zx.ts'
import { YES_NO } from './rbac.ts'

const count = (max: number) => zx.int().pipe(z.number().min(0).max(max))

/** The category tree (public, cached) for cascaders. */
export const CLASS_TREE: Dict = { url: '/load_goods_classes', labelKey: 'name', valueKey: 'id' }
export const GOODS_STATUS: Dict = [
  { label: 'fields.goods_on_shelf', value: 1 },
  { label: 'fields.goods_off_shelf', value: 0 },
]
export const GOODS_VERIFY_STATES: Dict = [
  { label: 'fields.goods_verify_passed', value: 1 },
  { label: 'fields.goods_verify_pending', value: 2 },
  { label: 'fields.goods_verify_rejected', value: 0 },
]
export const STORE_VERIFY_STATES: Dict = [
  { label: 'fields.store_verify_filling', value: 1 },
  { label: 'fields.store_verify_verifying', value: 2 },
  { label: 'fields.store_verify_denied', value: 3 },
  { label: 'fields.store_verify_passed', value: 4 },
]
const STORE_STATUS: Dict = [
  { label: 'fields.store_open', value: 1 },
  { label: 'fields.store_closed', value: 0 },
]

const name = (label = 'fields.name'): FieldDecl => ({
  label, input: zx.text(64, 1), required: true, form: { type: 'text' }, column: { type: 'text' }, filter: ['eq', 'like'], search: 'text',
})
const thumb: FieldDecl = { label: 'fields.thumb', input: zx.text(255), form: { type: 'image' }, column: { type: 'image' } }
const isSort: FieldDecl = { label: 'fields.is_sort', input: count(100000), form: { type: 'number' }, column: { type: 'text' }, sortable: true }
const createdAt: FieldDecl = { label: 'fields.created_at', column: { type: 'text' }, filter: ['between', 'gte', 'lte'], search: 'daterange', sortable: true }

/** Columns of a goods list (admin and seller). */
export const goodsListFields = {
  goods_master_image: { label: 'fields.goods_master_image', column: { type: 'image', width: 80 } },
  goods_name: { label: 'fields.goods_name', column: { type: 'text' }, filter: ['eq', 'like'], filterAs: 'string', search: 'text' },
  goods_no: { label: 'fields.goods_no', column: { type: 'text' }, filter: ['eq', 'like'], filterAs: 'string', search: 'text' },
  class_id: {
    label: 'fields.goods_class', column: false, filter: ['eq', 'in'], filterAs: 'int', search: 'cascader',
    form: { type: 'cascader', dict: CLASS_TREE, props: { emitPath: false } },
  },
  brand_id: { label: 'fields.goods_brand', column: false, filter: ['eq'], filterAs: 'int' },
  goods_price: { label: 'fields.goods_price', column: { type: 'money' }, filter: ['gte', 'lte', 'between'], sortable: true },
  goods_stock: { label: 'fields.goods_stock', column: { type: 'text' }, filter: ['lte', 'gte'], filterAs: 'int', sortable: true },
  goods_sale: { label: 'fields.goods_sale', column: { type: 'text' }, sortable: true },
  goods_status: { label: 'fields.goods_status', column: { type: 'dict_tags', dict: GOODS_STATUS }, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: GOODS_STATUS } },
  goods_verify: {
    label: 'fields.goods_verify', column: { type: 'dict_tags', dict: GOODS_VERIFY_STATES }, filter: ['eq', 'in'], filterAs: 'int', search: 'select',
    form: { type: 'select', dict: GOODS_VERIFY_STATES },
  },
  refuse_info: { label: 'fields.refuse_info', column: { type: 'text' } },
  created_at: createdAt,
} satisfies Record<string, FieldDecl>

export const goodsClasses = defineResource({
  name: 'goods_classes',
  area: 'admin',
  tree: true,
  sort: 'is_sort',
  fields: {
    // 0 = a top-level category; a level-3 category cannot have children.
    pid: {
      label: 'fields.parent_class',
      input: zx.int().pipe(z.number().min(0).max(2147483647)),
      form: { type: 'cascader', dict: CLASS_TREE, props: { checkStrictly: true, emitPath: false } },
      column: false,
    },
    name: name(),
    thumb,
    is_sort: isSort,
  },
})

export const goodsBrands = defineResource({
  name: 'goods_brands',
  area: 'admin',
  sort: 'is_sort',
  fields: { name: name(), thumb, is_sort: isSort },
})

const STORES_DICT: Dict = { url: '/Admin/stores?isAll=1', labelKey: 'store_name', valueKey: 'id' }

/** Goods of every store: list, detail (GET /goods/{id}), review (PUT /goods/{id}/verify), home featuring, delete. */
export const goods = defineResource({
  name: 'goods',
  area: 'admin',
  actions: ['index', 'update', 'destroy'],
  buttons: { store: false, import: false },
  fields: {
    ...goodsListFields,
    store_id: { label: 'fields.store', column: { type: 'dict', dict: STORES_DICT }, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: STORES_DICT } },
    /** featured on the platform home page (the only field the admin edits) */
    is_master: { label: 'fields.is_master', input: zx.flag(), form: { type: 'switch' }, column: { type: 'dict_tags', dict: YES_NO }, filter: ['eq'] },
  },
})

const text = (label: string, column = false): FieldDecl => ({ label, column: column ? { type: 'text' } : false })
const image = (label: string, column = false): FieldDecl => ({ label, column: column ? { type: 'image' } : false })

/** Stores: list and detail; review (PUT /stores/{id}/verify) and open/close (PUT /stores/{id}/status) are custom. */
export const stores = defineResource({
  name: 'stores',
  area: 'admin',
  actions: ['index', 'show'],
  buttons: { store: false, update: false, deletes: false, destroy: false, import: false },
  fields: {
    store_logo: image('fields.store_logo', true),
    store_name: { label: 'fields.store_name', column: { type: 'text' }, filter: ['eq', 'like'], filterAs: 'string', search: 'text' },
    user_id: { label: 'fields.store_owner_id', column: { type: 'text' }, filter: ['eq'], filterAs: 'int' },
    store_company_name: { label: 'fields.store_company_name', column: { type: 'text' }, filter: ['like'], filterAs: 'string', search: 'text' },
    store_mobile: text('fields.store_mobile', true),
    area_info: text('fields.area_info', true),
    store_address: text('fields.store_address'),
    store_description: text('fields.store_description'),
    store_status: { label: 'fields.store_status', column: { type: 'dict_tags', dict: STORE_STATUS }, filter: ['eq'], filterAs: 'int', search: 'select', form: { type: 'select', dict: STORE_STATUS } },
    store_verify: {
      label: 'fields.store_verify', column: { type: 'dict_tags', dict: STORE_VERIFY_STATES }, filter: ['eq', 'in'], filterAs: 'int', search: 'select',
      form: { type: 'select', dict: STORE_VERIFY_STATES },
    },
    store_refuse_info: text('fields.store_refuse_info', true),
    business_license: image('fields.business_license'),
    business_license_no: text('fields.business_license_no'),
    legal_person: text('fields.legal_person'),
    store_phone: text('fields.store_phone'),
    id_card_no: text('fields.id_card_no'),
    id_card_t: image('fields.id_card_t'),
    id_card_b: image('fields.id_card_b'),
    emergency_contact: text('fields.emergency_contact'),
    emergency_contact_phone: text('fields.emergency_contact_phone'),
    store_money: { label: 'fields.store_money', column: { type: 'money' } },
    store_frozen_money: { label: 'fields.store_frozen_money', column: false },
    /** the categories applied for: level-3 paths */
    class_id: { label: 'fields.store_classes', virtual: true, column: false, form: { type: 'cascader', dict: CLASS_TREE, props: { multiple: true } } },
    created_at: createdAt,
  },
})

export const resources: ResourceDecl[] = [goodsClasses, goodsBrands, goods, stores]
