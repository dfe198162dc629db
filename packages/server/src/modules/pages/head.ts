// A page's head: title, description, canonical address, the zh-cn and en versions (`?lang=en`; zh-cn is the site's
// default and has no parameter), Open Graph for link previews and the page's JSON-LD.
import type { Locale } from '@qshop/shared'
import { escapeHtml, jsonLd } from './markup.ts'

export type PageHead = {
  title: string
  description: string
  /** The page's path without a language (`/goods/3`); its canonical address is this in the page's language. */
  path: string
  /** Absolute address of the page's picture for link previews. */
  image?: string
  ogType?: 'website' | 'product' | 'profile' | 'article'
  /** Pages that should not be indexed (a keyword search, a page not found) still let their links be followed. */
  noindex?: boolean
  jsonLd?: object[]
}

/** The address of `path` in `locale`: the default language without a parameter. */
export function localePath(path: string, locale: Locale): string {
  return locale === 'en' ? `${path}${path.includes('?') ? '&' : '?'}lang=en` : path
}

const OG_LOCALES: Record<Locale, string> = { 'zh-cn': 'zh_CN', en: 'en_US' }

export function renderHead(head: PageHead, ctx: { origin: string; locale: Locale; siteName: string }): string {
  const url = (locale: Locale) => escapeHtml(ctx.origin + localePath(head.path, locale))
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}">`
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex, follow')] : [`<link rel="canonical" href="${url(ctx.locale)}">`]),
    `<link rel="alternate" hreflang="zh-cn" href="${url('zh-cn')}">`,
    `<link rel="alternate" hreflang="en" href="${url('en')}">`,
    `<link rel="alternate" hreflang="x-default" href="${url('zh-cn')}">`,
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:site_name', ctx.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    `<meta property="og:url" content="${url(ctx.locale)}">`,
    meta('property', 'og:locale', OG_LOCALES[ctx.locale]),
    ...(head.image ? [meta('property', 'og:image', head.image), meta('name', 'twitter:card', 'summary_large_image')] : []),
    ...(head.jsonLd ?? []).map(jsonLd),
  ]
  return tags.join('')
}

