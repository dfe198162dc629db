// What the dashboards derive from the server's figures. Money stays the server's string everywhere it is shown; it
// becomes a number only to be drawn or compared.
import { toCents } from '@qshop/shared';
import type { ReportUnit, SalesPoint } from '@qshop/shared/schemas/dashboard';

/** The change from `previous` to `current` as a ratio (0.125 = +12.5 %); none when there was nothing before. */
export function changeRatio(current: number, previous: number): number | null {
  return previous === 0 ? null : (current - previous) / previous;
}

export const moneyChange = (current: string, previous: string) => changeRatio(toCents(current), toCents(previous));

export function formatChange(ratio: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(ratio);
}

/** A bucket's label on a chart's axis: a day without its year, a month as it is. */
export const bucketLabel = (key: string, unit: ReportUnit) => (unit === 'day' ? key.slice(5) : key);

export type SalesChartPoint = { label: string; key: string; orders: number; sales: number; salesText: string };

/** Yuan as numbers for drawing; the tooltip shows the server's string. */
export function salesChartPoints(series: SalesPoint[], unit: ReportUnit): SalesChartPoint[] {
  return series.map((point) => ({
    label: bucketLabel(point.key, unit),
    key: point.key,
    orders: point.orders,
    sales: toCents(point.sales) / 100,
    salesText: point.sales,
  }));
}
