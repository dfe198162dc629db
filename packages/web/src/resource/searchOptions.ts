// The search panel's options and the list query they produce:
// each filled option sends `field=value|op`, lists joined with commas.
import type { Dict, DictOption, FieldDecl, FilterOp, FormKind, ResourceDecl } from '@qshop/shared';
import './fieldLabels';

export interface SearchOption {
  type: FormKind;
  /** i18n key of the label */
  label: string;
  /** The field filtered on */
  value: string;
  /** Label shown when the language is English, instead of the translated key */
  elabel?: string;
  /** Inline options */
  data?: DictOption[];
  dict?: Dict;
  /** i18n key of the placeholder */
  placeholder?: string;
  where?: FilterOp;
}

const TEXT_KINDS: readonly FormKind[] = ['text', 'textarea', 'autocomplete', 'password'];

/** The operator a search input of this kind means, if the field allows it; else the field's first one. */
function operatorFor(kind: FormKind, allowed: readonly FilterOp[]): FilterOp {
  const preferred: FilterOp = kind === 'daterange' ? 'between' : TEXT_KINDS.includes(kind) ? 'like' : 'eq';
  return allowed.includes(preferred) ? preferred : (allowed[0] ?? 'eq');
}

function optionOf(name: string, field: FieldDecl, kind: FormKind): SearchOption {
  const dict = field.form?.dict ?? (field.column ? field.column.dict : undefined);
  return {
    type: kind,
    label: field.label,
    value: name,
    dict,
    where: operatorFor(kind, field.filter ?? []),
  };
}

export function searchOptionsOf(decl: ResourceDecl): SearchOption[] {
  return Object.entries(decl.fields).flatMap(([name, field]) => (field.search ? [optionOf(name, field, field.search)] : []));
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.every((item) => item === '' || item == null));

/** A date range covers its last day entirely. */
function dayBounds(range: unknown[]): unknown[] {
  const [from, to] = range;
  return [`${String(from)} 00:00:00`, `${String(to)} 23:59:59`];
}

export function searchQuery(options: SearchOption[], values: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const option of options) {
    let value = values[option.value];
    if (isEmpty(value)) continue;
    if (option.type === 'daterange' && Array.isArray(value) && value.length === 2) value = dayBounds(value);
    const text = Array.isArray(value) ? value.join(',') : String(value);
    query[option.value] = `${text}|${option.where ?? 'eq'}`;
  }
  return query;
}
