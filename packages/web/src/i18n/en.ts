// The English texts, fetched when English is first used (index.ts): the storefront's first script carries only the
// default language.
import en from './en.json';
import resourceEn from './resource.en.json';
import configsEn from './configs.en.json';
import backofficeCatalogEn from './backoffice-catalog.en.json';
import catalogEn from './catalog.en.json';
import shopperEn from './shopper.en.json';
import ordersEn from './orders.en.json';

export default { ...en, ...resourceEn, ...configsEn, ...catalogEn, ...backofficeCatalogEn, ...shopperEn, ...ordersEn };
