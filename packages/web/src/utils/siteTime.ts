// The site's clock in the browser: the API answers times as 'YYYY-MM-DD HH:mm:ss' on the site's time zone (the web
// config's time_zone, server core/siteCalendar.ts), whatever zone the device is in. The zone arrives with every API
// answer (the x-time-zone header, api/client.ts) and with the public site config (/api/common); times the web
// formats itself, and "today" of its date choices, go through here.
import { DEFAULT_TIME_ZONE, isTimeZone } from '@qshop/shared/timeZone';

let zone = DEFAULT_TIME_ZONE;
const formats = new Map<string, Intl.DateTimeFormat>();

/** The site's zone as last answered (the default before the first answer). */
export const siteZone = () => zone;

/** Takes the zone an answer named; anything that is not a zone is ignored. */
export function setSiteZone(next: string | null | undefined): void {
  if (next && next !== zone && isTimeZone(next)) zone = next;
}

function partsOf(instant: number, timeZone: string): Record<string, number> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant (ISO text, epoch ms or Date) as 'YYYY-MM-DD HH:mm:ss' on the site's clock, as the API answers times. */
export function formatSiteTime(instant: string | number | Date, timeZone = zone): string {
  const ms = new Date(instant).getTime();
  if (!Number.isFinite(ms)) return '';
  const p = partsOf(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The site's day ('YYYY-MM-DD') at `now`. */
export const siteToday = (now: number = Date.now(), timeZone = zone) => formatSiteTime(now, timeZone).slice(0, 10);

/** The instant (epoch ms) a 'YYYY-MM-DD[ HH:mm:ss]' text names on the site's clock (a text with its own offset,
 *  '…Z' or '…+08:00', names its instant itself); NaN when it names none. */
export function siteInstant(text: string, timeZone = zone): number {
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return Date.parse(text);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const offsetAt = (ms: number) => {
    const p = partsOf(ms, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
  };
  return wall - offsetAt(wall - offsetAt(wall));
}
