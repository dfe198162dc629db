// Rich text is stored clean, whoever shows it later (the storefront, apps, mails): only an allowlist of tags,
// attributes and URL schemes is kept in its html part. The editor's JSON part after the separator is the
// editor's own document; the editor rebuilds it through its schema.
import sanitizeHtml from 'sanitize-html'
import { RICH_TEXT_SEPARATOR } from '@qshop/shared/constants'

const CELL = ['colspan', 'rowspan', 'align']
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'a', 'b', 'blockquote', 'br', 'caption', 'code', 'col', 'colgroup', 'div', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3',
    'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table',
    'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
  ],
  allowedAttributes: {
    '*': ['title', 'align'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    col: ['width'],
    td: CELL,
    th: CELL,
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
}

/** The value with its html part cleaned; the same value again when it is clean already. */
export function cleanRichText(value: string): string {
  const at = value.indexOf(RICH_TEXT_SEPARATOR)
  return at < 0 ? sanitizeHtml(value, OPTIONS) : sanitizeHtml(value.slice(0, at), OPTIONS) + value.slice(at)
}

/** The input with the named rich-text fields cleaned (absent ones stay absent). */
export function cleanRichTextFields<T extends Record<string, unknown>>(input: T, names: readonly string[]): T {
  const out: Record<string, unknown> = { ...input }
  for (const name of names) if (typeof out[name] === 'string') out[name] = cleanRichText(out[name] as string)
  return out as T
}
