import { describe, expect, it } from 'vitest';
import i18n, { currentLanguage, setLanguage } from '.';
import { detectLanguage, normalizeLanguage } from './language';

describe('language mapping', () => {
  it.each([
    ['zh', 'zh-cn'],
    ['cn', 'zh-cn'],
    ['zh-CN', 'zh-cn'],
    ['zh_TW', 'zh-cn'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['fr', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it('takes the stored choice, then the browser, then zh-cn', () => {
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
    expect(detectLanguage('cn', ['en-US'])).toBe('zh-cn');
    expect(detectLanguage(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(detectLanguage(null, ['de'])).toBe('zh-cn');
    expect(detectLanguage('xx', [])).toBe('zh-cn');
  });

  it('switches without a reload, keeps zh-cn resolvable and remembers the choice', async () => {
    await setLanguage('zh-cn');
    expect(i18n.resolvedLanguage).toBe('zh-cn');
    expect(currentLanguage()).toBe('zh-cn');
    expect(i18n.t('msg.success')).toBe('操作成功');
    expect(localStorage.getItem('lang')).toBe('zh-cn');
    await setLanguage('en');
    expect(i18n.t('msg.success')).toBe('The operation was successful');
    expect(document.documentElement.lang).toBe('en');
  });
});
