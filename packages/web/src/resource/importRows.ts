// Excel import: only the first sheet is read; its first row names the fields, either by
// field name or by the translated column label that export writes.
import dayjs from 'dayjs';
import type { CellValue } from 'exceljs';
import { DATETIME_FORMAT } from '../config';
import { api } from '../api/client';
import { newWorkbook } from './excel';

export type ImportRow = Record<string, unknown>;

function plainValue(value: CellValue, text: string): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return dayjs(value).format(DATETIME_FORMAT);
  return text;
}

export async function readFirstSheet(data: ArrayBuffer, fieldOfHeader: ReadonlyMap<string, string>): Promise<ImportRow[]> {
  const workbook = await newWorkbook();
  await workbook.xlsx.load(data);
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) return [];
  const fields: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    const header = cell.text.trim();
    fields[column] = fieldOfHeader.get(header) ?? header;
  });
  const rows: ImportRow[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const out: ImportRow = {};
    row.eachCell((cell, column) => {
      const field = fields[column];
      const value = plainValue(cell.value, cell.text);
      if (field && value !== undefined && value !== '') out[field] = value;
    });
    if (Object.keys(out).length > 0) rows.push(out);
  });
  return rows;
}

/** POST {endpoint}/import/excel with the rows. */
export function postImportRows(endpoint: string, rows: ImportRow[]): Promise<unknown> {
  return api.post(`${endpoint}/import/excel`, { rows });
}
