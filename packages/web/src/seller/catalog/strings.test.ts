import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyPaths, knownInBothLanguages as known, sourceFiles } from '../../test/translationKeys';
import en from '../../i18n/en.json';
import zhCn from '../../i18n/zh-cn.json';
import resourceZhCn from '../../i18n/resource.zh-cn.json';
import configsZhCn from '../../i18n/configs.zh-cn.json';
import boEn from '../../i18n/backoffice-catalog.en.json';
import boZhCn from '../../i18n/backoffice-catalog.zh-cn.json';
import '../../i18n/backoffice';
import '../../resource/fieldLabels';

const DIRS = [__dirname, join(__dirname, '../../admin/catalog')];

const sources = () => sourceFiles(DIRS).map((path) => readFileSync(path, 'utf8'));

describe('back-office catalog strings', () => {
  it('exist in both languages', () => {
    expect(keyPaths(boEn).sort()).toEqual(keyPaths(boZhCn).sort());
  });

  it('do not redefine other strings', () => {
    expect(Object.keys(boZhCn).filter((top) => top in zhCn || top in en || top in resourceZhCn || top in configsZhCn)).toEqual([]);
  });

  it('cover every key the pages translate, and every field label they name', () => {
    const code = sources();
    const used = code.flatMap((text) => [...text.matchAll(/\btc\(\s*'([\w.]+)'/g)].map((m) => `boCatalog.${m[1]}`));
    const labels = code.flatMap((text) => [...text.matchAll(/\blabel\(\s*'(\w+)'/g)].map((m) => `fields.${m[1]}`));
    const areaLevels = ['province', 'city', 'district'].map((level) => `boCatalog.area.${level}`);
    expect(used.length).toBeGreaterThan(30);
    expect(labels.length).toBeGreaterThan(20);
    expect([...used, ...labels, ...areaLevels, 'boCatalog.pickSpecs', 'boCatalog.tooManySkus'].filter((key) => !known(key))).toEqual([]);
  });
});
