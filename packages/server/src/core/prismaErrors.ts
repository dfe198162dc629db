import { Code } from '@qshop/shared'
import { isDuplicateKey, serverMessage } from './db/index.ts'
import { AppError } from './errors.ts'

/** Known database refusals become envelope errors; anything else is rethrown (→ 500). */
export function mapPrismaError(err: unknown): unknown {
  if (err instanceof AppError) return err
  const code = (err as { code?: string })?.code
  if (code === 'P2002') return new AppError(Code.CONFLICT, 'msg.conflict', { [duplicateField(err)]: 'exists' })
  if (isDuplicateKey(err)) return new AppError(Code.CONFLICT, 'msg.conflict', { [rawDuplicateKey(err)]: 'exists' })
  if (code === 'P2003' || code === 'P2014') return new AppError(Code.CONFLICT, 'msg.conflict')
  if (code === 'P2025') return new AppError(Code.NOT_FOUND, 'msg.notFound')
  return err
}

/** The violated index of a raw statement's refusal ("Duplicate entry '…' for key '[table.]orders_order_no_key'"). */
function rawDuplicateKey(err: unknown): string {
  const key = /for key '(?:[^'.]+\.)?([^']+)'/.exec(serverMessage(err))?.[1]
  return key?.replace(/_key$/, '') || '_'
}

/** The column(s) of the violated unique index: `<table>_<columns>_key` named as in schema.prisma's defaults. */
function duplicateField(err: unknown): string {
  const meta = (err as { meta?: { modelName?: string; target?: unknown; driverAdapterError?: { cause?: { constraint?: { index?: string; fields?: string[] } } } } }).meta
  const constraint = meta?.driverAdapterError?.cause?.constraint
  if (constraint?.fields?.length) return constraint.fields.join(',')
  if (Array.isArray(meta?.target)) return meta.target.join(',')
  const index = constraint?.index ?? (typeof meta?.target === 'string' ? meta.target : '')
  const model = meta?.modelName ?? ''
  return index.replace(new RegExp(`^${model}_`), '').replace(/_key$/, '') || '_'
}
