// The payments module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule: the gateways' notify URLs and the top-up route.
export { default } from './routes.ts'
