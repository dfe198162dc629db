// Dictionary options: inline lists, or a dictionary URL answering label/value options or rows
// mapped through labelKey/valueKey; nested children up to 3 levels.
import type { Dict, DictOption } from '@qshop/shared';
import { api } from '../api/client';

export const DICT_MAX_DEPTH = 3;

/** Labels (i18n keys) of a switch's 1/0 when the declaration gives none. */
export const YES_NO: DictOption[] = [
  { label: 'fields.yes', value: 1 },
  { label: 'fields.no', value: 0 },
];

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of an answer: a plain list or a list answer's `data`. */
export function rowsOf(answer: unknown): Raw[] {
  const list = Array.isArray(answer) ? answer : isRecord(answer) && Array.isArray(answer.data) ? answer.data : [];
  return list.filter(isRecord);
}

export function toDictOptions(answer: unknown, labelKey?: string, valueKey?: string, depth = 1): DictOption[] {
  return rowsOf(answer).map((row) => {
    const label = row[labelKey ?? ('label' in row ? 'label' : 'name')];
    const value = row[valueKey ?? ('value' in row ? 'value' : 'id')];
    const option: DictOption = { label: String(label ?? ''), value: typeof value === 'number' ? value : String(value ?? '') };
    const children = depth < DICT_MAX_DEPTH ? toDictOptions(row.children, labelKey, valueKey, depth + 1) : [];
    if (children.length > 0) option.children = children;
    return option;
  });
}

function findOption(options: DictOption[], value: unknown): DictOption | undefined {
  for (const option of options) {
    if (String(option.value) === String(value)) return option;
    const inChildren = option.children && findOption(option.children, value);
    if (inChildren) return inChildren;
  }
  return undefined;
}

/** The label of a value, or of each value of a list (a cascader path or multi-select) joined with '/'. */
export function dictLabel(options: DictOption[], value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => dictLabel(options, item)).join('/');
  if (value === null || value === undefined || value === '') return '';
  return findOption(options, value)?.label ?? String(value);
}

const urlCache = new Map<string, Promise<DictOption[]>>();

export function loadDictUrl(dict: Exclude<Dict, DictOption[]>): Promise<DictOption[]> {
  const key = `${dict.url}#${dict.labelKey ?? ''}#${dict.valueKey ?? ''}`;
  let pending = urlCache.get(key);
  if (!pending) {
    pending = api.get<unknown>(dict.url).then((answer) => toDictOptions(answer, dict.labelKey, dict.valueKey));
    pending.catch(() => urlCache.delete(key));
    urlCache.set(key, pending);
  }
  return pending;
}

/** Dictionary answers may change after a write: the next use fetches them again. */
export function clearDictCache() {
  urlCache.clear();
}
