/** Storefront search/order addresses carry their parameters as base64 JSON (UTF-8 safe, path-safe). */
export function encodeParams(params: Record<string, unknown>): string {
  return encodeURIComponent(btoa(utf8Binary(JSON.stringify(params))));
}

function utf8Binary(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return binary;
}

/** base64url JSON (RFC 4648 §5, no padding): the order pages' `{params}` segment, safe in a path as it is. */
export function encodeUrlParams(params: Record<string, unknown>): string {
  return btoa(utf8Binary(JSON.stringify(params))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The value encodeUrlParams wrote, or null when `raw` is not base64url JSON. */
export function decodeUrlParams(raw: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(raw)) return null;
  try {
    const binary = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as unknown;
  } catch {
    return null;
  }
}
