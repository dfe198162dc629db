// exceljs is large (≈256 KB gzip): it is loaded only when a user exports or imports.
import type { Workbook } from 'exceljs';

type ExcelModule = typeof import('exceljs');

export async function newWorkbook(): Promise<Workbook> {
  const ns = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  const WorkbookClass = ns.Workbook ?? ns.default!.Workbook;
  return new WorkbookClass();
}
