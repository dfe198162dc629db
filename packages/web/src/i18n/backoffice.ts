// Texts only the back offices show, added by the modules that show them (each imports this file), so the storefront's
// first script does not carry them.
import i18n from 'i18next';
import backofficeCatalogZhCn from './backoffice-catalog.zh-cn.json';
import backofficeCatalogEn from './backoffice-catalog.en.json';
import configsZhCn from './configs.zh-cn.json';
import configsEn from './configs.en.json';
import settleZhCn from './settle.zh-cn.json';
import settleEn from './settle.en.json';
import dashboardZhCn from './dashboard.zh-cn.json';
import dashboardEn from './dashboard.en.json';
import chatZhCn from './chat.zh-cn.json';
import chatEn from './chat.en.json';

i18n.addResourceBundle('zh-cn', 'translation', { ...backofficeCatalogZhCn, ...configsZhCn, ...settleZhCn, ...dashboardZhCn, ...chatZhCn }, true, false);
i18n.addResourceBundle('en', 'translation', { ...backofficeCatalogEn, ...configsEn, ...settleEn, ...dashboardEn, ...chatEn }, true, false);
