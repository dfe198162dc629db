import { useEffect, useRef, useState } from 'react';
import { Group, MultiSelect, Select, Stack } from '@mantine/core';
import type { DictOption } from '@qshop/shared';
import { api } from '../../api/client';
import { DICT_MAX_DEPTH, rowsOf } from '../dict';
import type { FieldControlProps } from './fieldProps';
import { optionValue, selectData } from './selectData';
import { FieldError } from './FieldError';

/** The lazy cascader's default source: China's areas, one level per request. */
const DEFAULT_LAZY_URL = '/load_areas';
const ROOT = '0';

interface CascaderProps {
  /** Columns of lazily loaded rows shown and posted (default name / id) */
  labelKey?: string;
  valueKey?: string;
  /** Several nodes chosen: the value is a list */
  multiple?: boolean;
}

/** One option of a level: what it shows and posts, the id its children are requested by, whether it has any. */
interface LevelOption extends DictOption {
  parentKey: string;
  leaf: boolean;
}

function lazyOptions(answer: unknown, labelKey = 'name', valueKey = 'id'): LevelOption[] {
  return rowsOf(answer).map((row) => {
    const value = row[valueKey];
    return {
      label: String(row[labelKey] ?? ''),
      value: typeof value === 'number' ? value : String(value ?? ''),
      parentKey: String(row.id ?? value),
      leaf: row.has_children === false,
    };
  });
}

function staticOptions(options: DictOption[]): LevelOption[] {
  return options.map((option) => ({ ...option, parentKey: String(option.value), leaf: !option.children?.length }));
}

/** The values from a root down to `value` in an option tree. */
function pathTo(options: DictOption[], value: unknown): DictOption[] {
  for (const option of options) {
    if (String(option.value) === String(value)) return [option];
    const below = option.children ? pathTo(option.children, value) : [];
    if (below.length) return [option, ...below];
  }
  return [];
}

/** Every node of a tree, labelled by its path ('Parent / Child'), for choosing several. */
function flattenTree(options: DictOption[], prefix = ''): DictOption[] {
  return options.flatMap((option) => {
    const label = prefix ? `${prefix} / ${option.label}` : option.label;
    return [{ label, value: option.value }, ...flattenTree(option.children ?? [], label)];
  });
}

function useLazyLevels(url: string | null, parents: string[], labelKey?: string, valueKey?: string): Record<string, LevelOption[]> {
  const [loaded, setLoaded] = useState<Record<string, LevelOption[]>>({});
  const requested = useRef(new Set<string>());
  const wanted = parents.join('/');
  useEffect(() => {
    if (!url) return;
    for (const parent of wanted.split('/')) {
      if (requested.current.has(parent)) continue;
      requested.current.add(parent);
      api.get<unknown>(url, { pid: parent }).then(
        (answer) => setLoaded((current) => ({ ...current, [parent]: lazyOptions(answer, labelKey, valueKey) })),
        () => requested.current.delete(parent),
      );
    }
  }, [url, wanted, labelKey, valueKey]);
  return loaded;
}


/**
 * cascader / cascader_lazy: one select per level, up to 3; the value is the deepest option chosen
 * (children of cascader_lazy fetched from {lazy url}&pid=<id>, pid=0 for the roots). With `multiple`,
 * any nodes of the tree are chosen and the value is their list.
 */
export function CascaderField({ id, value, onChange, error, options, form, placeholder, lazy }: FieldControlProps & { lazy: boolean }) {
  const props = (form?.props ?? {}) as CascaderProps;
  const [chosen, setChosen] = useState<LevelOption[]>([]);
  const staticPath = lazy ? [] : staticOptions(pathTo(options, value));
  const path = chosen.length || lazy ? chosen : staticPath;
  const lazyLevels = useLazyLevels(
    lazy ? (form?.lazyUrl ?? DEFAULT_LAZY_URL) : null,
    [ROOT, ...path.map((option) => option.parentKey)],
    props.labelKey,
    props.valueKey,
  );

  if (props.multiple && !lazy) {
    const flat = flattenTree(options);
    return (
      <MultiSelect
        id={id}
        data={selectData(flat)}
        value={Array.isArray(value) ? value.map(String) : []}
        onChange={(keys) => onChange(keys.map((key) => optionValue(flat, key)))}
        searchable
        clearable
        error={error}
        placeholder={placeholder}
      />
    );
  }

  const levelAt = (depth: number): LevelOption[] => {
    if (lazy) return lazyLevels[depth === 0 ? ROOT : path[depth - 1].parentKey] ?? [];
    return staticOptions(depth === 0 ? options : (pathTo(options, path[depth - 1].value).at(-1)?.children ?? []));
  };

  const levels: LevelOption[][] = [];
  for (let depth = 0; depth < DICT_MAX_DEPTH; depth += 1) {
    if (depth > 0 && (!path[depth - 1] || path[depth - 1].leaf)) break;
    const choices = levelAt(depth);
    if (depth > 0 && choices.length === 0) break;
    levels.push(choices);
  }

  const choose = (depth: number, key: string | null) => {
    const picked = levels[depth].find((option) => String(option.value) === key);
    const next = picked ? [...path.slice(0, depth), picked] : path.slice(0, depth);
    setChosen(next);
    onChange(next.at(-1)?.value ?? '');
  };

  // An edited lazy value cannot be placed in the tree before it is chosen again: it shows as the hint.
  const currentHint = lazy && !chosen.length && value !== '' && value != null ? String(value) : placeholder;

  return (
    <Stack gap={2}>
      <Group gap="xs" grow>
        {levels.map((choices, depth) => (
          <Select
            key={depth}
            id={depth === 0 ? id : undefined}
            data={selectData(choices)}
            value={path[depth] ? String(path[depth].value) : null}
            onChange={(key) => choose(depth, key)}
            placeholder={depth === 0 ? currentHint : undefined}
            clearable
            searchable
          />
        ))}
      </Group>
      <FieldError error={error} />
    </Stack>
  );
}
