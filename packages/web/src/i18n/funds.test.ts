// The money pages translate through i18n/funds.*.json (key prefix `funds`): both languages hold the same keys, and
// every literal key the pages name exists, as does every withdrawal state and commission tab they build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASH_STATUS, DISTRIBUTION_STATUS } from '@qshop/shared/states';
import { keyPaths } from '../test/translationKeys';
import fundsEn from './funds.en.json';
import fundsZhCn from './funds.zh-cn.json';

const FILES = [
  '../user/funds/MoneyLogPage.tsx', '../user/funds/TopUp.tsx', '../user/funds/CashesPage.tsx', '../user/funds/CheckPage.tsx', '../user/funds/DistributionPage.tsx',
  '../user/funds/DistributionLogsPage.tsx', '../backoffice/funds/CashesPage.tsx', '../backoffice/funds/AdminUsersPage.tsx',
].map((file) => join(__dirname, file));
const source = FILES.map((file) => readFileSync(file, 'utf8')).join('\n');

describe('money page translations', () => {
  it('zh-cn and en hold the same keys', () => {
    expect(keyPaths(fundsEn).sort()).toEqual(keyPaths(fundsZhCn).sort());
  });

  it('define every key the pages name, and each state they build', () => {
    const known = new Set(keyPaths(fundsEn));
    const named = [...source.matchAll(/\btf\(\s*'([\w.]+)'/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(30);
    // tf is bound to funds, funds.check, funds.admin or funds.distribution: one of them holds each key.
    const missing = named.filter((k) => !['', 'check.', 'admin.', 'distribution.'].some((prefix) => known.has(`funds.${prefix}${k}`)));
    expect(missing).toEqual([]);
    for (const s of Object.values(CASH_STATUS)) expect(known.has(`funds.status.${s}`)).toBe(true);
    for (const s of Object.values(DISTRIBUTION_STATUS)) expect(known.has(`funds.distribution.tab.${s}`)).toBe(true);
  });
});
