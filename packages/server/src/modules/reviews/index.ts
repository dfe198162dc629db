// The reviews module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts; completing an order once all its lines are
// reviewed.
export { default } from './routes.ts'
export { completeIfReviewed } from './service.ts'
