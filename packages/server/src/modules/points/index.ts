// The points module's public entry (eslint-rules/index.js): its AppModule, which modules/index.ts mounts, and what
// the receipt, the after-sales refund and the registration call inside their units to earn and take back points.
export { default } from './routes.ts'
export { grantOrderPoints, grantRegisterPoints, takeBackOrderPoints } from './earn.ts'
export { pointsRules, type PointsRules } from './rules.ts'
