import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyPaths, knownInBothLanguages as known, sourceFiles } from '../../test/translationKeys';
import { CONFIG_GROUPS, configForm } from '@qshop/shared/schemas/configs';
import en from '../../i18n/en.json';
import zhCn from '../../i18n/zh-cn.json';
import resourceZhCn from '../../i18n/resource.zh-cn.json';
import configsEn from '../../i18n/configs.en.json';
import configsZhCn from '../../i18n/configs.zh-cn.json';
import '../../i18n/backoffice';
import '../../resource/fieldLabels';

describe('config page strings', () => {
  it('exist in both languages', () => {
    expect(keyPaths(configsEn).sort()).toEqual(keyPaths(configsZhCn).sort());
  });

  it('do not redefine the app-wide or resource strings', () => {
    expect(Object.keys(configsZhCn).filter((top) => top in zhCn || top in en || top in resourceZhCn)).toEqual([]);
  });

  it('cover every key the config page translates under its prefix', () => {
    const used = sourceFiles([__dirname]).flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/\btc\(\s*'([\w.]+)'/g)].map((m) => `configs.${m[1]}`));
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((key) => !known(key))).toEqual([]);
  });

  it('label every field, section and choice of every group in both languages', () => {
    const labels = CONFIG_GROUPS.flatMap((group) =>
      configForm(group).flatMap((field) => [
        field.label,
        ...(field.section ? [`fields.${group}_${field.section}`] : []),
        ...(field.dict ?? []).map((option) => option.label),
      ]),
    );
    expect(labels.filter((key) => !known(key))).toEqual([]);
  });
});
