// Every store's group buys, read only (declared with the seller's in resources/seller/collectives.ts).
import { adminCollectives } from '../seller/collectives.ts'

export const resources = [adminCollectives]
