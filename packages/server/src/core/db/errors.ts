// What the database server refused, whichever way the refusal reached us: a raw statement's (the mariadb driver's
// SqlError, with the server's errno and sqlMessage) or a Prisma call's (its known request error, or a driver adapter
// error, carrying the adapter's description of the refusal).
//
// The server error numbers the platform acts on, and the engines that send them. MariaDB 10.11 is the engine deployed
// (docker-compose.yml) and the one the tests run on; MySQL 8.4 sends the same numbers except where said.
export const SERVER_ERROR = {
  /** a unique key refused the row — both engines */
  DUPLICATE_KEY: 1062,
  /** a statement waited innodb_lock_wait_timeout for a row lock; only that statement is undone — both engines */
  LOCK_WAIT_TIMEOUT: 1205,
  /** InnoDB chose this transaction as a deadlock's victim and rolled it back whole — both engines */
  DEADLOCK: 1213,
  /** "record has changed since last read": a write conflict under MariaDB's innodb_snapshot_isolation (MariaDB only;
   *  MySQL never sends it) */
  WRITE_CONFLICT: 1020,
} as const

/** Errors after which the whole transaction may simply run again. */
const RETRYABLE = new Set<number>([SERVER_ERROR.LOCK_WAIT_TIMEOUT, SERVER_ERROR.DEADLOCK, SERVER_ERROR.WRITE_CONFLICT])
/** Errors after which the server has already rolled the transaction back: it must never be committed. */
const ROLLED_BACK = new Set<number>([SERVER_ERROR.DEADLOCK, SERVER_ERROR.WRITE_CONFLICT])

type AdapterCause = { kind?: string; originalCode?: unknown; originalMessage?: unknown }
type Refusal = { code?: unknown; errno?: unknown; sqlMessage?: unknown; cause?: AdapterCause; meta?: { driverAdapterError?: { cause?: AdapterCause } } }

/** The adapter's description of a refusal: the error's own (a driver adapter error) or the one Prisma wraps. */
function adapterCause(err: unknown): AdapterCause | undefined {
  const e = err as Refusal
  return e?.meta?.driverAdapterError?.cause ?? (e?.cause && typeof e.cause === 'object' && 'kind' in e.cause ? e.cause : undefined)
}

/** The server's error number of a refusal, or undefined when it is not one (a connection lost, a programming error). */
export function serverErrno(err: unknown): number | undefined {
  const e = err as Refusal
  if (typeof e?.errno === 'number') return e.errno
  const code = Number(adapterCause(err)?.originalCode)
  return Number.isInteger(code) ? code : undefined
}

/** The server's message of a refusal ("Duplicate entry '…' for key '…'"), or ''. */
export function serverMessage(err: unknown): string {
  const message = (err as Refusal)?.sqlMessage ?? adapterCause(err)?.originalMessage
  return typeof message === 'string' ? message : ''
}

/** A unique key refused the row. */
export function isDuplicateKey(err: unknown): boolean {
  return (err as Refusal)?.code === 'P2002' || serverErrno(err) === SERVER_ERROR.DUPLICATE_KEY
}

/** A deadlock, lock wait timeout or write conflict: running the transaction again may succeed. */
export function isRetryable(err: unknown): boolean {
  if ((err as Refusal)?.code === 'P2034' || adapterCause(err)?.kind === 'TransactionWriteConflict') return true
  const errno = serverErrno(err)
  return errno !== undefined && RETRYABLE.has(errno)
}

/** The server rolled the whole transaction back when it sent this refusal. */
export function rolledBackByServer(err: unknown): boolean {
  const errno = serverErrno(err)
  return (errno !== undefined && ROLLED_BACK.has(errno)) || adapterCause(err)?.kind === 'TransactionWriteConflict'
}
