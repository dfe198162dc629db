import type { FieldDecl, FormKind, ResourceDecl } from '@qshop/shared';
import { FORM_COLUMN_SPAN } from '../../config';
import { listOf } from '../cells/values';
import type { FormMode } from '../validation';

/** Forms lay fields out on a 24-column grid: span 12 puts two fields on a row. */
export const FORM_GRID_COLUMNS = 24;

export interface FormFieldModel {
  name: string;
  field: FieldDecl;
  kind: FormKind;
  span: number;
}

/** Kinds whose value is a list when the declaration says `multiple`. */
const MULTIPLE_KINDS: readonly FormKind[] = ['cascader', 'select', 'table_select'];

/** The writable fields that have a form control, in declaration order. */
export function formFieldsOf(decl: ResourceDecl): FormFieldModel[] {
  return Object.entries(decl.fields).flatMap(([name, field]) => {
    if (!field.input || !field.form) return [];
    const kind = field.form.type;
    const span = field.form.span ?? (kind === 'editor' ? FORM_GRID_COLUMNS : FORM_COLUMN_SPAN);
    return [{ name, field, kind, span }];
  });
}

function initialValue(model: FormFieldModel, stored: unknown, mode: FormMode): unknown {
  if (model.field.writeOnly) return '';
  const multiple = (model.field.form?.props as { multiple?: boolean } | undefined)?.multiple;
  if (model.kind === 'daterange' || (multiple && MULTIPLE_KINDS.includes(model.kind))) return listOf(stored);
  if (model.kind === 'switch') return stored ?? (mode === 'create' ? 0 : '');
  return stored ?? '';
}

/** Form values: empty on add, the record's on edit (write-only fields stay empty: "unchanged"). */
export function initialValues(models: FormFieldModel[], record: Record<string, unknown> | null, mode: FormMode): Record<string, unknown> {
  return Object.fromEntries(models.map((model) => [model.name, initialValue(model, record?.[model.name], mode)]));
}
