// DATETIME_FORMAT (config.ts) written out by hand: a date library would be one more in every page's first script.
const pad = (n: number) => String(n).padStart(2, '0');

/** A date as YYYY-MM-DD HH:mm:ss in local time (DATETIME_FORMAT). */
export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export type FieldMap = Record<string, unknown>;

/** Flags that must never go out empty in post/put bodies. */
const ZERO_WHEN_EMPTY = ['is_type', 'is_sort'] as const;

export function withFlagDefaults(data: FieldMap): FieldMap {
  const out = { ...data };
  for (const key of ZERO_WHEN_EMPTY) {
    if (key in out && (out[key] === '' || out[key] === null || out[key] === undefined)) out[key] = 0;
  }
  return out;
}

function isPlainValue(value: unknown): value is string | number | boolean | bigint {
  return ['string', 'number', 'boolean', 'bigint'].includes(typeof value);
}

function scalar(value: string | number | boolean | bigint): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/**
 * One field of a form-urlencoded body or query string:
 * scalar arrays as `key[]=a&key[]=b`, objects and arrays holding objects/arrays as one JSON field,
 * null and empty arrays as an empty value, undefined left out.
 */
function appendField(out: URLSearchParams, key: string, value: unknown) {
  if (value === undefined) return;
  if (value === null) {
    out.append(key, '');
  } else if (value instanceof Date) {
    out.append(key, formatDateTime(value));
  } else if (Array.isArray(value)) {
    if (value.length === 0) out.append(key, '');
    else if (value.every((item) => isPlainValue(item))) for (const item of value) out.append(`${key}[]`, scalar(item));
    else out.append(key, JSON.stringify(value));
  } else if (typeof value === 'object') {
    out.append(key, JSON.stringify(value));
  } else if (isPlainValue(value)) {
    out.append(key, scalar(value));
  }
}

export function encodeFields(data: FieldMap): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) appendField(out, key, value);
  return out;
}

/** Multipart body: files as they are, lists of files repeated under one name, objects as JSON. */
export function encodeMultipart(fields: FieldMap): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value) && value.every((item) => item instanceof Blob)) for (const file of value) form.append(key, file);
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  return form;
}
