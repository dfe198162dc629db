// The two gateway drivers against their sandboxes (adapters/payment/sandbox): requests signed as the providers check
// them, answers and notifications verified as they arrive, forged ones refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WechatGateway } from './wechat.ts'
import { AlipayGateway } from './alipay.ts'
import { NotificationRefused } from './gateway.ts'
import { WechatSandbox } from './sandbox/wechat.ts'
import { AlipaySandbox } from './sandbox/alipay.ts'
import { rsaPair } from './sandbox/http.ts'

const wx = new WechatSandbox()
const ali = new AlipaySandbox()
beforeAll(async () => {
  await Promise.all([wx.start(), ali.start()])
})
afterAll(async () => {
  await Promise.all([wx.stop(), ali.stop()])
})

const create = { subject: 'Goods', total_cents: 1234, client_ip: '127.0.0.1', notify_url: 'https://shop.example.com/api/payment/x/notify', expires_at: new Date(Date.now() + 600_000) }
const refused = (fn: () => unknown) => expect(fn).toThrow(NotificationRefused)

describe('wechat', () => {
  test('native order, query, payment notification, close, refund: signed both ways', async () => {
    const gw = new WechatGateway(wx.config())
    const { code_url } = await gw.create({ ...create, pay_no: 'W1', device: 'web' })
    expect(code_url).toMatch(/^weixin:\/\/wxpay\//)
    expect((await gw.create({ ...create, pay_no: 'W1h', device: 'wap' })).h5_url).toContain('/sandbox/wechat/W1h')
    expect(await gw.query('W1')).toEqual({ state: 'unpaid' })
    expect(await gw.query('nope')).toEqual({ state: 'unpaid' })
    const n = wx.pay('W1')
    const notice = gw.verifyNotification({ headers: lower(n.headers), body: n.body })
    expect(notice).toMatchObject({ kind: 'paid', pay_no: 'W1', total_cents: 1234 })
    expect(await gw.query('W1')).toMatchObject({ state: 'paid', total_cents: 1234 })
    expect(await gw.close('W1')).toBe('paid')
    expect(await gw.close('W1h')).toBe('closed')
    expect(await gw.query('W1h')).toEqual({ state: 'closed' })
    const r = { payment_name: 'wechat', pay_no: 'W1', trade_no: null, refund_no: 'R1', amount_cents: 234, total_cents: 1234 }
    expect(await gw.refund(r)).toMatchObject({ state: 'pending' })
    expect(await gw.refund(r)).toMatchObject({ state: 'pending' })
    expect([...wx.refunds.values()].map((x) => x.refund)).toEqual([234])
    const done = wx.finishRefund('R1')
    expect(gw.verifyNotification({ headers: lower(done.headers), body: done.body })).toMatchObject({ kind: 'refund', refund_no: 'R1', state: 'done' })
    expect(await gw.refundQuery({ pay_no: 'W1', refund_no: 'R1' })).toMatchObject({ state: 'done' })
    await expect(gw.refund({ ...r, refund_no: 'R2', amount_cents: 1001 })).rejects.toThrow(/NOT_ENOUGH/)
  })

  test('the gateway refuses a request signed with another key; an answer signed by another key is refused', async () => {
    await expect(new WechatGateway({ ...wx.config(), mch_private_key: rsaPair().privateKey }).query('W1')).rejects.toThrow(/SIGN_ERROR/)
    await expect(new WechatGateway({ ...wx.config(), platform_public_key: rsaPair().publicKey }).query('W1')).rejects.toThrow(NotificationRefused)
  })

  test('forged, foreign, stale, tampered notifications are refused', async () => {
    const gw = new WechatGateway(wx.config())
    await gw.create({ ...create, pay_no: 'W2', device: 'web' })
    wx.pay('W2')
    const res = wx.resourceOf('W2')
    const check = (n: { headers: Record<string, string>; body: string }) => () => gw.verifyNotification({ headers: lower(n.headers), body: n.body })
    expect(check(wx.notification('TRANSACTION.SUCCESS', res))()).toMatchObject({ kind: 'paid' })
    refused(check(wx.notification('TRANSACTION.SUCCESS', res, { privateKey: rsaPair().privateKey })))
    refused(check(wx.notification('TRANSACTION.SUCCESS', res, { keyId: 'PUB_KEY_ID_OTHER' })))
    refused(check(wx.notification('TRANSACTION.SUCCESS', res, { timestamp: Math.floor(Date.now() / 1000) - 301 })))
    refused(check(wx.notification('TRANSACTION.SUCCESS', res, { apiV3Key: 'x'.repeat(32) })))
    refused(check(wx.notification('TRANSACTION.SUCCESS', { ...res, mchid: '1900000999' })))
    refused(check(wx.notification('TRANSACTION.SUCCESS', { ...res, appid: 'wxother' })))
    const good = wx.notification('TRANSACTION.SUCCESS', res)
    refused(check({ headers: good.headers, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') }))
    // The GCM tag is checked: a flipped ciphertext byte does not decrypt.
    const parsed = JSON.parse(good.body)
    const bytes = Buffer.from(parsed.resource.ciphertext, 'base64')
    bytes[0] ^= 1
    parsed.resource.ciphertext = bytes.toString('base64')
    const body = JSON.stringify(parsed)
    refused(check({ headers: { ...good.headers, ...wx.signatureHeaders(body) }, body }))
  })
})

describe('alipay', () => {
  test('precreate, wap URL, query, notification, close, refund once per out_request_no', async () => {
    const gw = new AlipayGateway(ali.config())
    const { qr_code } = await gw.create({ ...create, pay_no: 'A1', device: 'web' })
    expect(qr_code).toMatch(/^https:\/\/qr\.alipay\.com\//)
    const { pay_url } = await gw.create({ ...create, pay_no: 'A1w', device: 'wap' })
    expect(pay_url).toContain(ali.server.url)
    expect((await fetch(pay_url!)).status).toBe(200)
    expect(await gw.query('A1')).toEqual({ state: 'unpaid' })
    const n = ali.pay('A1')
    expect(gw.verifyNotification({ headers: lower(n.headers), body: n.body })).toMatchObject({ kind: 'paid', pay_no: 'A1', total_cents: 1234 })
    expect(await gw.query('A1')).toMatchObject({ state: 'paid', total_cents: 1234 })
    expect(await gw.close('A1')).toBe('paid')
    expect(await gw.close('A1w')).toBe('closed')
    expect(await gw.close('never-opened')).toBe('closed')
    const r = { payment_name: 'alipay', pay_no: 'A1', trade_no: null, refund_no: 'AR1', amount_cents: 200, total_cents: 1234 }
    expect(await gw.refund(r)).toMatchObject({ state: 'done' })
    expect(await gw.refund(r)).toMatchObject({ state: 'done' })
    expect([...ali.refunds.values()].map((x) => x.cents)).toEqual([200])
    expect(await gw.refundQuery({ pay_no: 'A1', refund_no: 'AR1' })).toMatchObject({ state: 'done' })
  })

  test('signatures both ways; forged and foreign notifications refused', async () => {
    await expect(new AlipayGateway({ ...ali.config(), app_private_key: rsaPair().privateKey }).query('A1')).rejects.toThrow(/invalid-signature/)
    await expect(new AlipayGateway({ ...ali.config(), alipay_public_key: rsaPair().publicKey }).query('A1')).rejects.toThrow()
    const gw = new AlipayGateway(ali.config())
    const fields = { out_trade_no: 'A1', trade_no: '1', total_amount: '12.34', trade_status: 'TRADE_SUCCESS' }
    refused(() => gw.verifyNotification({ headers: {}, body: ali.notification(fields, { privateKey: rsaPair().privateKey }).body }))
    refused(() => gw.verifyNotification({ headers: {}, body: ali.notification({ ...fields, app_id: '2021000000000000' }).body }))
    const tampered = ali.notification(fields).body.replace('total_amount=12.34', 'total_amount=0.01')
    refused(() => gw.verifyNotification({ headers: {}, body: tampered }))
    expect(gw.verifyNotification({ headers: {}, body: ali.notification({ ...fields, subject: '100% 好' }).body })).toMatchObject({ kind: 'paid' })
  })
})

function lower(h: Record<string, string>) {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]))
}
