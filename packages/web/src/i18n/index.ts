import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../config';
import { detectLanguage } from './language';
import zhCn from './zh-cn.json';
import resourceZhCn from './resource.zh-cn.json';
import configsZhCn from './configs.zh-cn.json';
import backofficeCatalogZhCn from './backoffice-catalog.zh-cn.json';
import catalogZhCn from './catalog.zh-cn.json';
import shopperZhCn from './shopper.zh-cn.json';
import ordersZhCn from './orders.zh-cn.json';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function applyDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Other languages than the default arrive in chunks of their own (en.ts); i18next waits for them before switching. */
const otherLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language !== 'en') return callback(null, {});
    import('./en').then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** Settles once the starting language's texts are there (at once for the default language): main.tsx renders then. */
export const i18nReady = i18n.use(otherLanguages).use(initReactI18next).init({
  resources: {
    'zh-cn': { translation: { ...zhCn, ...resourceZhCn, ...configsZhCn, ...catalogZhCn, ...backofficeCatalogZhCn, ...shopperZhCn, ...ordersZhCn } },
  },
  partialBundledLanguages: true,
  lng: detectLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY), browserLanguages()),
  fallbackLng: DEFAULT_LANGUAGE,
  // Without these two, i18next drops 'zh-cn' as unsupported (toolchain notes).
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: false,
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyDocumentLanguage(currentLanguage());
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLanguage(): Language {
  return (i18n.resolvedLanguage as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/** Switches the language in place (no reload) and remembers the choice. */
export async function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}

export default i18n;
