import type { Locale } from '@qshop/shared'

export type AreaName = 'user' | 'seller' | 'admin'

/** Who is calling. Seller actors carry the store their data is scoped by. */
export type Actor = {
  area: AreaName
  id: number
  sid: string
  username: string
  /** seller: the store of the owner (or of the owner the sub-account belongs to) */
  storeId?: number
  /** super admins and store owners hold every permission */
  all: boolean
  permissions: ReadonlySet<string>
  belong_id: number
}

export type RequestContext = {
  actor: Actor | null
  locale: Locale
  ip: string
  requestId: string
}
