// The aftersales module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts and whose jobs the worker runs; and the end of a
// gateway refund its gateway announced.
export { default } from './routes.ts'
export { confirmGatewayRefundByNumber } from './payback.ts'
export { refundWholeOrder } from './wholeRefund.ts'
