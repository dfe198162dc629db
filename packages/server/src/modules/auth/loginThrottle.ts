// Failed logins, counted per resolved account, per (account, address) and per address by the failure throttle
// (core/failureThrottle.ts). An account is the row the login name resolved to (the column's collation makes `ädmin`,
// `ａｄｍｉｎ` and `ad\u200bmin` the account `admin`), one count per account for every area it logs in to; a name that
// resolves to nothing is counted under its normalized spelling, so probing names costs the same.
import type { Infra } from '../../core/infra.ts'
import { failureThrottle, type Attempt } from '../../core/failureThrottle.ts'

export { IP_FAILURE_FACTOR } from '../../core/failureThrottle.ts'

type AccountTable = 'admins' | 'users'

/** A login name as the column's collation roughly compares it: width, case, accents and invisible characters folded. */
function normalizeLoginName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .trim()
}

/** Counts one login attempt as a failure before its password is checked, or refuses it (429) while it must wait:
 *  `accountId` is the account the name resolved to, null when none. */
export function reserveLoginAttempt(app: Infra, table: AccountTable, accountId: number | null, typedName: string, ip: string): Promise<Attempt> {
  const account = accountId === null ? `${table}:name:${normalizeLoginName(typedName)}` : `${table}:${accountId}`
  return failureThrottle(app, { secret: 'login', account, ip, locked: 'msg.loginLocked' }).reserve()
}
