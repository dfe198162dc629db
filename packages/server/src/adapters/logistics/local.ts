// The demo driver: no provider configured, so a plausible timeline is derived from the shipping time — collected at
// once, a scan every few hours, out for delivery on the second day, signed on the third — and the answer says
// `demo: true` so every page labels it as invented.
import type { LogisticsProvider, TrackEvent } from './index.ts'
import { formatDateTime } from '../../core/wire.ts'

const HOUR = 3_600_000
/** Hours after shipping, what happens then. */
const STEPS: { after: number; text: string; state: 'collected' | 'in_transit' | 'delivering' | 'signed' }[] = [
  { after: 0, text: '【演示数据 Demo】快件已揽收 Parcel collected', state: 'collected' },
  { after: 6, text: '【演示数据 Demo】快件已发往目的地转运中心 Left the origin hub', state: 'in_transit' },
  { after: 20, text: '【演示数据 Demo】快件已到达目的地转运中心 Arrived at the destination hub', state: 'in_transit' },
  { after: 36, text: '【演示数据 Demo】快递员正在派送 Out for delivery', state: 'delivering' },
  { after: 48, text: '【演示数据 Demo】快件已签收 Delivered and signed for', state: 'signed' },
]

export function localProvider(shippedAt: Date, now = new Date()): LogisticsProvider {
  return {
    demo: true,
    async track() {
      const passed = STEPS.filter((s) => shippedAt.getTime() + s.after * HOUR <= now.getTime())
      const events: TrackEvent[] = passed.map((s) => ({ time: formatDateTime(new Date(shippedAt.getTime() + s.after * HOUR)), text: s.text })).reverse()
      return { state: passed.at(-1)?.state ?? 'none', events }
    },
  }
}
