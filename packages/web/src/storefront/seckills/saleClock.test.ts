import { describe, expect, it } from 'vitest';
import { clock, saleLine, saleState } from './saleClock';

const sale = { id: 7, goods_id: 31, sku_id: 4, stock: 5, limit_num: 2, start_time: '2026-11-29T10:00:00Z', end_time: '2026-11-29T12:00:00Z' };

describe('a flash sale on the page', () => {
  it('buys the quantity chosen, at most the limit per shopper and the pool left', () => {
    expect(saleLine(sale)).toEqual({ goods_id: 31, sku_id: 4, buy_num: 1, seckill_id: 7 });
    expect(saleLine(sale, 2).buy_num).toBe(2);
    expect(saleLine(sale, 9).buy_num).toBe(2);
    expect(saleLine({ ...sale, limit_num: 0 }, 9).buy_num).toBe(5);
    expect(saleLine({ ...sale, limit_num: 0, stock: 0 }, 3).buy_num).toBe(1);
  });

  it('counts down to the start, then to the end, then has ended', () => {
    const at = (iso: string) => saleState(sale, new Date(iso).getTime());
    expect(at('2026-11-29T09:59:00Z')).toEqual({ phase: 'upcoming', left: 60_000 });
    expect(at('2026-11-29T10:00:00Z')).toEqual({ phase: 'running', left: 7_200_000 });
    expect(at('2026-11-29T12:00:00Z')).toEqual({ phase: 'ended', left: 0 });
    expect(clock(7_200_000)).toBe('2:00:00');
    // As the API answers them: on the site's clock (Asia/Shanghai), 18:00 there being 10:00 UTC.
    const answered = { start_time: '2026-11-29 18:00:00', end_time: '2026-11-29 20:00:00' };
    expect(saleState(answered, Date.parse('2026-11-29T09:59:00Z'))).toEqual({ phase: 'upcoming', left: 60_000 });
    expect(saleState(answered, Date.parse('2026-11-29T11:00:00Z'))).toEqual({ phase: 'running', left: 3_600_000 });
    expect(clock(61_999)).toBe('0:01:01');
  });
});
