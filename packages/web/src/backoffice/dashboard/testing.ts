import { vi } from 'vitest';

/** jsdom lays nothing out, so recharts warns that every chart has no size; other warnings still show. */
export function quietChartSizeWarnings() {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((message: unknown, ...rest: unknown[]) => {
    if (typeof message === 'string' && message.includes('of chart should be greater than 0')) return;
    warn(message, ...rest);
  });
}
