// The stores module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts; moving identity images to the private storage
// (scripts/start.ts).
export { default } from './routes.ts'
export { makeIdentityImagesPrivate } from './identityMove.ts'
