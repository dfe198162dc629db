import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../config';
import { detectLanguage } from './language';
import zhCn from './zh-cn.json';
import en from './en.json';
import resourceZhCn from './resource.zh-cn.json';
import resourceEn from './resource.en.json';
import catalogZhCn from './catalog.zh-cn.json';
import catalogEn from './catalog.en.json';
import shopperZhCn from './shopper.zh-cn.json';
import shopperEn from './shopper.en.json';
import couponsZhCn from './coupons.zh-cn.json';
import couponsEn from './coupons.en.json';
import ordersZhCn from './orders.zh-cn.json';
import ordersEn from './orders.en.json';
import reviewsZhCn from './reviews.zh-cn.json';
import reviewsEn from './reviews.en.json';
import fulfilZhCn from './fulfil.zh-cn.json';
import fulfilEn from './fulfil.en.json';
import aftersalesZhCn from './aftersales.zh-cn.json';
import aftersalesEn from './aftersales.en.json';
import fundsZhCn from './funds.zh-cn.json';
import fundsEn from './funds.en.json';
import pointsZhCn from './points.zh-cn.json';
import pointsEn from './points.en.json';
import seckillsZhCn from './seckills.zh-cn.json';
import seckillsEn from './seckills.en.json';
import collectivesZhCn from './collectives.zh-cn.json';
import collectivesEn from './collectives.en.json';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function addressLanguage(): string | null {
  return typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
}

function applyDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  resources: {
    'zh-cn': { translation: { ...zhCn, ...resourceZhCn, ...catalogZhCn, ...shopperZhCn, ...ordersZhCn, ...reviewsZhCn, ...fulfilZhCn, ...aftersalesZhCn, ...fundsZhCn, ...pointsZhCn, ...couponsZhCn, ...seckillsZhCn, ...collectivesZhCn } },
    en: { translation: { ...en, ...resourceEn, ...catalogEn, ...shopperEn, ...ordersEn, ...reviewsEn, ...fulfilEn, ...aftersalesEn, ...fundsEn, ...pointsEn, ...couponsEn, ...seckillsEn, ...collectivesEn } },
  },
  // A page's address in a language (`?lang=en`, the server's hreflang links, server modules/pages/head.ts) wins over
  // the stored choice, which wins over the browser's.
  lng: detectLanguage(addressLanguage() ?? localStorage.getItem(LANGUAGE_STORAGE_KEY), browserLanguages()),
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
