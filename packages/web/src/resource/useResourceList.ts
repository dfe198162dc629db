// Loading of one resource list: server pagination, order and search filters, lazily loaded tree children.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListAnswer } from '@qshop/shared';
import { api } from '../api/client';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../config';
import type { Row } from './types';

/** Children of one parent come in one request of the largest page size. */
const CHILDREN_PAGE_SIZE = PAGE_SIZES[PAGE_SIZES.length - 1];

export interface ResourceList {
  rows: Row[];
  total: number;
  /** more rows match than the total counted (LIST_TOTAL_CAP) */
  totalCapped: boolean;
  page: number;
  perPage: number;
  loading: boolean;
  failed: boolean;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  /** `field` or `-field` (descending); undefined: the resource's default order */
  sort: string | undefined;
  /** A new order: back to the first page. */
  setSort: (sort: string | undefined) => void;
  /** New search filters: back to the first page. */
  search: (filters: Record<string, string>) => void;
  reload: () => void;
  loadChildren: (parent: Row) => Promise<void>;
}

function withChildren(rows: Row[], parentId: number, children: Row[]): Row[] {
  return rows.map((row) => {
    if (row.id === parentId) return { ...row, children };
    return row.children ? { ...row, children: withChildren(row.children, parentId, children) } : row;
  });
}

export function useResourceList(endpoint: string): ResourceList {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [totalCapped, setTotalCapped] = useState(false);
  const [page, setPage] = useState(1);
  const [perPage, setPerPageState] = useState<number>(DEFAULT_PAGE_SIZE);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [sort, setSortState] = useState<string | undefined>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    api
      .get<ListAnswer<Row>>(endpoint, { ...filters, ...(sort ? { sort } : {}), page, per_page: perPage })
      .then((answer) => {
        if (request !== latest.current) return;
        setRows(answer?.data ?? []);
        setTotal(answer?.total ?? 0);
        setTotalCapped(answer?.total_capped ?? false);
        setFailed(false);
      })
      .catch(() => {
        if (request === latest.current) setFailed(true);
      })
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, [endpoint, filters, sort, page, perPage, version]);

  const loadingChildren = useRef(new Set<number>());
  const loadChildren = useCallback(
    async (parent: Row) => {
      if (loadingChildren.current.has(parent.id)) return;
      loadingChildren.current.add(parent.id);
      try {
        const answer = await api.get<ListAnswer<Row>>(endpoint, { isChildren: 1, pid: parent.id, per_page: CHILDREN_PAGE_SIZE });
        setRows((current) => withChildren(current, parent.id, answer?.data ?? []));
      } finally {
        loadingChildren.current.delete(parent.id);
      }
    },
    [endpoint],
  );

  return {
    rows,
    total,
    totalCapped,
    page,
    perPage,
    loading,
    failed,
    setPage,
    setPerPage: (size) => {
      setPerPageState(size);
      setPage(1);
    },
    sort,
    setSort: (next) => {
      setSortState(next);
      setPage(1);
    },
    search: (next) => {
      setFilters(next);
      setPage(1);
    },
    reload: () => setVersion((v) => v + 1),
    loadChildren,
  };
}
