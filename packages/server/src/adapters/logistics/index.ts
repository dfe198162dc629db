// Parcel tracking behind one interface (docs/architecture.md, server layers). The driver comes from the admin `logistics` config:
// with an appid and an appkey the KuaiBao open API answers; without them the local demo driver invents a timeline
// from the shipping time, labelled as demo data, so a fresh install shows something plausible.
import type { TrackingState } from '@qshop/shared/schemas/fulfilment'
import { kuaibaoProvider, KUAIBAO_ENDPOINT } from './kuaibao.ts'
import { localProvider } from './local.ts'

export type TrackQuery = {
  /** expresses.code (KuaiBao brand codes: sf, yd, zt...) */
  code: string
  number: string
  /** the receiver's phone: some carriers (SF) answer only with its last four digits */
  phone?: string
}
export type TrackEvent = { time: string; text: string }
/** events newest first */
export type TrackResult = { state: TrackingState; events: TrackEvent[] }

export interface LogisticsProvider {
  /** true when the timeline is invented (the local driver) */
  readonly demo: boolean
  track(query: TrackQuery): Promise<TrackResult>
}

/** The provider could not answer (`reason` null: unreachable or unreadable) or refused the query (its message). */
export class LogisticsError extends Error {
  constructor(readonly reason: string | null) {
    super(reason ?? 'logistics provider unavailable')
  }
}

/** Content of the `configs` row `logistics`. */
export type LogisticsConfig = { appid?: string; appkey?: string; access_key?: string; endpoint?: string }

/** `shippedAt`: the order's delivery time, the start of the local driver's timeline. */
export function createLogisticsProvider(config: LogisticsConfig | null, opts: { shippedAt: Date; now?: Date }): LogisticsProvider {
  if (config?.appid && config.appkey) return kuaibaoProvider({ appId: config.appid, appKey: config.appkey, endpoint: config.endpoint || KUAIBAO_ENDPOINT })
  return localProvider(opts.shippedAt, opts.now)
}
