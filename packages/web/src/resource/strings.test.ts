import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import zhCn from '../i18n/zh-cn.json';
import resourceEn from '../i18n/resource.en.json';
import resourceZhCn from '../i18n/resource.zh-cn.json';
import i18n from '../i18n';
import './fieldLabels';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('resource page strings', () => {
  it('exist in both languages', () => {
    expect(keys(resourceEn).sort()).toEqual(keys(resourceZhCn).sort());
  });

  it('do not redefine the app-wide strings', () => {
    const shared = Object.keys(resourceZhCn).filter((top) => top in zhCn || top in en);
    expect(shared).toEqual([]);
  });

  it('cover every literal key the resource pages translate, field labels included, in both languages', () => {
    const known = (key: string) => ['zh-cn', 'en'].every((lng) => i18n.exists(key, { lng, fallbackLng: false }));
    const literal = /\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'|label: '([a-z]+\.[\w.]+)'/g;
    const missing = sourceFiles(__dirname).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(literal)].map((m) => m[1] ?? m[2]).filter((key) => !known(key)).map((key) => `${key} (${file})`),
    );
    expect(missing).toEqual([]);
  });
});
