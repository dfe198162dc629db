// Platform coupons: the admin's, valid in every store (declared with the seller's in resources/seller/promotions.ts).
import { adminCoupons } from '../seller/promotions.ts'

export const resources = [adminCoupons]
