// The after-sales pages translate through i18n/aftersales.*.json (key prefix `aftersales`, the back offices'
// `aftersales.backoffice`): both languages hold the same keys; every literal key the pages name exists, and so does
// every key they build: each request state and timeline step, each back-office decision's button, title and submit,
// the remark of those that ask one, the done message of each outcome.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUND_STEP, REFUND_TYPE, REFUND_VERIFY } from '@qshop/shared/states';
import { keyPaths } from '../test/translationKeys';
import { refundStateKey } from '../user/aftersales/refundModel';
import { refundActions, type RefundAction } from '../backoffice/refunds/refundsModel';
import aftersalesEn from './aftersales.en.json';
import aftersalesZhCn from './aftersales.zh-cn.json';

const FILES = [
  '../user/aftersales/RefundPage.tsx', '../user/aftersales/RefundFormPage.tsx', '../user/orders/AfterSaleActions.tsx',
  '../backoffice/refunds/RefundsPage.tsx', '../backoffice/refunds/RefundDetailView.tsx', '../backoffice/refunds/DecisionDialog.tsx',
].map((file) => join(__dirname, file));
const source = FILES.map((file) => readFileSync(file, 'utf8')).join('\n');
const known = new Set(keyPaths(aftersalesEn.aftersales));
const literal = (fn: string) => [...source.matchAll(new RegExp(`\\b${fn}\\(\\s*'([\\w.-]+)'`, 'g'))].map((m) => m[1]);

describe('after-sales translations', () => {
  it('zh-cn and en hold the same keys', () => {
    expect(keyPaths(aftersalesEn).sort()).toEqual(keyPaths(aftersalesZhCn).sort());
  });

  it('define every key the pages name', () => {
    const named = [...literal('ta'), ...literal('t').filter((k) => !k.startsWith('route.')), ...literal('tb').map((k) => `backoffice.${k}`)];
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });

  it('define every key the pages build', () => {
    const states = Object.values(REFUND_TYPE).flatMap((refund_type) =>
      Object.values(REFUND_VERIFY).flatMap((refund_verify) => Object.values(REFUND_STEP).map((refund_step) => ({ refund_type, refund_verify, refund_step }))),
    );
    const actions = new Set<RefundAction>(states.flatMap((s) => [...refundActions('Admin', s), ...refundActions('Seller', s)]));
    expect([...actions].sort()).toEqual(['agree', 'arbitrate', 'close', 'confirm', 'refuse']);
    const built = [
      ...states.map(refundStateKey),
      ...Object.values(REFUND_TYPE).map((type) => `type.${type}`),
      ...['opened', 'refused', 'arbitration', 'decision', 'shipped', 'refunded', 'closed'].map((step) => `timeline.${step}`),
      ...[...actions].flatMap((a) => [`backoffice.action.${a}`, `backoffice.title.${a}`, `backoffice.submit.${a}`]),
      ...['refuse', 'arbitrate', 'close'].map((a) => `backoffice.remark.${a}`),
      ...['agree', 'refuse', 'confirm', 'close'].map((outcome) => `backoffice.done.${outcome}`),
      ...Object.values(REFUND_TYPE).map((type) => `backoffice.agreeText.${type}`),
    ];
    expect(built.filter((key) => !known.has(key))).toEqual([]);
  });
});
