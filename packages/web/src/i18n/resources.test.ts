import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCn from './zh-cn.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

// The generic resource pages are written in parallel and add their own keys; they are left out here.
const SKIPPED_DIRS = new Set(['resource']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('translation resources', () => {
  it('zh-cn and en hold the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(zhCn).sort());
  });

  it('hold the keys the spec names', () => {
    for (const key of ['msg.subNotAllowBuy', 'msg.selectErr', 'msg.success', 'table.deltit', 'table.delmsg', 'table.waitSetting']) {
      expect(keys(zhCn)).toContain(key);
    }
    expect(en.table.waitSetting).toBe('wait setting.');
  });

  it('define every literal key the code translates', () => {
    const known = new Set(keys(zhCn));
    const literal = /\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'|(?:titleKey|labelKey):\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g;
    const missing: string[] = [];
    for (const file of sourceFiles(join(__dirname, '..'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(literal)) {
        const key = match[1] ?? match[2];
        if (!known.has(key)) missing.push(`${key} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
