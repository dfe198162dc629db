import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Pill, Stack } from '@mantine/core';
import { listOf } from '../cells/values';
import type { FieldControlProps } from '../form/fieldProps';
import type { Row } from '../types';
import { TableSelectDialog } from './TableSelectDialog';
import { useRowLabels } from './useRowLabels';
import { FieldError } from '../form/FieldError';

interface TableSelectProps {
  /** Route path of the resource to choose from, e.g. '/Admin/goods_brands' */
  resource: string;
  /** Column shown for a chosen row (default name) */
  labelKey?: string;
  /** Several rows (the value is a list of ids) or one (the value is an id) */
  multiple?: boolean;
}

/** Ids chosen from another resource's list in a dialog. */
export function TableSelectField({ id, value, onChange, error, form }: FieldControlProps) {
  const { t } = useTranslation();
  const { resource, labelKey = 'name', multiple = false } = (form?.props ?? {}) as unknown as TableSelectProps;
  const [opened, setOpened] = useState(false);
  const ids = listOf(value).map(String);
  const [labels, remember] = useRowLabels(resource, ids, labelKey);

  const choose = (rows: Row[]) => {
    remember(rows);
    onChange(multiple ? rows.map((row) => row.id) : rows[0].id);
    setOpened(false);
  };
  const remove = (removed: string) => {
    const rest = ids.filter((item) => item !== removed).map(Number);
    onChange(multiple ? rest : '');
  };

  return (
    <Stack id={id} gap={4}>
      <Group gap="xs">
        {ids.map((item) => (
          <Pill key={item} withRemoveButton onRemove={() => remove(item)} removeButtonProps={{ 'aria-label': t('resource.remove') }}>
            {labels[item] ?? item}
          </Pill>
        ))}
        <Button size="xs" variant="default" onClick={() => setOpened(true)}>
          {t('resource.tableSelect.choose')}
        </Button>
      </Group>
      <FieldError error={error} />
      <TableSelectDialog opened={opened} resource={resource} single={!multiple} onConfirm={choose} onClose={() => setOpened(false)} />
    </Stack>
  );
}
