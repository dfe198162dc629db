// The settlement module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts and whose jobs the worker runs; staging an
// order's settlement; each store's settled sales (the dashboards' all-time sales).
export { default } from './routes.ts'
export { rebuildSettledSales, settledSalesSql } from './settledSales.ts'
export { scheduleOrderSettle } from './settleJob.ts'
