// Column models → mantine-react-table columns (and the same values for export).
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { MRT_ColumnDef } from 'mantine-react-table';
import type { ColumnKind } from '@qshop/shared';
import { COLUMN_WIDTHS, CREATED_AT_COLUMN_WIDTH } from '../config';
import { ColumnValue } from './cells/ColumnValue';
import { formatMoney, plainText } from './cells/values';
import classes from './ResourceTable.module.css';
import { CREATED_AT, type ColumnModel } from './columns';
import { dictLabel } from './dict';
import type { ExportColumn } from './exportRows';
import type { DictMap } from './useDictOptions';
import type { Row } from './types';

/** Renderers of `custom` columns, by field name, given by the page. */
export type CellRenderers = Record<string, (row: Row) => ReactNode>;

const KIND_WIDTHS: Record<ColumnKind, number> = {
  image: COLUMN_WIDTHS.image,
  avatar: COLUMN_WIDTHS.image,
  money: COLUMN_WIDTHS.short,
  dict: COLUMN_WIDTHS.short,
  dict_tags: COLUMN_WIDTHS.short,
  tags: COLUMN_WIDTHS.short,
  icon_tags: COLUMN_WIDTHS.icon,
  tags_array: COLUMN_WIDTHS.text,
  text: COLUMN_WIDTHS.text,
  custom: COLUMN_WIDTHS.text,
  html: COLUMN_WIDTHS.text,
  images: COLUMN_WIDTHS.text,
};

/** Order, payment and refund numbers (`*_no`) are long digit strings that must show whole. */
const isSerialNumber = (column: ColumnModel) => column.kind === 'text' && column.name.endsWith('_no');
/** Times (`created_at`, `pay_time`, `end_time`...) show whole, as wide as the created-at column. */
const isDateTime = (column: ColumnModel) => column.name === CREATED_AT || (column.kind === 'text' && /_(at|time)$/.test(column.name));

export function columnWidth(column: ColumnModel): number {
  if (column.width) return column.width;
  if (isDateTime(column)) return CREATED_AT_COLUMN_WIDTH;
  return isSerialNumber(column) ? COLUMN_WIDTHS.serial : KIND_WIDTHS[column.kind];
}

/** Kinds shown as one line of text: cut to the column, whole in the tooltip. */
const ONE_LINE: readonly ColumnKind[] = ['text', 'money', 'dict'];

/** A one-line value cut at the column's edge, whole on hover (the title tooltip) and to screen readers. */
function OneLine({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className={classes.oneLine} title={text}>
      {children}
    </div>
  );
}

export function tableColumns(models: ColumnModel[], dicts: DictMap, t: TFunction, renderCell: CellRenderers = {}): MRT_ColumnDef<Row>[] {
  return models.map((model) => {
    const label = t(model.label);
    const custom = model.kind === 'custom' ? renderCell[model.name] : undefined;
    const width = columnWidth(model);
    const options = dicts[model.name] ?? [];
    return {
      id: model.name,
      header: label,
      accessorFn: (row) => row[model.name],
      enableSorting: Boolean(model.sortable),
      size: width,
      minSize: width,
      Cell: ({ row }) => {
        if (custom) return custom(row.original);
        const value = row.original[model.name];
        const shown = <ColumnValue kind={model.kind} value={value} options={options} label={label} />;
        if (!ONE_LINE.includes(model.kind)) return shown;
        const text = model.kind === 'money' ? formatMoney(value) : model.kind === 'dict' ? dictLabel(options, value) || '-' : plainText(value);
        return <OneLine text={text}>{shown}</OneLine>;
      },
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
