// The inventory service (DESIGN.md §6): the one module that writes stock. Nothing else updates or inserts a stock
// column (test/inventory-only.test.ts reads the server's sources for it); every write runs inside the caller's unit of
// work, one guarded statement per row, rows locked in one order (goods row, then its SKUs by id):
//
// - a sale takes stock, a cancel or a refund gives it back — lines.ts;
// - a seller's goods form sets stock against the values it loaded — adjust.ts (new goods and SKUs start at 0 and take
//   their first stock the same way). The admin edits no stock, and no import writes it (the goods resources declare
//   no stock input);
// - flash-sale pools and points goods write their stock here too once they are sold (DESIGN.md §6).
export { InsufficientStock, giveBackStock, takeStock, type StockLine } from './lines.ts'
export { StockChanged, adjustStock, type GoodsStockEdit, type StockEdit } from './adjust.ts'
