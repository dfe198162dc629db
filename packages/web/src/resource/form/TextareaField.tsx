import { Textarea } from '@mantine/core';
import { TEXTAREA_DEFAULT_MAX_LENGTH } from '../../config';
import type { FieldControlProps } from './fieldProps';

/** A textarea with a counter; 15 characters at most unless the declaration says otherwise. */
export function TextareaField({ id, value, onChange, error, form, placeholder }: FieldControlProps) {
  const text = typeof value === 'string' ? value : '';
  const maxLength = form?.maxLength ?? TEXTAREA_DEFAULT_MAX_LENGTH;
  return (
    <Textarea
      id={id}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={maxLength}
      description={`${text.length}/${maxLength}`}
      inputWrapperOrder={['input', 'description', 'error']}
      autosize
      minRows={2}
      error={error}
      placeholder={placeholder}
    />
  );
}
