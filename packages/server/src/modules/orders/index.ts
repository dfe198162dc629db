// The orders module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts and whose jobs the worker runs; cancelling an
// order, and staging new orders' cancels.
export { default } from './routes.ts'
export { cancelOrder, type CancelOutcome } from './cancel.ts'
export { scheduleOrderCancel } from './cancelJob.ts'
