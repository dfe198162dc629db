// The collectives module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts and whose jobs the worker runs; what the
// checkout uses to order a group (checkout.ts), what the payment and the cancel do to a group order's seat, the
// shipping guard (seats.ts), and the groups of orders (the shopper's order list).
export { default } from './routes.ts'
export { groupCheckout, type GroupCheckout } from './checkout.ts'
export { paidSeats, releaseSeat, assertShippable } from './seats.ts'
export { orderCollectives } from './queries.ts'
