import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyPaths, sourceFiles } from '../test/translationKeys';
import en from './en.json';
import zhCn from './zh-cn.json';

// The generic resource pages are written in parallel and add their own keys; they are left out here.
const SKIPPED_DIRS = new Set(['resource']);

describe('translation resources', () => {
  it('zh-cn and en hold the same keys', () => {
    expect(keyPaths(en).sort()).toEqual(keyPaths(zhCn).sort());
  });

  it('hold the keys the spec names', () => {
    for (const key of ['msg.subNotAllowBuy', 'msg.selectErr', 'msg.success', 'table.deltit', 'table.delmsg', 'table.waitSetting']) {
      expect(keyPaths(zhCn)).toContain(key);
    }
    expect(en.table.waitSetting).toBe('wait setting.');
  });

  it('define every literal key the code translates', () => {
    const known = new Set(keyPaths(zhCn));
    const literal = /\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'|(?:titleKey|labelKey):\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g;
    const missing: string[] = [];
    for (const file of sourceFiles([join(__dirname, '..')], { recursive: true, skip: SKIPPED_DIRS })) {
      for (const match of readFileSync(file, 'utf8').matchAll(literal)) {
        const key = match[1] ?? match[2];
        if (!known.has(key)) missing.push(`${key} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
