// The BullMQ queue of the after-sales jobs: the auto-agree (agreeJob.ts), the gateway refund (payback.ts) and the
// closing of unshipped returns (returnCloseJob.ts).
export const QUEUE_AFTERSALES = 'aftersales'
