// The inventory service (docs/architecture.md): the one module that writes stock. Nothing else updates or inserts a stock
// column (test/inventory-only.test.ts reads the server's sources for it); every write runs inside the caller's unit of
// work, one guarded statement per row, rows locked in one order (goods row, then its SKUs by id):
//
// - a sale takes stock, a cancel or a refund gives it back — lines.ts;
// - a seller's goods form sets stock against the values it loaded — adjust.ts (new goods and SKUs start at 0 and take
//   their first stock the same way). The admin edits no stock, and no import writes it (the goods resources declare
//   no stock input);
// - points goods: a redemption takes, the admin's form adds or takes — points.ts;
// - flash-sale pools: filled from and resized against their goods, taken by purchases, given back by cancels, closed
//   back into the goods when the sale ends — seckillPools.ts (modules/seckill decides when).
//
// Shoppers see live stock — live.ts. The goods page keeps its static detail in the Redis cache (catalog/cache.ts) and
// reads stock and prices by key on every view (one statement: the goods by primary key, its SKUs by goods_id); search
// rows get their stock by primary key; the cart reads its lines from the database. The other way — a cache DEL after
// every sale — was not taken: it puts a Redis round trip on every checkout, and it empties the cached detail of exactly
// the goods that sell, for the 3 s of its tombstone each time (cache.ts), so a goods selling every few seconds would be
// read in full (goods, SKUs, specs, review counts) on every view. A read by key costs every view one small statement
// and the checkout nothing, and no writer has to remember an invalidation.
export { InsufficientStock, giveBackStock, takeStock, type StockLine } from './lines.ts'
export { StockChanged, adjustStock, type GoodsStockEdit, type StockEdit } from './adjust.ts'
export { changePointsStock, takePointsStock } from './points.ts'
export { closePool, fillPool, resizePool, returnToPool, takeFromPool, type PoolSource, type PoolTerms } from './seckillPools.ts'
export { liveGoods, withLiveStock, type LiveGoods, type LivePrice } from './live.ts'
