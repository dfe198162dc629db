import 'mantine-react-table/styles.css';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Text } from '@mantine/core';
import {
  MantineReactTable,
  useMantineReactTable,
  type MRT_ExpandedState,
  type MRT_RowSelectionState,
  type MRT_SortingState,
  type MRT_Updater,
} from 'mantine-react-table';
import { MRT_Localization_EN } from 'mantine-react-table/locales/en/index.esm.mjs';
import { MRT_Localization_ZH_HANS } from 'mantine-react-table/locales/zh-Hans/index.esm.mjs';
import { EXPAND_COLUMN_WIDTH, ROW_ACTIONS_COLUMN_WIDTH, SELECT_COLUMN_WIDTH } from '../config';
import { currentLanguage } from '../i18n';
import type { ColumnModel } from './columns';
import { ResourcePager } from './ResourcePager';
import { tableColumns, type CellRenderers } from './tableColumns';
import type { Row } from './types';
import type { DictMap } from './useDictOptions';
import type { ResourceList } from './useResourceList';
import classes from './ResourceTable.module.css';

/** The actions stay at the right edge of the table's box while the other columns scroll under them. */
const COLUMN_PINNING = { left: [], right: ['mrt-row-actions'] };

export interface ResourceTableProps {
  list: ResourceList;
  columns: ColumnModel[];
  dicts: DictMap;
  tree?: boolean;
  renderCell?: CellRenderers;
  selection: MRT_RowSelectionState;
  onSelectionChange: (selection: MRT_RowSelectionState) => void;
  /** One row at a time (table-select of a single value) */
  single?: boolean;
  toolbar?: ReactNode;
  rowActions?: (row: Row) => ReactNode;
}

const apply = <T,>(updater: MRT_Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/** The list's `sort` parameter as the table's sorting state, and back (one column at a time). */
export const sortingOf = (sort: string | undefined): MRT_SortingState =>
  sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : [];
export const sortOf = (sorting: MRT_SortingState): string | undefined =>
  sorting[0] ? `${sorting[0].desc ? '-' : ''}${sorting[0].id}` : undefined;

/** Every row of the tree loaded so far. */
export function flattenRows(rows: Row[]): Row[] {
  return rows.flatMap((row) => [row, ...flattenRows(row.children ?? [])]);
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" mb="xs">
      <Group justify="space-between">
        <Text size="sm">{t('resource.loadFailed')}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('common.reload')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The list of one resource: server pages and order, row selection, lazily loaded tree rows, full screen. */
export function ResourceTable({ list, columns, dicts, tree = false, renderCell, selection, onSelectionChange, single = false, toolbar, rowActions }: ResourceTableProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<MRT_ExpandedState>({});
  const columnDefs = useMemo(() => tableColumns(columns, dicts, t, renderCell), [columns, dicts, t, renderCell]);

  // Expanded rows whose children are not loaded (just expanded, or the list was reloaded) fetch them.
  const { rows, loadChildren } = list;
  useEffect(() => {
    if (expanded === true) return;
    for (const row of flattenRows(rows)) {
      if (expanded[String(row.id)] && row.has_children && !row.children) void loadChildren(row).catch(() => undefined);
    }
  }, [rows, expanded, loadChildren]);

  const table = useMantineReactTable<Row>({
    columns: columnDefs,
    data: list.rows,
    getRowId: (row) => String(row.id),
    localization: currentLanguage() === 'en' ? MRT_Localization_EN : MRT_Localization_ZH_HANS,
    manualPagination: true,
    enablePagination: false,
    // Sub rows only show while expanded rows are "paginated" (toolchain notes).
    paginateExpandedRows: true,
    rowCount: list.total,
    enableExpanding: tree,
    getSubRows: (row) => row.children,
    getRowCanExpand: (row) => Boolean(row.original.has_children || row.original.children?.length),
    enableRowSelection: true,
    enableMultiRowSelection: !single,
    enableSubRowSelection: false,
    onRowSelectionChange: (updater) => onSelectionChange(apply(updater, selection)),
    onExpandedChange: (updater) => setExpanded(apply(updater, expanded)),
    state: {
      columnPinning: COLUMN_PINNING,
      rowSelection: selection,
      expanded,
      sorting: sortingOf(list.sort),
      isLoading: list.loading && list.rows.length === 0,
      showProgressBars: list.loading,
    },
    manualSorting: true,
    enableMultiSort: false,
    onSortingChange: (updater) => list.setSort(sortOf(apply(updater, sortingOf(list.sort)))),
    enableColumnActions: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableHiding: false,
    enableDensityToggle: false,
    enableFullScreenToggle: true,
    enableRowActions: Boolean(rowActions),
    positionActionsColumn: 'last',
    enableColumnPinning: true,
    displayColumnDefOptions: {
      'mrt-row-actions': { header: t('resource.actions'), size: ROW_ACTIONS_COLUMN_WIDTH, minSize: ROW_ACTIONS_COLUMN_WIDTH },
      'mrt-row-select': { size: SELECT_COLUMN_WIDTH, minSize: SELECT_COLUMN_WIDTH },
      'mrt-row-expand': { size: EXPAND_COLUMN_WIDTH, minSize: EXPAND_COLUMN_WIDTH },
    },
    mantineTableProps: { className: classes.table },
    renderRowActions: rowActions ? ({ row }) => rowActions(row.original) : undefined,
    renderTopToolbarCustomActions: () => toolbar,
    renderEmptyRowsFallback: () => (
      <Text c="dimmed" ta="center" py="xl">
        {t('common.empty')}
      </Text>
    ),
    renderBottomToolbar: () => (
      <ResourcePager total={list.total} totalCapped={list.totalCapped} page={list.page} perPage={list.perPage} onPage={list.setPage} onPerPage={list.setPerPage} />
    ),
  });

  return (
    <>
      {list.failed ? <LoadFailed onRetry={list.reload} /> : null}
      <MantineReactTable table={table} />
    </>
  );
}
