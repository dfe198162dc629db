// Labels of the logistics resources (freight templates), keyed like `FieldDecl.label`.
import type { Locale } from './messages.ts'

const zh = {
  'fields.freight_name': '模板名称',
  'fields.freight_type': '模板类型',
  'fields.freight_default': '默认模板',
  'fields.freight_regional': '地区模板',
  'fields.f_weight': '首重（kg）',
  'fields.f_price': '首重运费',
  'fields.o_weight': '续重（kg）',
  'fields.o_price': '续重运费',
  'fields.freight_areas': '适用省份 ID',
  'fields.freight_area_names': '适用省份',
}

const en: Record<keyof typeof zh, string> = {
  'fields.freight_name': 'Template name',
  'fields.freight_type': 'Template type',
  'fields.freight_default': 'Default template',
  'fields.freight_regional': 'Regional template',
  'fields.f_weight': 'First weight (kg)',
  'fields.f_price': 'First weight price',
  'fields.o_weight': 'Additional weight step (kg)',
  'fields.o_price': 'Price per additional step',
  'fields.freight_areas': 'Province ids',
  'fields.freight_area_names': 'Provinces',
}

export const LOGISTICS_FIELD_LABELS: Record<Locale, Record<string, string>> = { 'zh-cn': zh, en }
