// The chat module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts: customer-service conversations between stores
// and shoppers or visitors, over REST and the socket /api/chat/ws (docs/chat.md).
export { default } from './routes.ts'
