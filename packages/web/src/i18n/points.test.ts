// The points pages translate through i18n/points.*.json (key prefix `points`): both languages hold the same keys, and
// every literal key the pages name exists, as does every status label they build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyPaths } from '../test/translationKeys';
import pointsEn from './points.en.json';
import pointsZhCn from './points.zh-cn.json';

const FILES = [
  '../storefront/integral/IntegralGoodsCard.tsx', '../storefront/integral/IntegralHomePage.tsx', '../storefront/integral/IntegralSearchPage.tsx',
  '../storefront/integral/IntegralGoodsPage.tsx', '../storefront/integral/IntegralOrderPage.tsx', '../user/integral/SignInCard.tsx',
  '../user/integral/IntegralLogPage.tsx', '../user/integral/IntegralOrdersPage.tsx', '../admin/points/IntegralOrdersPage.tsx',
].map((file) => join(__dirname, file));
const known = new Set(keyPaths(pointsEn.points));

describe('points translations', () => {
  it('zh-cn and en hold the same keys', () => {
    expect(keyPaths(pointsEn).sort()).toEqual(keyPaths(pointsZhCn).sort());
  });

  it('define every key the points pages name, and every order status', () => {
    const named = FILES.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\btp\(\s*'([\w.-]+)'/g)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
    expect(['statusPaid', 'statusShipped', 'statusCancelled'].filter((key) => !known.has(key))).toEqual([]);
  });
});
