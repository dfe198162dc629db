export type ChunkInfo = { isEntry: boolean; facade: string | null; imports: string[]; dynamicImports: string[]; modules: string[]; css?: string[] }

/** The lazily loaded chunks each storefront page shows first, by source. */
export const PAGES: Record<'home' | 'search' | 'goods', string[]>

/** The chunk files (and their stylesheets) a page loads: the entry, the page's chunks and their static imports. */
export function pageChunks(sources: string[]): { chunks: Record<string, ChunkInfo>; files: string[]; css: string[] }
