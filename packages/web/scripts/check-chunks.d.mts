/** The chunk files the storefront's first page loads (entry, home page, and their static imports). */
export function firstPageChunks(): { chunks: Record<string, { imports: string[]; modules: string[] }>; files: string[] }
