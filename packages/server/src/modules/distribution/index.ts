// The distribution module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule; the inviter check (registration, the admin's edit), the rates frozen at
// checkout, and the commissions an order's settlement pays.
export { default } from './routes.ts'
export { checkInviter } from './inviter.ts'
export { freezeReferralRates, referralChainColumn, referralChainOf, type ReferralChain } from './rates.ts'
export { payReferrals, type ReferralPayout } from './settle.ts'
