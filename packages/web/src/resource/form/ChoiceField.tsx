import { Autocomplete, Group, MultiSelect, Radio, Select, TagsInput } from '@mantine/core';
import type { FieldControlProps } from './fieldProps';
import { optionValue, selectData } from './selectData';

interface ChoiceProps {
  /** Several values: the value is a list */
  multiple?: boolean;
  /** Values typed in besides the options (with multiple: a tags input) */
  creatable?: boolean;
}

/** select (several values, typed-in values when the declaration says so) and radio over dictionary options. */
export function ChoiceField({ kind, id, value, onChange, error, options, form, placeholder }: FieldControlProps & { kind: 'select' | 'radio' }) {
  const data = selectData(options);
  const key = value === '' || value === null || value === undefined ? null : String(value);
  if (kind === 'radio') {
    return (
      <Radio.Group id={id} value={key} onChange={(next) => onChange(optionValue(options, next))} error={error}>
        <Group gap="md" mt={6}>
          {data.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </Group>
      </Radio.Group>
    );
  }
  const { multiple, creatable } = (form?.props ?? {}) as ChoiceProps;
  const keys = Array.isArray(value) ? value.map(String) : [];
  if (multiple && creatable) {
    return (
      <TagsInput id={id} data={data.map((option) => option.label)} value={keys} onChange={onChange} clearable error={error} placeholder={placeholder} />
    );
  }
  if (multiple) {
    return (
      <MultiSelect
        id={id}
        data={data}
        value={keys}
        onChange={(next) => onChange(next.map((item) => optionValue(options, item)))}
        searchable
        clearable
        error={error}
        placeholder={placeholder}
      />
    );
  }
  return (
    <Select
      id={id}
      data={data}
      value={key}
      onChange={(next) => onChange(optionValue(options, next))}
      searchable
      clearable
      error={error}
      placeholder={placeholder}
    />
  );
}

/** Free text with suggestions taken from the dictionary labels. */
export function AutocompleteField({ id, value, onChange, error, options, placeholder }: FieldControlProps) {
  return (
    <Autocomplete
      id={id}
      data={[...new Set(options.map((option) => option.label))]}
      value={typeof value === 'string' ? value : String(value ?? '')}
      onChange={onChange}
      error={error}
      placeholder={placeholder}
    />
  );
}
