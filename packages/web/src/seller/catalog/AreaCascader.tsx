import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Group, Select, Stack } from '@mantine/core';
import { api } from '../../api/client';
import { rowsOf } from '../../resource/dict';
import { FieldError } from '../../resource/form/FieldError';
import '../../i18n/backoffice';

const AREAS_URL = '/load_areas';
const LEVELS = ['province', 'city', 'district'] as const;

type Option = { value: string; label: string };

/** Children of one area (pid 0: the provinces), fetched once per parent. */
function useAreaLevels(parents: number[]): Record<number, Option[]> {
  const [loaded, setLoaded] = useState<Record<number, Option[]>>({});
  const requested = useRef(new Set<number>());
  const wanted = parents.join(',');
  useEffect(() => {
    for (const pid of wanted.split(',').map(Number)) {
      if (requested.current.has(pid)) continue;
      requested.current.add(pid);
      api.get<unknown>(AREAS_URL, { pid }).then(
        (answer) => setLoaded((current) => ({ ...current, [pid]: rowsOf(answer).map((row) => ({ value: String(row.id), label: String(row.name ?? '') })) })),
        () => requested.current.delete(pid),
      );
    }
  }, [wanted]);
  return loaded;
}

/** Province › city › district chosen level by level (lazily loaded); the value is the path of the three ids. */
export function AreaCascader({ id, value, onChange, error }: { id: string; value: number[]; onChange: (value: number[]) => void; error?: ReactNode }) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'boCatalog' });
  const levels = useAreaLevels([0, ...value.slice(0, LEVELS.length - 1)]);
  return (
    <Stack gap={2}>
      <Group gap="xs" grow>
        {LEVELS.map((level, depth) => {
          const parent = depth === 0 ? 0 : value[depth - 1];
          if (parent === undefined) return null;
          return (
            <Select
              key={level}
              id={depth === 0 ? id : undefined}
              aria-label={tc(`area.${level}`)}
              placeholder={tc(`area.${level}`)}
              data={levels[parent] ?? []}
              value={value[depth] === undefined ? null : String(value[depth])}
              onChange={(key) => onChange(key === null ? value.slice(0, depth) : [...value.slice(0, depth), Number(key)])}
              searchable
              clearable
            />
          );
        })}
      </Group>
      <FieldError error={error} />
    </Stack>
  );
}
