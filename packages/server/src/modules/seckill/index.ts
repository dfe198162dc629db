// The seckill (flash sale) module's public entry: its AppModule, which modules/index.ts mounts and whose jobs the
// worker runs; what the checkout uses to buy in a sale (buy.ts) and the orders' cancel to give units back (giveBack.ts).
export { default } from './routes.ts'
export { seckillLineOf, saleForPreview, holdSeckill, seckillSaving, type SeckillHold } from './buy.ts'
export { giveBackSeckill } from './giveBack.ts'
export type { SaleCopy } from './pool.ts'
