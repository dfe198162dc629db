import { RESOURCES as admin } from './admin/index.ts'
import { RESOURCES as seller } from './seller/index.ts'
import type { ResourceDecl } from '../resource.ts'

/** Declaration of the back-office page at a route path ('/Admin/goods_brands' → admin goods_brands). */
export function resourceForPath(path: string): ResourceDecl | undefined {
  const m = /^\/(Admin|Seller)\/([a-z_]+)$/.exec(path)
  if (!m) return undefined
  return (m[1] === 'Admin' ? admin : seller)[m[2]]
}

export { admin as ADMIN_RESOURCES, seller as SELLER_RESOURCES }
