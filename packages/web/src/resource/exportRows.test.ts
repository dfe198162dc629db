import { describe, expect, it } from 'vitest';
import { buildWorkbook, exportFileName, rowsToExport, type ExportColumn } from './exportRows';
import { newWorkbook } from './excel';
import { readFirstSheet } from './importRows';

type Brand = { id: number; name: string; is_show: number };
const rows: Brand[] = [
  { id: 1, name: 'Apple', is_show: 1 },
  { id: 2, name: 'Pear', is_show: 0 },
  { id: 3, name: 'Plum', is_show: 1 },
];
const columns: ExportColumn<Brand>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Shown', value: (row) => (row.is_show ? 'Yes' : 'No') },
];

/** The workbook as a user's spreadsheet program reads the written file. */
async function reopen(exported: Brand[]) {
  const buffer = await (await buildWorkbook(columns, exported)).xlsx.writeBuffer();
  const workbook = await newWorkbook();
  await workbook.xlsx.load(buffer as ArrayBuffer);
  return { workbook, buffer: buffer as ArrayBuffer };
}

function sheetValues(workbook: Awaited<ReturnType<typeof newWorkbook>>) {
  const sheet = workbook.worksheets[0];
  const out: unknown[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows: out };
}

describe('export', () => {
  it('writes sheet Sheet1 with the column labels and the selected rows', async () => {
    const { workbook } = await reopen(rowsToExport([rows[1]], rows));
    expect(workbook.worksheets).toHaveLength(1);
    expect(sheetValues(workbook)).toEqual({ name: 'Sheet1', rows: [['Name', 'Shown'], ['Pear', 'No']] });
  });

  it('writes all loaded rows when none is selected', async () => {
    const { workbook } = await reopen(rowsToExport([], rows));
    expect(sheetValues(workbook).rows).toEqual([['Name', 'Shown'], ['Apple', 'Yes'], ['Pear', 'No'], ['Plum', 'Yes']]);
  });

  it('names the file after the menu, else "table"', () => {
    expect(exportFileName('Brands')).toBe('Brands');
    expect(exportFileName(undefined)).toBe('table');
    expect(exportFileName(' ')).toBe('table');
  });
});

describe('import', () => {
  it('reads the first sheet, headers mapped back to field names', async () => {
    const { buffer } = await reopen(rows.slice(0, 2));
    const fieldOfHeader = new Map([['Name', 'name'], ['Shown', 'is_show']]);
    expect(await readFirstSheet(buffer, fieldOfHeader)).toEqual([
      { name: 'Apple', is_show: 'Yes' },
      { name: 'Pear', is_show: 'No' },
    ]);
  });

  it('reads only the first sheet and nothing from an empty one', async () => {
    const workbook = await newWorkbook();
    workbook.addWorksheet('Empty');
    workbook.addWorksheet('Second').addRow(['name']);
    const buffer = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
    expect(await readFirstSheet(buffer, new Map())).toEqual([]);
  });
});
