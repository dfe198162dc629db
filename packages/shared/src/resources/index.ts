import { RESOURCES as admin } from './admin/index.ts'
import { RESOURCES as seller } from './seller/index.ts'
import type { ResourceDecl } from '../resource.ts'

/** Declaration of the back-office page at a route path ('/Admin/goods_brands' → admin goods_brands). */
export function resourceForPath(path: string): ResourceDecl | undefined {
  const m = /^\/(Admin|Seller)\/([a-z_]+)$/.exec(path)
  if (!m) return undefined
  const resources = m[1] === 'Admin' ? admin : seller
  return Object.hasOwn(resources, m[2]) ? resources[m[2]] : undefined
}

export { admin as ADMIN_RESOURCES, seller as SELLER_RESOURCES }
