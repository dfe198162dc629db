// The Idempotency-Key of a submission: random, [A-Za-z0-9_-] as the server accepts. getRandomValues works on plain
// http too (randomUUID needs a secure context).
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
