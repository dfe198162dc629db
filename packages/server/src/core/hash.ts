import { createHash, randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

export const hashPassword = (plain: string) => hash(plain)

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) return false
  try {
    return await verify(stored, plain)
  } catch {
    return false
  }
}
