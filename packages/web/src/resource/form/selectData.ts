import type { DictOption } from '@qshop/shared';

/** Mantine selects work on strings: options keyed by their value as text. */
export function selectData(options: DictOption[]) {
  return options.map((option) => ({ value: String(option.value), label: option.label }));
}

/** The option value (number or string, as the dictionary has it) of a selected text key. */
export function optionValue(options: DictOption[], key: string | null): string | number | '' {
  if (key === null) return '';
  return options.find((option) => String(option.value) === key)?.value ?? key;
}
