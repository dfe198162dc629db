// What the flash-sale list (/seckills) and the goods page share: the countdown on the server's clock (the answer's
// `now`, so a device whose clock is off still counts right), the sale's state at that time, and its checkout line.
import { useEffect, useMemo, useState } from 'react';
import type { SeckillAnswer } from '@qshop/shared/schemas/seckills';
import type { CheckoutLine } from '../checkoutPath';
import { siteInstant } from '../../utils/siteTime';

/** Milliseconds as h:mm:ss. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The device's clock set to the server's (the answer's `now`), ticking every second. */
export function useServerNow(serverNow: string | undefined): number {
  // Taken when the answer is first rendered, so no render shows the device's clock with the server's sales.
  const offset = useMemo(() => (serverNow ? new Date(serverNow).getTime() - Date.now() : 0), [serverNow]);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(now, Date.now()) + offset;
}

export type SaleState = { phase: 'upcoming' | 'running' | 'ended'; /** ms to the start (upcoming) or the end (running) */ left: number };

/** Where the sale stands at `now` (the server's clock); its times are answered on the site's clock. */
export function saleState(sale: Pick<SeckillAnswer, 'start_time' | 'end_time'>, now: number): SaleState {
  const start = siteInstant(sale.start_time);
  const end = siteInstant(sale.end_time);
  if (now < start) return { phase: 'upcoming', left: start - now };
  if (now < end) return { phase: 'running', left: end - now };
  return { phase: 'ended', left: 0 };
}

/** The checkout line buying `wanted` units in the sale (its goods and SKU), at most its pool and its limit per shopper. */
export function saleLine(sale: Pick<SeckillAnswer, 'id' | 'goods_id' | 'sku_id' | 'stock' | 'limit_num'>, wanted = 1): CheckoutLine {
  const most = Math.min(sale.stock, sale.limit_num > 0 ? sale.limit_num : Infinity);
  return { goods_id: sale.goods_id, sku_id: sale.sku_id, buy_num: Math.max(1, Math.min(wanted, most)), seckill_id: sale.id };
}
