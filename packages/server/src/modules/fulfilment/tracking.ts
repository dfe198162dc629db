// The tracking timeline of an order, for its shopper, its store or an admin. Not shipped yet: nothing to ask, an empty
// timeline. Otherwise the configured provider (adapters/logistics) is asked; its failures are answered as a
// translated 402, never a 500.
import type { Tracking } from '@qshop/shared/schemas/fulfilment'
import { Code } from '@qshop/shared'
import { readConfig } from '../../core/configs.ts'
import { AppError, businessError, notFound } from '../../core/errors.ts'
import type { Infra } from '../../core/infra.ts'
import { createLogisticsProvider, LogisticsError, type LogisticsConfig } from '../../adapters/logistics/index.ts'

/** `where`: the caller's reach, e.g. `{ user_id }`, `{ store_id }` or `{}` for an admin. */
export async function orderTracking(infra: Infra, orderId: number, where: Record<string, number>): Promise<Tracking> {
  const order = await infra.db.orders.findFirst({
    where: { id: orderId, ...where },
    select: { delivery_code: true, delivery_no: true, delivery_time: true, receive_tel: true },
  })
  if (!order) throw notFound()
  const express = order.delivery_code ? await infra.db.expresses.findUnique({ where: { code: order.delivery_code }, select: { name: true } }) : null
  const answer = { delivery_code: order.delivery_code, delivery_name: express?.name ?? '', delivery_no: order.delivery_no }
  if (!order.delivery_time || !order.delivery_no) return { ...answer, state: 'none', events: [], demo: false }
  const provider = createLogisticsProvider(await readConfig<LogisticsConfig>(infra, 'logistics'), { shippedAt: order.delivery_time })
  try {
    const result = await provider.track({ code: order.delivery_code, number: order.delivery_no, phone: order.receive_tel })
    return { ...answer, ...result, demo: provider.demo }
  } catch (err) {
    if (!(err instanceof LogisticsError)) throw err
    infra.log.warn({ err, orderId }, 'tracking query failed')
    throw err.reason === null ? businessError('msg.trackingUnavailable') : new AppError(Code.BUSINESS, 'msg.trackingRefused', null, { reason: err.reason })
  }
}
