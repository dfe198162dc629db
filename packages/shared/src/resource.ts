// A back-office resource declared once: the server builds its routes from it, the web its list page.
import { z } from 'zod'
import type { FilterOp } from './list.ts'

export const FORM_KINDS = [
  'icon', 'table_select', 'text', 'password', 'number', 'textarea', 'cascader', 'cascader_lazy', 'select',
  'autocomplete', 'avatar', 'image', 'file', 'editor', 'switch', 'radio', 'datetime', 'daterange', 'date',
] as const
export type FormKind = (typeof FORM_KINDS)[number]

export const COLUMN_KINDS = [
  'text', 'money', 'tags', 'tags_array', 'icon_tags', 'dict', 'dict_tags', 'avatar', 'image', 'custom', 'html', 'images',
] as const
export type ColumnKind = (typeof COLUMN_KINDS)[number]

export type Area = 'admin' | 'seller'
export type DictOption = { label: string; value: string | number; children?: DictOption[] }
/** Options inline, or a dictionary URL answering DictOption[] (or a list whose rows map through labelKey/valueKey). */
export type Dict = DictOption[] | { url: string; labelKey?: string; valueKey?: string }

export type FieldDecl = {
  /** i18n key of the label, e.g. `fields.username` (texts in packages/shared/src/i18n/*fields.ts) */
  label: string
  /** Write schema; a field without one is read-only. */
  input?: z.ZodType
  /** Required when creating (update accepts any subset). */
  required?: boolean
  /** Never answered (passwords). */
  writeOnly?: boolean
  /** Not a column of the table (e.g. role ids of an admin): written and presented by the server part. */
  virtual?: boolean
  /** Shown in the add/edit form only (not in the view dialog). */
  formOnly?: boolean
  form?: { type: FormKind; dict?: Dict; span?: number; maxLength?: number; lazyUrl?: string; props?: Record<string, unknown> }
  /** Column in the list (false: not shown). */
  column?: { type: ColumnKind; dict?: Dict; width?: number } | false
  /** Operators allowed when filtering on this field. */
  filter?: readonly FilterOp[]
  /** What a filter value of this field is, when filterKind() cannot tell it from the name, column or input. */
  filterAs?: FilterKind
  /** Offered in the search panel with this form kind. */
  search?: FormKind
  sortable?: boolean
}

/**
 * How a list filter's value is read before it reaches SQL: a whole number (INT columns), an amount with at most two
 * decimals (DECIMAL), a time 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' (DATETIME) or any text.
 */
export const FILTER_KINDS = ['int', 'money', 'datetime', 'string'] as const
export type FilterKind = (typeof FILTER_KINDS)[number]

type SchemaDef = { type: string; innerType?: z.ZodType; out?: z.ZodType; options?: z.ZodType[]; values?: unknown[] }
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def

/** The filter kind of the values a write schema answers (numbers, texts, dates), when there is one. */
function schemaKind(schema: z.ZodType): FilterKind | undefined {
  const def = defOf(schema)
  switch (def.type) {
    case 'number':
      return 'int'
    case 'string':
    case 'enum':
      return 'string'
    case 'date':
      return 'datetime'
    case 'literal':
      return def.values!.every((v) => typeof v === 'number') ? 'int' : def.values!.every((v) => typeof v === 'string') ? 'string' : undefined
    case 'union': {
      const kinds = new Set(def.options!.map(schemaKind))
      return kinds.size === 1 ? [...kinds][0] : undefined
    }
    case 'pipe':
      return schemaKind(def.out!)
    case 'optional':
    case 'nullable':
    case 'default':
      return schemaKind(def.innerType!)
    default:
      return undefined
  }
}

/**
 * The kind of a field's filter values: declared (`filterAs`), else `id` is a whole number, `*_at` and `*_time` are
 * times, money columns are amounts, else the kind of what the field's input schema answers. Undefined when none
 * applies: the server refuses to serve a filter it cannot type (core/listFilters.ts).
 */
export function filterKind(name: string, field: FieldDecl | undefined): FilterKind | undefined {
  if (field?.filterAs) return field.filterAs
  if (name === 'id') return 'int'
  if (/_(at|time)$/.test(name)) return 'datetime'
  if (field?.column && field.column.type === 'money') return 'money'
  return field?.input ? schemaKind(field.input) : undefined
}

export type TableButton = 'show' | 'store' | 'update' | 'destroy' | 'deletes' | 'search' | 'export' | 'import'
/** Spec §6 defaults: view, add, edit, delete-selected, search, export visible; row delete and import hidden. */
export const DEFAULT_BUTTONS: Record<TableButton, boolean> = {
  show: true, store: true, update: true, deletes: true, search: true, export: true, destroy: false, import: false,
}

export type ResourceDecl<F extends Record<string, FieldDecl> = Record<string, FieldDecl>> = {
  /** Path segment and permission name: `/api/Admin/<name>`, `admin.<name>.index` */
  name: string
  area: Area
  fields: F
  /** Tree rows: children loaded lazily by `pid` */
  tree?: boolean
  /** Actions served (default all) */
  actions?: readonly Action[]
  buttons?: Partial<Record<TableButton, boolean>>
  /** Actions only an account holding everything (a super admin) may call, whatever keys it holds: the server
   *  refuses the others with 403, the web app does not offer them the buttons. */
  superOnly?: readonly Action[]
  /** Default sort, e.g. '-id' */
  sort?: string
}

export const ACTIONS = ['index', 'show', 'store', 'update', 'destroy', 'import'] as const
export type Action = (typeof ACTIONS)[number]

export function defineResource<F extends Record<string, FieldDecl>>(decl: ResourceDecl<F>): ResourceDecl<F> {
  return decl
}

export function permissionKey(area: Area, name: string, action: string): string {
  return `${area}.${name}.${action}`
}

/** The zod object accepted by create (strict: unknown fields are refused). */
export function createSchema(decl: ResourceDecl) {
  const shape: Record<string, z.ZodType> = {}
  for (const [name, f] of Object.entries(decl.fields)) {
    if (!f.input) continue
    shape[name] = f.required ? f.input : f.input.optional()
  }
  return z.strictObject(shape)
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** The zod object accepted by update: any subset of the writable fields. A blank write-only field
 *  (a password left empty in the edit form) means "unchanged". */
export function updateSchema(decl: ResourceDecl) {
  const shape: Record<string, z.ZodType> = {}
  for (const [name, f] of Object.entries(decl.fields)) {
    if (!f.input) continue
    shape[name] = f.writeOnly ? z.preprocess(blankToUndefined, f.input.optional()) : f.input.optional()
  }
  return z.strictObject(shape)
}
