// Gateway refunds against the real database, Redis and BullMQ, with a local gateway registered for the payment name:
// the unit that agrees a request (or confirms the returned goods) only marks it refunding and stages the
// refund-payback job; the gateway is asked after the commit, outside any unit, under the request's own number as its
// out_refund_no; the request, its lines and its order count the money once however often the job runs, fails or is
// lost (the sweeper), and a 'pending' answer waits for the gateway's confirmation.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Job } from 'bullmq'
import { bearer, createTestApp, eventually, http, resetDb, startQueueWorker } from '../../../test/helpers.ts'
import { createAdmin } from '../../../test/factories.ts'
import { tokenFor } from '../rbac/testkit.ts'
import { registerPaymentRefunder, type RefundRequest, type RefundResult } from '../../adapters/payment/index.ts'
import { FakePaymentRefunder } from '../../adapters/payment/fake.ts'
import { QUEUE_AFTERSALES } from '../../core/jobs/queues.ts'
import { REFUND_SWEEP_AFTER_MS, confirmGatewayRefund, refundPaybackJob, sweepRefunding } from './payback.ts'
import { paidWorld, shipOrder } from './testkit.ts'

let app: FastifyInstance

/** The local gateway: reads, as the gateway would see it from outside, the request's committed state when asked. */
class WatchingRefunder extends FakePaymentRefunder {
  readonly seen: { refund_verify: number; refund_step: number }[] = []
  failures = 0
  override async refund(request: RefundRequest): Promise<RefundResult> {
    const row = await app.db.refunds.findUniqueOrThrow({ where: { refund_no: request.refund_no }, select: { refund_verify: true, refund_step: true } })
    this.seen.push(row)
    if (this.failures > 0) {
      this.failures--
      throw new Error('gateway timed out')
    }
    return super.refund(request)
  }
}

let gateway: WatchingRefunder
let unregister: () => void
beforeAll(async () => {
  app = await createTestApp()
})
beforeEach(async () => {
  await resetDb(app, { demo: false, areas: false })
})
afterAll(async () => app?.close())

function useGateway(state: RefundResult['state'] = 'done') {
  gateway = new WatchingRefunder(state)
  unregister = registerPaymentRefunder('wechat', gateway)
}

/** A paid order (2 × 10.00, 3 × 5.00) paid through the gateway `wechat`, a request of one 10.00 unit (or a return). */
async function gatewayRequest(type: 0 | 1 = 0) {
  const w = await paidWorld(app)
  await app.db.orders.update({ where: { id: w.orderId }, data: { payment_name: 'wechat' } })
  if (type === 1) await shipOrder(app, w.orderId, { receive: true })
  const userAuth = bearer(await tokenFor(app, 'user', w.user.id))
  const sellerAuth = bearer(await tokenFor(app, 'seller', w.seller.id))
  const opened = await http(app).post('/api/user/order/refund').set(userAuth).set('Idempotency-Key', `gw-${w.orderId}`)
    .send({ order_id: w.orderId, refund_type: type, lines: [{ order_goods_id: w.lines[0].id, num: 1 }], refund_money: '10.00', refund_remark: 'x' })
  expect(opened.body.code, JSON.stringify(opened.body)).toBe(200)
  return { ...w, userAuth, sellerAuth, id: opened.body.data.id as number }
}

const refund = (id: number) => app.db.refunds.findUniqueOrThrow({ where: { id } })
const balance = async (userId: number) => (await app.db.users.findUniqueOrThrow({ where: { id: userId } })).money.toFixed(2)
const runJob = (id: number) => refundPaybackJob.process(app, { refund_id: id }, {} as Job)
/** The sweeper as it runs once the request has been refunding long enough to count its job as lost. */
const sweepLater = () => sweepRefunding(app, new Date(Date.now() + REFUND_SWEEP_AFTER_MS + 1000))

/** What the request, its line and its order count once the 10.00 went back, once. */
async function expectRefundedOnce(w: Awaited<ReturnType<typeof gatewayRequest>>) {
  const r = await refund(w.id)
  expect(r).toMatchObject({ refund_verify: 1, refund_step: 3, pay_refund_no: `FAKE${r.refund_no}` })
  expect(r.refunded_at).not.toBeNull()
  // Every ask of this request carried its refund number: the gateway refunds it once.
  expect(gateway.refunded().get(r.refund_no)).toBe(1000)
  expect(gateway.asked.filter((a) => a.refund_no === r.refund_no).every((a) => a.amount_cents === 1000)).toBe(true)
  const line = await app.db.order_goods.findUniqueOrThrow({ where: { id: w.lines[0].id } })
  expect([line.refunded_num, line.refunded_money.toFixed(2)]).toEqual([1, '10.00'])
  const order = await app.db.orders.findUniqueOrThrow({ where: { id: w.orderId } })
  expect([order.refund_money.toFixed(2), order.open_refunds, order.refund_status]).toEqual(['10.00', 0, 2])
  // The gateway gave the money back: no ledger credit to the balance.
  expect(await app.db.money_logs.count({ where: { user_id: w.user.id, ename: 'refund' } })).toBe(0)
}

describe('a refund through the payment gateway', () => {
  test('agreeing marks it refunding; the job asks the gateway after the commit, under the refund number, and finishes it once', async () => {
    useGateway()
    try {
      const w = await gatewayRequest()
      const before = await balance(w.user.id)
      const agreed = await http(app).put(`/api/Seller/refunds/${w.id}/agree`).set(w.sellerAuth).send({})
      expect(agreed.body).toMatchObject({ code: 200, msg: '退款已提交支付渠道，等待到账', data: { outcome: 'refunding' } })
      // The unit asked nobody: the request waits refunding, nothing counted yet, its job is in its queue.
      expect(gateway.seen).toEqual([])
      expect(await refund(w.id)).toMatchObject({ refund_verify: 1, refund_step: 2, refunded_at: null, pay_refund_no: null })
      expect((await app.db.orders.findUniqueOrThrow({ where: { id: w.orderId } })).open_refunds).toBe(1)
      const job = await app.queues.get(QUEUE_AFTERSALES).getJob(`refund-payback-${w.id}`)
      expect(job?.data).toEqual({ refund_id: w.id })
      const seenByShopper = await http(app).get(`/api/user/refunds/${w.id}`).set(w.userAuth)
      expect(seenByShopper.body.data).toMatchObject({ refund_verify: 1, refund_step: 2 })
      // The money may be at the gateway already: the admin cannot close it any more.
      const admin = bearer(await tokenFor(app, 'admin', (await createAdmin(app)).id))
      const close = await http(app).put(`/api/Admin/refunds/${w.id}/close`).set(admin).send({ admin_remark: 'x' })
      expect(close.body).toMatchObject({ code: 402, msg: '售后申请的状态已变化，请刷新后再试' })

      const worker = startQueueWorker(app, QUEUE_AFTERSALES)
      try {
        await eventually(async () => (await refund(w.id)).refund_step === 3)
      } finally {
        await worker.close()
      }
      // Asked once, seeing the committed refunding request: the gateway was not called inside the deciding unit.
      expect(gateway.seen).toEqual([{ refund_verify: 1, refund_step: 2 }])
      const r = await refund(w.id)
      expect(gateway.asked).toEqual([{ payment_name: 'wechat', pay_no: expect.any(String), trade_no: null, refund_no: r.refund_no, amount_cents: 1000, total_cents: 3500 }])
      await expectRefundedOnce(w)

      // The job again (a retry after a lost acknowledgement): nothing more is asked or counted.
      expect(await runJob(w.id)).toEqual({ outcome: 'not_refunding' })
      expect(gateway.asked).toHaveLength(1)
      await expectRefundedOnce(w)
      expect(await balance(w.user.id)).toBe(before)
    } finally {
      unregister()
    }
  })

  test('the job twice at once and the sweeper with it: the gateway refunds once, the money is counted once', async () => {
    useGateway()
    try {
      const w = await gatewayRequest()
      expect((await http(app).put(`/api/Seller/refunds/${w.id}/agree`).set(w.sellerAuth).send({})).body.data.outcome).toBe('refunding')
      const outcomes = await Promise.all([runJob(w.id), runJob(w.id), sweepLater()])
      expect(outcomes.slice(0, 2).map((o) => (o as { outcome: string }).outcome)).toEqual(expect.arrayContaining(['done']))
      await expectRefundedOnce(w)
      expect(await sweepLater()).toEqual({ finished: 0, pending: 0 })
    } finally {
      unregister()
    }
  })

  test('a gateway failure leaves it refunding with nothing counted; the retry (or the sweeper, once the job is lost) finishes it', async () => {
    useGateway()
    try {
      const w = await gatewayRequest()
      gateway.failures = 2
      expect((await http(app).put(`/api/Seller/refunds/${w.id}/agree`).set(w.sellerAuth).send({})).body.data.outcome).toBe('refunding')
      await expect(runJob(w.id)).rejects.toThrow('gateway timed out')
      expect(await refund(w.id)).toMatchObject({ refund_step: 2, refunded_at: null })
      expect((await app.db.order_goods.findUniqueOrThrow({ where: { id: w.lines[0].id } })).refunded_num).toBe(0)
      expect((await app.db.orders.findUniqueOrThrow({ where: { id: w.orderId } })).refund_money.toFixed(2)).toBe('0.00')
      // A fresh request is the job's: the sweeper leaves it alone until the job may be counted lost.
      expect(await sweepRefunding(app)).toEqual({ finished: 0, pending: 0 })
      // The sweeper's own call fails too, then the retry goes through.
      expect(await sweepLater()).toEqual({ finished: 0, pending: 0 })
      expect(await runJob(w.id)).toEqual({ outcome: 'done' })
      await expectRefundedOnce(w)
      expect(gateway.seen).toHaveLength(3)

      // Another request whose job Redis lost: the sweeper asks the gateway and finishes it.
      const lost = await gatewayRequest()
      expect((await http(app).put(`/api/Seller/refunds/${lost.id}/agree`).set(lost.sellerAuth).send({})).body.data.outcome).toBe('refunding')
      await app.queues.get(QUEUE_AFTERSALES).remove(`refund-payback-${lost.id}`)
      expect(await sweepLater()).toEqual({ finished: 1, pending: 0 })
      await expectRefundedOnce(lost)
    } finally {
      unregister()
    }
  })

  test("a 'pending' answer keeps it refunding with the gateway's number until the confirmation finishes it, once", async () => {
    useGateway('pending')
    try {
      const w = await gatewayRequest()
      expect((await http(app).put(`/api/Seller/refunds/${w.id}/agree`).set(w.sellerAuth).send({})).body.data.outcome).toBe('refunding')
      expect(await runJob(w.id)).toEqual({ outcome: 'pending' })
      const r = await refund(w.id)
      expect(r).toMatchObject({ refund_step: 2, pay_refund_no: `FAKE${r.refund_no}`, refunded_at: null })
      // Answered already: the sweeper does not ask again, the confirmation is awaited.
      expect(await sweepLater()).toEqual({ finished: 0, pending: 0 })
      expect(gateway.asked).toHaveLength(1)

      const confirmations = await Promise.all([confirmGatewayRefund(app, w.id, `FAKE${r.refund_no}`), confirmGatewayRefund(app, w.id, `FAKE${r.refund_no}`)])
      expect(confirmations.sort()).toEqual([false, true])
      await expectRefundedOnce(w)
    } finally {
      unregister()
    }
  })

  test('a return paid through the gateway: confirming the goods marks it refunding; the job gives the money and the stock back once', async () => {
    useGateway()
    try {
      const w = await gatewayRequest(1)
      expect((await http(app).put(`/api/Seller/refunds/${w.id}/agree`).set(w.sellerAuth).send({})).body.data.outcome).toBe('agreed')
      expect((await http(app).put(`/api/user/refunds/${w.id}/ship`).set(w.userAuth).send({ delivery_code: 'SF', delivery_no: 'SF123' })).body.code).toBe(200)
      const stock = (await app.db.goods.findUniqueOrThrow({ where: { id: w.goods[0].id } })).goods_stock
      const confirmed = await http(app).put(`/api/Seller/refunds/${w.id}/confirm`).set(w.sellerAuth).send({})
      expect(confirmed.body.data.outcome).toBe('refunding')
      expect(await refund(w.id)).toMatchObject({ refund_step: 2, stock_returned: 0 })
      expect(gateway.asked).toEqual([])
      await Promise.all([runJob(w.id), runJob(w.id)])
      expect(gateway.seen[0]).toEqual({ refund_verify: 1, refund_step: 2 })
      await expectRefundedOnce(w)
      expect(await refund(w.id)).toMatchObject({ stock_returned: 1 })
      expect((await app.db.goods.findUniqueOrThrow({ where: { id: w.goods[0].id } })).goods_stock).toBe(stock + 1)
    } finally {
      unregister()
    }
  })
})
