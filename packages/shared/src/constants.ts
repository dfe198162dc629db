// Named constants shared by server and web (spec §3, §9). Add new ones in a block naming their module.

/** Rich-text values are stored as the html, this separator, then the editor's JSON node tree (spec §3). */
export const RICH_TEXT_SEPARATOR = '##qshop##'
