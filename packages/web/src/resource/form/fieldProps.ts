import type { ReactNode } from 'react';
import type { DictOption, FieldDecl } from '@qshop/shared';

/** What every field control receives from the form builder or the search panel. */
export interface FieldControlProps {
  /** Element id; the row's label points at it. */
  id: string;
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: ReactNode;
  options: DictOption[];
  form?: FieldDecl['form'];
  placeholder?: string;
}
