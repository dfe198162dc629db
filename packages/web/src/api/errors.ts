import type { Envelope, FieldErrors } from '@qshop/shared/envelope';

export type { Envelope };

/**
 * Why a call failed. Every kind except 'html' and 'aborted' has already been reported to the user
 * (toast) or the console, so callers only decide what to do next.
 * - code:    the answer carried a non-success code (402, 400 with field errors, ...)
 * - session: code 401; the area's session is gone and the app is going to its login page
 * - http:    an HTTP error without a usable envelope
 * - network / timeout: no response
 * - html:    an HTML page came back where JSON was expected (ignored)
 */
export type ApiErrorKind = 'code' | 'session' | 'http' | 'network' | 'timeout' | 'html';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number,
    /** The whole answer body: the envelope when there was one. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get envelope(): Envelope | null {
    return isEnvelope(this.body) ? this.body : null;
  }

  /** Field errors of a 400 answer ({field: message}), if any. */
  get fieldErrors(): FieldErrors {
    const data = this.envelope?.data;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as FieldErrors) : {};
  }
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}
