// Column models → mantine-react-table columns (and the same values for export).
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { CREATED_AT_COLUMN_WIDTH } from '../config';
import { ColumnValue } from './cells/ColumnValue';
import { formatMoney } from './cells/values';
import { CREATED_AT, type ColumnModel } from './columns';
import { dictLabel } from './dict';
import type { ExportColumn } from './exportRows';
import type { DictMap } from './useDictOptions';
import type { Row } from './types';

/** Renderers of `custom` columns, by field name, given by the page. */
export type CellRenderers = Record<string, (row: Row) => ReactNode>;

function columnWidth(column: ColumnModel): number | undefined {
  return column.width ?? (column.name === CREATED_AT ? CREATED_AT_COLUMN_WIDTH : undefined);
}

export function tableColumns(models: ColumnModel[], dicts: DictMap, t: TFunction, renderCell: CellRenderers = {}): MRT_ColumnDef<Row>[] {
  return models.map((model) => {
    const label = t(model.label);
    const custom = model.kind === 'custom' ? renderCell[model.name] : undefined;
    const width = columnWidth(model);
    return {
      id: model.name,
      header: label,
      accessorFn: (row) => row[model.name],
      enableSorting: Boolean(model.sortable),
      ...(width ? { size: width, minSize: width } : {}),
      Cell: ({ row }) =>
        custom ? custom(row.original) : <ColumnValue kind={model.kind} value={row.original[model.name]} options={dicts[model.name] ?? []} label={label} />,
    };
  });
}

/** Spreadsheet columns: translated headers; dictionary values as their labels, money with two decimals. */
export function exportColumns(models: ColumnModel[], dicts: DictMap, t: TFunction): ExportColumn<Row>[] {
  return models.map((model) => ({
    header: t(model.label),
    value: (row) => {
      const value = row[model.name];
      if (model.kind === 'money') return formatMoney(value);
      const options = dicts[model.name] ?? [];
      return options.length ? dictLabel(options, value) : value;
    },
  }));
}
