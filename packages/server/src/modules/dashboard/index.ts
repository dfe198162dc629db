// The dashboard module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts.
export { default } from './routes.ts'
// The day sums the units that pay and refund add to (salesDays.ts), and their rebuild.
export { addPaidSales, addRefundedSales, foldSalesDays, rebuildSalesDays, salesDaysZone, type PaidLine, type PaidOrder } from './salesDays.ts'
export { buildSalesDaysIfStale } from './jobs.ts'
