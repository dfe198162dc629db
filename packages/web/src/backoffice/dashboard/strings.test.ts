import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyPaths, knownInBothLanguages as known, sourceFiles } from '../../test/translationKeys';
import en from '../../i18n/en.json';
import zhCn from '../../i18n/zh-cn.json';
import resourceZhCn from '../../i18n/resource.zh-cn.json';
import dashboardEn from '../../i18n/dashboard.en.json';
import dashboardZhCn from '../../i18n/dashboard.zh-cn.json';
import '../../i18n/backoffice';
import { ADMIN_TODO_LINKS } from './todoLinks';

const DIRS = [__dirname, join(__dirname, '../../admin/dashboard')];

const sources = () => sourceFiles(DIRS).map((path) => readFileSync(path, 'utf8'));

describe('dashboard strings', () => {
  it('exist in both languages', () => {
    expect(keyPaths(dashboardEn).sort()).toEqual(keyPaths(dashboardZhCn).sort());
  });

  it('do not redefine other strings', () => {
    expect(Object.keys(dashboardZhCn).filter((top) => top in zhCn || top in en || top in resourceZhCn)).toEqual([]);
  });

  it('cover every key the dashboards translate, the to-do items and the periods compared', () => {
    const used = sources().flatMap((text) => [...text.matchAll(/\btd\(\s*'([\w.]+)'/g)].map((m) => `dashboard.${m[1]}`));
    const todo = Object.keys(ADMIN_TODO_LINKS).map((item) => `dashboard.todo.${item}`);
    const previous = ['yesterday', 'lastWeek', 'lastMonth'].map((period) => `dashboard.previous.${period}`);
    expect(used.length).toBeGreaterThan(40);
    expect([...used, ...todo, ...previous].filter((key) => !known(key))).toEqual([]);
  });
});
