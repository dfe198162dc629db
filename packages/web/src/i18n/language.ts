import { DEFAULT_LANGUAGE, type Language } from '../config';

/** Maps a stored or browser locale to one we ship; 'zh', 'cn' and any zh-* become zh-cn. */
export function normalizeLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const code = value.trim().toLowerCase().replace('_', '-');
  if (code === 'zh' || code === 'cn' || code.startsWith('zh-')) return 'zh-cn';
  if (code === 'en' || code.startsWith('en-')) return 'en';
  return null;
}

/** The stored choice wins, then the browser's languages in order, then zh-cn. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  const fromStorage = normalizeLanguage(stored);
  if (fromStorage) return fromStorage;
  for (const candidate of browserLanguages) {
    const language = normalizeLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
