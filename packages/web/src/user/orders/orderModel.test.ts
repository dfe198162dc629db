import { siteInstant } from '../../utils/siteTime';
import { describe, expect, it } from 'vitest';
import { buildTimeline, earliestDeadline, formatTimeLeft, moneyRows, stepsDone, tabOf, timeLeft } from './orderModel';

const stamps = {
  order_status: 1,
  created_at: '2026-11-24 10:00:00',
  pay_time: null,
  delivery_time: null,
  receipt_time: null,
  comment_time: null,
  cancel_time: null,
};

describe('order timeline', () => {
  it('shows the whole path with only the steps that happened dated', () => {
    const steps = buildTimeline(stamps);
    expect(steps.map((s) => s.key)).toEqual(['created', 'paid', 'shipped', 'received', 'reviewed']);
    expect(steps.map((s) => s.time)).toEqual(['2026-11-24 10:00:00', null, null, null, null]);
    expect(stepsDone(steps)).toBe(1);

    const shipped = buildTimeline({ ...stamps, order_status: 3, pay_time: '2026-11-24 10:05:00', delivery_time: '2026-11-25 09:00:00' });
    expect(shipped.map((s) => s.time)).toEqual(['2026-11-24 10:00:00', '2026-11-24 10:05:00', '2026-11-25 09:00:00', null, null]);
    expect(stepsDone(shipped)).toBe(3);
  });

  it('ends a cancelled order with its cancellation, without the steps it never reached', () => {
    const steps = buildTimeline({ ...stamps, order_status: 0, cancel_time: '2026-11-24 10:30:00' });
    expect(steps).toEqual([
      { key: 'created', time: '2026-11-24 10:00:00' },
      { key: 'cancelled', time: '2026-11-24 10:30:00' },
    ]);
    expect(stepsDone(steps)).toBe(2);
  });
});

describe('money breakdown', () => {
  const order = { order_status: 1, order_price: '118.00', freight_money: '10.00', discount_money: '0.00', total_price: '128.00', pay_time: null };

  it('leaves discounts out when there are none and shows what was paid only once it was', () => {
    expect(moneyRows(order)).toEqual([
      { key: 'goods', amount: '118.00' },
      { key: 'freight', amount: '10.00' },
      { key: 'payable', amount: '128.00', strong: true },
    ]);
    expect(moneyRows({ ...order, order_status: 2, pay_time: '2026-11-24 10:05:00' }).map((r) => [r.key, r.amount, r.strong ?? false])).toEqual([
      ['goods', '118.00', false],
      ['freight', '10.00', false],
      ['payable', '128.00', false],
      ['paid', '128.00', true],
    ]);
  });

  it('shows discounts as taken off', () => {
    const rows = moneyRows({ ...order, discount_money: '5.50', total_price: '122.50' });
    expect(rows.find((r) => r.key === 'discount')).toEqual({ key: 'discount', amount: '5.50', negative: true });
  });
});

describe('time left to pay', () => {
  const deadline = '2026-11-24 10:30:00';
  /** The instant the site's clock (Asia/Shanghai) reads `time`: deadlines are answered on it. */
  const at = (time: string) => siteInstant(time);

  it("reads the deadline on the site's clock, whatever the device's zone", () => {
    // 10:00 in Shanghai is 02:00 UTC.
    expect(timeLeft(deadline, Date.parse('2026-11-24T02:00:00Z'))).toEqual({ hours: 0, minutes: 30, seconds: 0 });
  });

  it('counts down in whole seconds, rounding a started second up, and ends at the deadline', () => {
    expect(timeLeft(deadline, at('2026-11-24 10:00:00'))).toEqual({ hours: 0, minutes: 30, seconds: 0 });
    expect(timeLeft(deadline, at('2026-11-24 10:29:58') + 500)).toEqual({ hours: 0, minutes: 0, seconds: 2 });
    expect(timeLeft(deadline, at('2026-11-24 08:24:51'))).toEqual({ hours: 2, minutes: 5, seconds: 9 });
    expect(timeLeft(deadline, at(deadline))).toBeNull();
    expect(timeLeft(deadline, at('2026-11-24 11:00:00'))).toBeNull();
    expect(timeLeft('not a time', at(deadline))).toBeNull();
  });

  it('is written as h:mm:ss, or mm:ss under an hour', () => {
    expect(formatTimeLeft({ hours: 2, minutes: 5, seconds: 9 })).toBe('2:05:09');
    expect(formatTimeLeft({ hours: 0, minutes: 7, seconds: 0 })).toBe('07:00');
  });

  it('is the earliest deadline of the orders still awaiting payment', () => {
    expect(
      earliestDeadline([
        { order_status: 1, pay_deadline: '2026-11-24 10:40:00' },
        { order_status: 0, pay_deadline: '2026-11-24 10:10:00' },
        { order_status: 1, pay_deadline: '2026-11-24 10:30:00' },
      ]),
    ).toBe('2026-11-24 10:30:00');
    expect(earliestDeadline([{ order_status: 2, pay_deadline: '2026-11-24 10:40:00' }])).toBeNull();
  });
});

describe('status tabs', () => {
  it('read ?status= as a tab and anything unknown as all', () => {
    expect(tabOf('1')).toBe('unpaid');
    expect(tabOf('0')).toBe('cancelled');
    expect(tabOf('6')).toBe('completed');
    for (const raw of [null, '', '7', '-1', 'x', '01']) expect(tabOf(raw)).toBe('all');
  });
});
