import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyPaths, knownInBothLanguages as known, sourceFiles } from '../test/translationKeys';
import en from '../i18n/en.json';
import zhCn from '../i18n/zh-cn.json';
import resourceEn from '../i18n/resource.en.json';
import resourceZhCn from '../i18n/resource.zh-cn.json';
import './fieldLabels';

describe('resource page strings', () => {
  it('exist in both languages', () => {
    expect(keyPaths(resourceEn).sort()).toEqual(keyPaths(resourceZhCn).sort());
  });

  it('do not redefine the app-wide strings', () => {
    const shared = Object.keys(resourceZhCn).filter((top) => top in zhCn || top in en);
    expect(shared).toEqual([]);
  });

  it('cover every literal key the resource pages translate, field labels included, in both languages', () => {
    const literal = /\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'|label: '([a-z]+\.[\w.]+)'/g;
    const missing = sourceFiles([__dirname], { recursive: true }).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(literal)].map((m) => m[1] ?? m[2]).filter((key) => !known(key)).map((key) => `${key} (${file})`),
    );
    expect(missing).toEqual([]);
  });
});
