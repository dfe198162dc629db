// The uploads module's public entry: other modules, the app and the seed import the module from here only
// (eslint-rules/index.js). Its AppModule, which modules/index.ts mounts and whose jobs the worker runs; private files,
// sized copies of images.
export { default } from './routes.ts'
export { PRIVATE_FILES_PERMISSION, privateFileId, privateFileReference, signedValue } from './privateFiles.ts'
export { makeSizedCopies, removeWithCopies, storeSizedCopies } from './sizedCopies.ts'
export { fillSizedCopies } from './fillSizedCopies.ts'
