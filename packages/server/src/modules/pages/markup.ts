// Text from the database written into the entry page: as element text, as attribute values, or as JSON-LD. Nothing
// copied from a goods, a store or a setting can close its element or open another.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text safe as element content and as a double- or single-quoted attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c])

/**
 * A JSON-LD block. `<`, `>` and `&` as JSON escapes, so no `</script>` or `<!--` can appear in it; the line and
 * paragraph separators too, which some parsers take as line ends. A data block (`application/ld+json`) is not run as
 * a script, so the pages' Content-Security-Policy (`script-src 'self'`) lets it be.
 */
export function jsonLd(value: object): string {
  const json = JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return `<script type="application/ld+json">${json}</script>`
}

/** The text of rich-text HTML (a goods' description): tags dropped, the common entities read, spaces folded. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The text of rich-text HTML by paragraph (block ends start a new one), each as plainText reads it. */
export function paragraphsOf(html: string | null | undefined): string[] {
  return (html ?? '')
    .split(/<\/(?:p|div|h[1-6]|li|blockquote|pre|tr)\s*>|<br\s*\/?>/i)
    .map(plainText)
    .filter(Boolean)
}

/** At most `max` characters, cut at a character (not inside a surrogate pair), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…'
}
