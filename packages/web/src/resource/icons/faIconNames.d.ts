declare module 'virtual:fa-icon-names' {
  /** Font Awesome free solid icon names, each prefixed `fa-` (see faIconNamesPlugin.ts). */
  const names: string[];
  export default names;
}
