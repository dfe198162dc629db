// The addresses module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts; what the checkout uses of the shopper's
// addresses.
export { default } from './routes.ts'
export { ADDRESS_SELECT, present as presentAddress, type AddressRow } from './service.ts'
