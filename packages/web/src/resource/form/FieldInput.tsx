import { lazy, Suspense } from 'react';
import { Loader, NumberInput, PasswordInput, Switch, TextInput } from '@mantine/core';
import type { FormKind } from '@qshop/shared';
import { TableSelectField } from '../tableSelect/TableSelectField';
import { CascaderField } from './CascaderField';
import { AutocompleteField, ChoiceField } from './ChoiceField';
import { DateField, DateRangeField } from './DateField';
import type { FieldControlProps } from './fieldProps';
import { TextareaField } from './TextareaField';
import { UploadField } from './UploadField';

// The editor (tiptap) and the icon picker (≈660 names, the icon font) are large: each arrives in its
// own chunk when a form needs it.
const RichTextField = lazy(() => import('../editor/RichTextField'));
const IconPicker = lazy(() => import('../icons/IconPicker'));

const isOn = (value: unknown) => value === 1 || value === '1' || value === true;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The control of one field kind. */
export function FieldInput({ kind, ...props }: FieldControlProps & { kind: FormKind }) {
  const { id, value, onChange, error, placeholder } = props;
  switch (kind) {
    case 'icon':
      return (
        <Suspense fallback={<Loader size="sm" />}>
          <IconPicker {...props} />
        </Suspense>
      );
    case 'table_select':
      return <TableSelectField {...props} />;
    case 'text':
      return <TextInput id={id} value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} error={error} placeholder={placeholder} />;
    case 'password':
      return (
        <PasswordInput
          id={id}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          autoComplete="new-password"
          error={error}
          placeholder={placeholder}
        />
      );
    case 'number':
      return <NumberInput id={id} value={typeof value === 'number' ? value : text(value)} onChange={onChange} error={error} placeholder={placeholder} />;
    case 'textarea':
      return <TextareaField {...props} />;
    case 'cascader':
    case 'cascader_lazy':
      return <CascaderField {...props} lazy={kind === 'cascader_lazy'} />;
    case 'select':
    case 'radio':
      return <ChoiceField {...props} kind={kind} />;
    case 'autocomplete':
      return <AutocompleteField {...props} />;
    case 'avatar':
    case 'image':
    case 'file':
      return <UploadField {...props} kind={kind} />;
    case 'editor':
      return (
        <Suspense fallback={<Loader size="sm" />}>
          <RichTextField {...props} />
        </Suspense>
      );
    case 'switch':
      return <Switch id={id} checked={isOn(value)} onChange={(event) => onChange(event.currentTarget.checked ? 1 : 0)} error={error} mt={6} />;
    case 'datetime':
    case 'date':
      return <DateField {...props} kind={kind} />;
    case 'daterange':
      return <DateRangeField {...props} />;
  }
}
