// Which values a resource shows, and how: the list's columns and the view dialog's fields.
import type { ColumnKind, Dict, FieldDecl, FormKind, ResourceDecl } from '@qshop/shared';
import { YES_NO } from './dict';
import './fieldLabels';

export interface ColumnModel {
  name: string;
  /** i18n key of the header */
  label: string;
  kind: ColumnKind;
  dict?: Dict;
  width?: number;
  /** the server orders the list by it on request */
  sortable?: boolean;
}

export const CREATED_AT = 'created_at';
/** Kinds shown only in the view dialog. */
const VIEW_ONLY: readonly ColumnKind[] = ['html', 'images'];

/** Every list row carries its creation time (the server always answers it). */
const createdAtColumn: ColumnModel = { name: CREATED_AT, label: `fields.${CREATED_AT}`, kind: 'text' };

const VIEW_KIND_OF_FORM: Partial<Record<FormKind, ColumnKind>> = {
  editor: 'html',
  avatar: 'avatar',
  image: 'image',
  icon: 'icon_tags',
  switch: 'tags',
  select: 'dict',
  radio: 'dict',
  cascader: 'dict',
};

function withCreatedAt(columns: ColumnModel[]): ColumnModel[] {
  return columns.some((column) => column.name === CREATED_AT) ? columns : [...columns, createdAtColumn];
}

function modelOf(name: string, field: FieldDecl, kind: ColumnKind): ColumnModel {
  const column = field.column || undefined;
  const dict = column?.dict ?? field.form?.dict ?? (field.form?.type === 'switch' ? YES_NO : undefined);
  return { name, label: field.label, kind, dict, width: column?.width, sortable: field.sortable };
}

export function tableColumnsOf(decl: ResourceDecl): ColumnModel[] {
  const columns = Object.entries(decl.fields).flatMap(([name, field]) =>
    field.column && !VIEW_ONLY.includes(field.column.type) ? [modelOf(name, field, field.column.type)] : [],
  );
  return withCreatedAt(columns);
}

/** The view dialog shows every readable field: by its column kind, else by what its form kind holds. */
export function viewFieldsOf(decl: ResourceDecl): ColumnModel[] {
  const fields = Object.entries(decl.fields).flatMap(([name, field]) => {
    if (field.writeOnly || field.formOnly) return [];
    const kind = field.column ? field.column.type : field.form ? (VIEW_KIND_OF_FORM[field.form.type] ?? 'text') : 'text';
    return [modelOf(name, field, kind)];
  });
  return withCreatedAt(fields);
}
