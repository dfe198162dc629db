// Fulfilment: shipping an order, editing its receiver before that, its tracking timeline, confirming receipt.
import { z } from 'zod'
import * as zx from '../zx.ts'

/** PUT /api/Seller/orders/{id}/ship and /api/Admin/orders/{id}/ship */
export const shipBody = z.strictObject({
  /** expresses.code */
  delivery_code: z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/),
  /** the carrier's tracking number */
  delivery_no: z.string().trim().regex(/^[A-Za-z0-9-]{4,40}$/),
})
export type ShipBody = z.infer<typeof shipBody>

/** PUT /api/Seller/orders/{id}/receiver and /api/Admin/orders/{id}/receiver: only while the order waits for shipping. */
export const receiverBody = z.strictObject({
  receive_name: zx.text(64, 1),
  receive_tel: z.string().trim().regex(/^[0-9+\- ]{5,20}$/),
  receive_area: zx.text(255, 1),
  receive_address: zx.text(255, 1),
})
export type ReceiverBody = z.infer<typeof receiverBody>

/** none: nothing known yet; the rest as carriers report it. */
export const TRACKING_STATES = ['none', 'collected', 'in_transit', 'delivering', 'signed', 'problem'] as const
export type TrackingState = (typeof TRACKING_STATES)[number]

/** What every tracking route answers. `demo`: invented by the local driver (no provider configured). */
export type Tracking = {
  delivery_code: string
  delivery_name: string
  delivery_no: string
  state: TrackingState
  /** newest first */
  events: { time: string; text: string }[]
  demo: boolean
}
