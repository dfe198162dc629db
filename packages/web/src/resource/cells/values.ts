import { fromCents, isMoney, toCents } from '@qshop/shared';

/** A list value: an array, a JSON array string or a comma list. */
export function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined || value === '') return [];
  const text = String(value).trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // not JSON: a comma list
    }
  }
  return text.split(',').map((item) => item.trim()).filter(Boolean);
}

/** Money with two decimals ("12.3" → "12.30"); anything else as it is, '-' when empty. */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = String(value);
  return isMoney(text) ? fromCents(toCents(text)) : text;
}

export function plainText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
