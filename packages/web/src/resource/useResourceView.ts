import { useMemo } from 'react';
import type { ResourceDecl } from '@qshop/shared';
import { tableColumnsOf, type ColumnModel } from './columns';
import { searchOptionsOf, type SearchOption } from './searchOptions';
import { useDictMap, type DictMap } from './useDictOptions';
import { useResourceList, type ResourceList } from './useResourceList';

export interface ResourceView {
  list: ResourceList;
  columns: ColumnModel[];
  dicts: DictMap;
  searchOptions: SearchOption[];
}

/** What a list of a declared resource needs: its rows, columns, dictionaries and search options. */
export function useResourceView(decl: ResourceDecl, endpoint: string, searchOverride?: SearchOption[]): ResourceView {
  const list = useResourceList(endpoint);
  const columns = useMemo(() => tableColumnsOf(decl), [decl]);
  const columnDicts = useMemo(() => Object.fromEntries(columns.map((column) => [column.name, column.dict])), [columns]);
  const dicts = useDictMap(columnDicts);
  const searchOptions = useMemo(() => searchOverride ?? searchOptionsOf(decl), [decl, searchOverride]);
  return { list, columns, dicts, searchOptions };
}
