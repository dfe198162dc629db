// KuaiBao (kuaidihelp) open platform, method express.info.get: a form POST of app_id, method, ts, data (JSON) and
// sign = md5(app_id + method + ts + appkey), lower-case hex. The answer is {code, msg, data: [{status, data: [{time,
// context}]}]}, code 0 = found; 201101 = nothing recorded yet for the number, which is not an error for us.
import { createHash } from 'node:crypto'
import type { TrackingState } from '@qshop/shared/schemas/fulfilment'
import { LogisticsError, type LogisticsProvider, type TrackResult } from './index.ts'

export const KUAIBAO_ENDPOINT = 'https://kop.kuaidihelp.com/api'
export const KUAIBAO_TRACK_METHOD = 'express.info.get'
export const KUAIBAO_NO_RECORD = 201101
const TIMEOUT_MS = 5000

export function kuaibaoSign(appId: string, method: string, ts: string, appKey: string): string {
  return createHash('md5').update(appId + method + ts + appKey).digest('hex')
}

/** The carrier's status words as KuaiBao reports them, mapped to ours; anything else with events is in transit. */
const STATES: Record<string, TrackingState> = {
  collected: 'collected',
  transport: 'in_transit',
  in_transit: 'in_transit',
  delivering: 'delivering',
  sending: 'delivering',
  signed: 'signed',
  failed: 'problem',
  returning: 'problem',
  returned: 'problem',
  problem: 'problem',
}

type Answer = { code?: unknown; msg?: unknown; data?: { status?: unknown; data?: { time?: unknown; context?: unknown }[] }[] }

function readAnswer(answer: Answer): TrackResult {
  if (answer.code === KUAIBAO_NO_RECORD) return { state: 'none', events: [] }
  if (answer.code !== 0) throw new LogisticsError(typeof answer.msg === 'string' && answer.msg ? answer.msg.slice(0, 200) : String(answer.code))
  const waybill = Array.isArray(answer.data) ? answer.data[0] : undefined
  const events = (Array.isArray(waybill?.data) ? waybill.data : [])
    .filter((e) => typeof e?.time === 'string' && typeof e.context === 'string')
    .map((e) => ({ time: String(e.time), text: String(e.context) }))
    .sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0))
  const status = typeof waybill?.status === 'string' ? STATES[waybill.status] : undefined
  return { state: status ?? (events.length ? 'in_transit' : 'none'), events }
}

export function kuaibaoProvider(opts: { appId: string; appKey: string; endpoint: string }): LogisticsProvider {
  return {
    demo: false,
    async track({ code, number, phone }) {
      const ts = String(Math.floor(Date.now() / 1000))
      const data: Record<string, string> = { waybill_no: number, exp_company_code: code, result_sort: '0' }
      if (phone) data.phone = phone.slice(-4)
      const form = new URLSearchParams({
        app_id: opts.appId, method: KUAIBAO_TRACK_METHOD, ts, sign: kuaibaoSign(opts.appId, KUAIBAO_TRACK_METHOD, ts, opts.appKey), data: JSON.stringify(data),
      })
      let answer: Answer
      try {
        const res = await fetch(opts.endpoint, { method: 'POST', body: form, signal: AbortSignal.timeout(TIMEOUT_MS) })
        if (!res.ok) throw new Error(`HTTP ${res.status}`)
        answer = (await res.json()) as Answer
      } catch {
        throw new LogisticsError(null)
      }
      return readAnswer(answer)
    },
  }
}
