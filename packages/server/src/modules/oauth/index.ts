// The oauth module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule: WeChat login and the shopper's linked accounts.
export { default } from './routes.ts'
