import { Code } from '@qshop/shared'
import { AppError } from './errors.ts'

/** Known database refusals become envelope errors; anything else is rethrown (→ 500). */
export function mapPrismaError(err: unknown): unknown {
  if (err instanceof AppError) return err
  const code = (err as { code?: string })?.code
  if (code === 'P2002') {
    const target = (err as { meta?: { target?: string[] | string; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } } }).meta
    const fields = target?.driverAdapterError?.cause?.constraint?.fields ?? (Array.isArray(target?.target) ? target?.target : [])
    return new AppError(Code.CONFLICT, 'msg.conflict', Object.fromEntries((fields ?? []).map((f) => [f, 'exists'])))
  }
  if (code === 'P2003' || code === 'P2014') return new AppError(Code.CONFLICT, 'msg.conflict')
  if (code === 'P2025') return new AppError(Code.NOT_FOUND, 'msg.notFound')
  return err
}
