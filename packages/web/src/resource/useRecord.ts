import { useEffect, useState } from 'react';
import { api } from '../api/client';
import type { Row } from './types';

/** One record from GET {endpoint}/{id}; null id: nothing to load (add dialog). */
export function useRecord(endpoint: string, id: number | null): { record: Row | null; loading: boolean } {
  const [record, setRecord] = useState<Row | null>(null);
  const [loading, setLoading] = useState(id !== null);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    setLoading(true);
    api
      .get<Row>(`${endpoint}/${id}`)
      .then((row) => live && setRecord(row))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [endpoint, id]);
  return { record, loading };
}
