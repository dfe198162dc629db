// Export of the list to a spreadsheet in the browser: named after the current menu,
// sheet 'Sheet1', the selected rows or else all loaded rows, headers = translated column labels.
import type { Workbook } from 'exceljs';
import { EXPORT_DEFAULT_FILE_NAME, EXPORT_SHEET_NAME } from '../config';
import { newWorkbook } from './excel';

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

export function exportFileName(menuName: string | null | undefined): string {
  return menuName?.trim() || EXPORT_DEFAULT_FILE_NAME;
}

export function rowsToExport<Row>(selected: Row[], loaded: Row[]): Row[] {
  return selected.length > 0 ? selected : loaded;
}

function cellValue(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return value.map((item) => cellValue(item)).join(',');
  return JSON.stringify(value);
}

export async function buildWorkbook<Row>(columns: ExportColumn<Row>[], rows: Row[]): Promise<Workbook> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME);
  sheet.addRow(columns.map((column) => column.header));
  for (const row of rows) sheet.addRow(columns.map((column) => cellValue(column.value(row))));
  return workbook;
}

export async function downloadWorkbook(workbook: Workbook, fileName: string): Promise<void> {
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.xlsx`;
  link.click();
  URL.revokeObjectURL(url);
}
