// The promotions module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts, and what the checkout, the orders and the
// after-sales use: the promotions a checkout may apply, and claiming and giving back received coupons.
export { default } from './routes.ts'
export {
  promotionColumns, promotionsOf, bestFullReduction, usableCoupons, chosenCoupon, claimCoupons, giveBackCoupons,
  type LoadedPromotions, type PromotionColumns, type FullReduction, type HeldCoupon, type CouponLine,
} from './checkout.ts'
