import { hashPassword } from '../../core/hash.ts'

/** Hashes the write-only secrets (passwords) present in `data`. */
export async function hashSecrets(data: Record<string, unknown>, ...fields: string[]): Promise<Record<string, unknown>> {
  for (const f of fields) if (typeof data[f] === 'string') data[f] = await hashPassword(data[f] as string)
  return data
}
