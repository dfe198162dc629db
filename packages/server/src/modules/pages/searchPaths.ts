// The search page's address /s/{params}: params is base64 JSON, as the web app writes it (web utils/base64Params.ts
// encodeParams, read by storefront/catalog/searchParams.ts). A category's own page is the search by its id alone.
const KEYWORDS_MAX = 50
const ID_MAX = 2147483647

export type PageSearch = { keywords?: string; class_id?: number }

/** The address of a category's goods: what the web app's category links open, without their extra fields. */
export const categoryPath = (classId: number) => `/s/${encodeURIComponent(Buffer.from(JSON.stringify({ class_id: classId })).toString('base64'))}`

function decodeJson(raw: string): unknown {
  for (const text of [raw, (() => { try { return decodeURIComponent(raw) } catch { return raw } })()]) {
    try {
      return JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as unknown
    } catch {
      // the other form
    }
  }
  return null
}

/** What a search address names; a broken or foreign value names nothing (the whole catalogue). */
export function decodeSearch(raw: string | undefined): PageSearch {
  const value = raw ? decodeJson(raw) : null
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  const v = value as Record<string, unknown>
  const out: PageSearch = {}
  if (typeof v.keywords === 'string' && v.keywords.trim()) out.keywords = [...v.keywords.trim()].slice(0, KEYWORDS_MAX).join('')
  const id = typeof v.class_id === 'string' && /^\d+$/.test(v.class_id) ? Number(v.class_id) : v.class_id
  if (typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= ID_MAX) out.class_id = id
  return out
}
