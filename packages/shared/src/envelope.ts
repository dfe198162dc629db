/** The answer every API route gives: `{code, msg, data}` (docs/architecture.md). */
export type Envelope<T = unknown> = { code: number; msg: string; data: T }

/** Envelope codes. HTTP status equals the code except for BUSINESS and SILENT (HTTP 200). */
export const Code = {
  OK: 200,
  INVALID: 400,
  UNAUTHENTICATED: 401,
  BUSINESS: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  SILENT: 405,
  CONFLICT: 409,
  TOO_LARGE: 413,
  TOO_MANY: 429,
  INTERNAL: 500,
  /** not ready (GET /api/ready) or stopping: the load balancer sends the request elsewhere */
  UNAVAILABLE: 503,
} as const
export type CodeValue = (typeof Code)[keyof typeof Code]

/** Field errors carried in `data` of a 400 answer: field path → translated message. */
export type FieldErrors = Record<string, string>
