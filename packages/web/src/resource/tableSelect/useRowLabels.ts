import { useEffect, useState } from 'react';
import type { ListAnswer } from '@qshop/shared';
import { api } from '../../api/client';
import { PAGE_SIZES } from '../../config';
import type { Row } from '../types';

export type RowLabels = Record<string, string>;

export function labelOf(row: Row, labelKey: string): string {
  return String(row[labelKey] ?? row.id);
}

/**
 * Labels of chosen ids: known from the rows just chosen, else fetched from the resource with
 * `id=1,2|in`.
 */
export function useRowLabels(resource: string, ids: string[], labelKey: string): [RowLabels, (rows: Row[]) => void] {
  const [labels, setLabels] = useState<RowLabels>({});
  const missing = ids.filter((id) => !(id in labels)).join(',');
  useEffect(() => {
    if (!missing) return;
    api
      .get<ListAnswer<Row>>(resource, { id: `${missing}|in`, per_page: PAGE_SIZES[PAGE_SIZES.length - 1] })
      .then((answer) => {
        const found = Object.fromEntries((answer?.data ?? []).map((row) => [String(row.id), labelOf(row, labelKey)]));
        setLabels((current) => ({ ...Object.fromEntries(missing.split(',').map((id) => [id, id])), ...current, ...found }));
      })
      .catch(() => undefined);
  }, [resource, missing, labelKey]);
  const remember = (rows: Row[]) =>
    setLabels((current) => ({ ...current, ...Object.fromEntries(rows.map((row) => [String(row.id), labelOf(row, labelKey)])) }));
  return [labels, remember];
}
