// The catalog pages translate through their own files (i18n/catalog.*.json, key prefix `catalog`): every key the
// pages name exists in both languages, and both languages hold the same keys.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyPaths, sourceFiles } from '../../test/translationKeys';
import catalogEn from '../../i18n/catalog.en.json';
import catalogZhCn from '../../i18n/catalog.zh-cn.json';
import en from '../../i18n/en.json';
import zhCn from '../../i18n/zh-cn.json';

const DIRS = [join(__dirname), join(__dirname, '../stores'), join(__dirname, '../../user/favorites')];
const sources = sourceFiles(DIRS);
const NAMESPACES = Object.keys(catalogZhCn.catalog);
const literal = new RegExp(`'((?:${NAMESPACES.join('|')})(?:\\.[\\w-]+)*)'|\\bt\\(\\s*'([\\w-]+(?:\\.[\\w-]+)+)'`, 'g');

describe('catalog translations', () => {
  it('zh-cn and en hold the same keys', () => {
    expect(keyPaths(catalogEn).sort()).toEqual(keyPaths(catalogZhCn).sort());
  });

  it('define every key the catalog pages name, in both languages', () => {
    const missing: string[] = [];
    for (const [lang, tree] of [['zh-cn', { ...zhCn, ...catalogZhCn }], ['en', { ...en, ...catalogEn }]] as const) {
      const known = new Set(keyPaths(tree));
      for (const file of sources) {
        for (const match of readFileSync(file, 'utf8').matchAll(literal)) {
          const key = match[1] ?? match[2];
          // A namespace word on its own ('home', 'store') is a string of the code, not a key.
          if (!key.includes('.') && !known.has(`catalog.${key}`)) continue;
          if (!known.has(key) && !known.has(`catalog.${key}`)) missing.push(`${lang}: ${key} (${file})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
