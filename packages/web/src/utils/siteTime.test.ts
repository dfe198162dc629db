import { afterEach, describe, expect, it } from 'vitest';
import { formatSiteTime, setSiteZone, siteInstant, siteToday, siteZone } from './siteTime';

afterEach(() => setSiteZone('Asia/Shanghai'));

describe("the site's clock", () => {
  it('shows an instant on the site zone, Asia/Shanghai until an answer names another', () => {
    expect(siteZone()).toBe('Asia/Shanghai');
    expect(formatSiteTime('2026-11-28T16:30:00.000Z')).toBe('2026-11-29 00:30:00');
    expect(siteToday(Date.parse('2026-11-28T15:30:00Z'))).toBe('2026-11-28');
    expect(siteToday(Date.parse('2026-11-28T16:30:00Z'))).toBe('2026-11-29');
    setSiteZone('UTC');
    expect(formatSiteTime('2026-11-28T16:30:00.000Z')).toBe('2026-11-28 16:30:00');
    expect(siteToday(Date.parse('2026-11-28T16:30:00Z'))).toBe('2026-11-28');
  });

  it('reads an answered time back into its instant; ignores a name that is no zone', () => {
    expect(new Date(siteInstant('2026-11-29 00:30:00')).toISOString()).toBe('2026-11-28T16:30:00.000Z');
    expect(new Date(siteInstant('2026-11-29')).toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(new Date(siteInstant('2026-07-01 12:00:00', 'America/New_York')).toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(siteInstant('2026-11-28T16:30:00Z')).toBe(Date.parse('2026-11-28T16:30:00Z'));
    expect(siteInstant('soon')).toBeNaN();
    setSiteZone('Mars/Olympus');
    expect(siteZone()).toBe('Asia/Shanghai');
    expect(formatSiteTime('not a time')).toBe('');
  });
});
