/** Storefront search/order addresses carry their parameters as base64 JSON (UTF-8 safe, path-safe). */
export function encodeParams(params: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(params));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return encodeURIComponent(btoa(binary));
}
