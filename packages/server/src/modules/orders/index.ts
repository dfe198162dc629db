// The orders module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts and whose jobs the worker runs; cancelling an
// order, and staging new orders' cancels; gateway payments: paying and topping up, what a gateway says of a payment
// (settle.ts), storing its notifications once (notifications.ts), and the late refunds' end.
export { default } from './routes.ts'
export { cancelOrder, type CancelOutcome } from './cancel.ts'
export { scheduleOrderCancel } from './cancelJob.ts'
export { rechargeByGateway, rechargeState, type GatewayPayAnswer } from './gatewayPay.ts'
export { settleGatewayPayment, PaymentMismatch, type SettleOutcome } from './settle.ts'
export { finishLateRefundByNumber } from './lateRefund.ts'
