// The order pages translate through i18n/orders.*.json (key prefix `orders`): both languages hold the same keys, every
// literal key the pages name exists, and so does every key they build (status, tab, timeline step, money row).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyPaths, sourceFiles } from '../test/translationKeys';
import { ORDER_STATUS } from '@qshop/shared/states';
import ordersEn from './orders.en.json';
import ordersZhCn from './orders.zh-cn.json';
import { ORDER_TABS, buildTimeline, moneyRows } from '../user/orders/orderModel';

const DIRS = [join(__dirname, '../storefront/order'), join(__dirname, '../user/orders')];
const sources = sourceFiles(DIRS);
const literal = /\bto\(\s*'([\w.-]+)'/g;
const known = new Set(keyPaths(ordersEn.orders));

describe('order translations', () => {
  it('zh-cn and en hold the same keys', () => {
    expect(keyPaths(ordersEn).sort()).toEqual(keyPaths(ordersZhCn).sort());
  });

  it('define every key the order pages name', () => {
    const named = sources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(literal)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });

  it('define every status, tab, timeline step and money row', () => {
    const built = [
      ...Object.values(ORDER_STATUS).map((s) => `status.${s}`),
      ...ORDER_TABS.map((tab) => `tab.${tab.key}`),
      ...buildTimeline({ order_status: 2, created_at: 'a', pay_time: 'b', delivery_time: null, receipt_time: null, comment_time: null, cancel_time: null }).map((s) => `detail.timeline.${s.key}`),
      'detail.timeline.cancelled',
      ...moneyRows({ order_status: 2, order_price: '1.00', freight_money: '1.00', discount_money: '1.00', total_price: '1.00', pay_time: 'x' }).map((r) => `detail.money.${r.key}`),
      ...['balance', 'wechat', 'alipay'].flatMap((name) => [`pay.${name}`, `detail.payments.${name}`]),
    ];
    expect(built.filter((key) => !known.has(key))).toEqual([]);
  });
});
