import { Group, Input, Select } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';

interface AreaOption {
  id: number;
  name: string;
  has_children: boolean;
}

const ROOT = 0;
const LEVELS = 3;

/**
 * Province / city / district, each level loaded when its parent is chosen (GET /api/load_areas?pid=<area id>,
 * 0 for the provinces). The value is the chosen area ids, complete at 3.
 */
export function AreaCascader({ label, value, onChange, error, required }: {
  label: string;
  value: number[];
  onChange: (value: number[]) => void;
  error?: string;
  required?: boolean;
}) {
  const { t: tc } = useTranslation(undefined, { keyPrefix: 'catalog' });
  const [levels, setLevels] = useState<Record<number, AreaOption[]>>({});
  const requested = useRef(new Set<number>());
  const parents = [ROOT, ...value.slice(0, LEVELS - 1)];
  const wanted = parents.join(',');

  useEffect(() => {
    for (const pid of wanted.split(',').map(Number)) {
      if (requested.current.has(pid)) continue;
      requested.current.add(pid);
      api.get<AreaOption[]>('/load_areas', { pid }).then(
        (rows) => setLevels((current) => ({ ...current, [pid]: rows ?? [] })),
        () => requested.current.delete(pid),
      );
    }
  }, [wanted]);

  const placeholders = [tc('join.province'), tc('join.city'), tc('join.district')];
  const choose = (depth: number, id: string | null) => {
    const next = value.slice(0, depth);
    if (id) next.push(Number(id));
    onChange(next);
  };

  return (
    <Input.Wrapper label={label} error={error} required={required}>
      <Group gap="xs" grow>
        {parents.map((pid, depth) => {
          if (depth > 0 && value.length < depth) return null;
          const options = levels[pid] ?? [];
          return (
            <Select
              key={depth}
              data={options.map((o) => ({ value: String(o.id), label: o.name }))}
              value={value[depth] !== undefined ? String(value[depth]) : null}
              onChange={(id) => choose(depth, id)}
              placeholder={placeholders[depth]}
              aria-label={placeholders[depth]}
              searchable
              clearable
              error={Boolean(error)}
            />
          );
        })}
      </Group>
    </Input.Wrapper>
  );
}
