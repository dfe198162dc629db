// Day.js in the current language (the date pickers' month and day names), for the modules that show dates: imported
// by them rather than by the entry, which has no date library.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from './index';

const apply = (language: string) => void dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
apply(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', apply);
