// A local stand-in for the KuaiBao open API (tests and the demo): a node:http server that checks the form and its
// signature like the real one and answers a timeline for the numbers it was given. A wrong signature answers the
// provider's refusal, an unknown number its "no record" code.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { KUAIBAO_NO_RECORD, KUAIBAO_TRACK_METHOD, kuaibaoSign } from './kuaibao.ts'

export type FakeWaybill = { status: string; events: { time: string; context: string }[] }
export type FakeKuaibao = {
  url: string
  /** the forms received, newest last */
  requests: Record<string, string>[]
  /** tracking numbers the fake knows */
  waybills: Map<string, FakeWaybill>
  /** answer HTTP 500 to every request while set */
  broken: boolean
  close(): Promise<void>
}

export async function startFakeKuaibao(credentials: { appId: string; appKey: string }): Promise<FakeKuaibao> {
  const fake: Omit<FakeKuaibao, 'url' | 'close'> = { requests: [], waybills: new Map(), broken: false }
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(json))
      }
      if (fake.broken) return answer(500, { code: 500, msg: 'internal error' })
      const form = Object.fromEntries(new URLSearchParams(body))
      fake.requests.push(form)
      if (req.method !== 'POST' || form.method !== KUAIBAO_TRACK_METHOD) return answer(200, { code: 10001, msg: '接口不存在' })
      if (form.app_id !== credentials.appId || form.sign !== kuaibaoSign(form.app_id, form.method, form.ts ?? '', credentials.appKey))
        return answer(200, { code: 10002, msg: '签名错误' })
      let data: { waybill_no?: string; exp_company_code?: string }
      try {
        data = JSON.parse(form.data ?? '')
      } catch {
        return answer(200, { code: 201102, msg: '请求参数错误' })
      }
      const waybill = fake.waybills.get(data.waybill_no ?? '')
      if (!waybill) return answer(200, { code: KUAIBAO_NO_RECORD, msg: '查询暂无记录', data: [] })
      answer(200, { code: 0, msg: 'success', data: [{ no: data.waybill_no, brand: data.exp_company_code, status: waybill.status, data: waybill.events }] })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
