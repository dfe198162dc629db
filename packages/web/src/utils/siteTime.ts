// The site's clock in the browser: the API answers times as 'YYYY-MM-DD HH:mm:ss' on the site's time zone (the web
// config's time_zone, server core/siteCalendar.ts), whatever zone the device is in. The zone arrives with every API
// answer (the x-time-zone header, api/client.ts) and with the public site config (/api/common); times the web
// formats itself, and "today" of its date choices, go through here.
import { DEFAULT_TIME_ZONE, isTimeZone, setWallZoneSource, zonedInstant, zoneOffset } from '@qshop/shared/timeZone';

let zone = DEFAULT_TIME_ZONE;
// The forms' time fields (shared zx.datetime) read what is typed on the site's clock too.
setWallZoneSource(() => zone);

/** The site's zone as last answered (the default before the first answer). */
export const siteZone = () => zone;

/** Takes the zone an answer named; anything that is not a zone is ignored. */
export function setSiteZone(next: string | null | undefined): void {
  if (next && next !== zone && isTimeZone(next)) zone = next;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant (ISO text, epoch ms or Date) as 'YYYY-MM-DD HH:mm:ss' on the site's clock, as the API answers times. */
export function formatSiteTime(instant: string | number | Date, timeZone = zone): string {
  const ms = new Date(instant).getTime();
  if (!Number.isFinite(ms)) return '';
  const w = new Date(ms + zoneOffset(ms, timeZone));
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`;
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
  return zonedInstant(timeZone, y, mo, d, h, mi, s).getTime();
}
