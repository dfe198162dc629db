// Every store's flash sales, read only (declared with the seller's in resources/seller/seckills.ts).
import { adminSeckills } from '../seller/seckills.ts'

export const resources = [adminSeckills]
