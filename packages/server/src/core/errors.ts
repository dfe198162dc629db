import { Code, type MessageKey } from '@qshop/shared'

/** The one error type: a code of the envelope, a message key, optional data. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly msgKey: MessageKey,
    readonly data: unknown = null,
    readonly params?: Record<string, string | number>,
    /** Seconds the caller should wait before asking again (answered as `Retry-After`). */
    readonly retryAfter?: number,
  ) {
    // A refusal (below 500) is an answer, never logged with a stack (plugins/envelope.ts): none is collected for it.
    // Collecting one was 2% of the CPU of a flash-sale stampede, which refuses 98% of its attempts (bench/seckill.ts).
    const stackFrames = Error.stackTraceLimit
    if (code < 500) Error.stackTraceLimit = 0
    super(msgKey)
    Error.stackTraceLimit = stackFrames
  }
}

export const businessError = (key: MessageKey, data: unknown = null) => new AppError(Code.BUSINESS, key, data)
export const notFound = (key: MessageKey = 'msg.notFound') => new AppError(Code.NOT_FOUND, key)
export const forbidden = () => new AppError(Code.FORBIDDEN, 'msg.forbidden')
export const unauthenticated = () => new AppError(Code.UNAUTHENTICATED, 'msg.unauthenticated')
export const invalid = (fields: Record<string, string>) => new AppError(Code.INVALID, 'msg.invalid', fields)
/** A refusal until a limit or lock frees up in `retryAfterMs` milliseconds (answered in whole seconds, at least 1). */
export const tooMany = (key: MessageKey, retryAfterMs: number) =>
  new AppError(Code.TOO_MANY, key, null, undefined, Math.max(1, Math.ceil(retryAfterMs / 1000)))
