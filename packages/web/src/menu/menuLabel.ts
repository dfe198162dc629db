import type { Language } from '../config';
import type { MenuItem } from './types';

/** English name when the language is en and one is set, else the Chinese name. */
export function menuLabel(item: MenuItem, language: Language): string {
  return language === 'en' && item.ename ? item.ename : item.name;
}
