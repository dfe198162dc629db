// The main text of goods, store and article pages, the notice list (and the not-found page) in the entry page: what a reader or a crawler that
// runs no script sees. It stands in the app's root, which the app's first render replaces: nodes removed, not moved,
// so the take-over shifts nothing (e2e/page-text.e2e.ts). Every value is escaped here.
import { escapeHtml as e } from './markup.ts'

/**
 * Plain, readable, and clear of the goods page's main picture and the search page's first card picture on phones,
 * which the entry page places where the page will show them (web storefront/firstPicture.css: the goods picture 201 px
 * from the top, at most 398 px wide and square; the card picture 404 px from the top, half the width less 40 px;
 * the search text's own copy of it is then not shown). The price's red is the darker one that keeps 4.5:1 on white.
 */
export const PAGE_STYLE =
  '<style>.page-text{max-width:1200px;margin:0 auto;padding:16px;font:16px/1.6 system-ui,sans-serif;color:#222;overflow-wrap:anywhere}' +
  '.page-text h1{font-size:20px;margin:8px 0}.page-text .price{color:#c81623;font-size:20px}' +
  '.page-text a{color:#0b57d0}.page-text ol{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px}' +
  '.page-text img{max-width:160px;height:auto}.page-text[data-page=search] img{max-width:min(400px,50vw)}' +
  '@media (max-width:48em){.page-text[data-page=goods]{padding-top:calc(217px + min(398px,100vw - 60px))}}' +
  '@media (max-width:47.99em){.page-text[data-page=search]{padding-top:calc(420px + 50% - 40px)}.page-text[data-page=search] img{display:none}}</style>'

type Link = { name: string; path: string }

const trailOf = (trail: Link[]) =>
  trail.length ? `<nav aria-label="breadcrumb"><ol>${trail.map((c) => `<li><a href="${e(c.path)}">${e(c.name)}</a></li>`).join('')}</ol></nav>` : ''

export function goodsText(g: {
  name: string; subname: string; image: string | null; price: string; priceLabel: string; stock: string
  store: Link & { label: string }; description: string; trail: Link[]
}): string {
  return (
    `<main class="page-text" data-page="goods">${trailOf(g.trail)}<h1>${e(g.name)}</h1>` +
    (g.subname ? `<p>${e(g.subname)}</p>` : '') +
    `<p>${e(g.priceLabel)}: <span class="price">${e(g.price)}</span> · ${e(g.stock)}</p>` +
    `<p>${e(g.store.label)}: <a href="${e(g.store.path)}">${e(g.store.name)}</a></p>` +
    (g.description ? `<p>${e(g.description)}</p>` : '') +
    '</main>'
  )
}

export function storeText(s: { name: string; logo: string | null; description: string; goods: (Link & { price: string })[] }): string {
  return (
    `<main class="page-text" data-page="store">` +
    (s.logo ? `<img src="${e(s.logo)}" alt="${e(s.name)}" width="160" height="160">` : '') +
    `<h1>${e(s.name)}</h1>` +
    (s.description ? `<p>${e(s.description)}</p>` : '') +
    (s.goods.length ? `<ul>${s.goods.map((g) => `<li><a href="${e(g.path)}">${e(g.name)}</a> ${e(g.price)}</li>`).join('')}</ul>` : '') +
    '</main>'
  )
}

/** The plain search page: its first page of goods, each a link with its price, the first with its picture (the card's
 *  `srcset` and `sizes`, so the app's card takes the same copy). */
export function searchText(s: { title: string; goods: (Link & { price: string })[]; picture: { src: string; srcset?: string; sizes: string } | null }): string {
  const p = s.picture
  const picture = p ? `<img src="${e(p.src)}"${p.srcset ? ` srcset="${e(p.srcset)}" sizes="${e(p.sizes)}"` : ''} alt="${e(s.goods[0]?.name ?? '')}" width="400" height="400">` : ''
  return (
    `<main class="page-text" data-page="search"><h1>${e(s.title)}</h1>${picture}` +
    `<ul>${s.goods.map((g) => `<li><a href="${e(g.path)}">${e(g.name)}</a> ${e(g.price)}</li>`).join('')}</ul>` +
    '</main>'
  )
}

export function articleText(a: { name: string; paragraphs: string[]; trail: Link[]; date: string }): string {
  return (
    `<main class="page-text" data-page="article">${trailOf(a.trail)}<h1>${e(a.name)}</h1>` +
    `<p><time datetime="${e(a.date)}">${e(a.date)}</time></p>` +
    a.paragraphs.map((p) => `<p>${e(p)}</p>`).join('') +
    '</main>'
  )
}

export function noticesText(n: { title: string; notices: { name: string; date: string; text: string }[] }): string {
  return (
    `<main class="page-text" data-page="notices"><h1>${e(n.title)}</h1>` +
    n.notices.map((x) => `<section><h2>${e(x.name)}</h2><p><time datetime="${e(x.date)}">${e(x.date)}</time></p><p>${e(x.text)}</p></section>`).join('') +
    '</main>'
  )
}

export function notFoundText(n: { title: string; text: string; home: string; homePath: string }): string {
  return `<main class="page-text" data-page="not-found"><h1>${e(n.title)}</h1><p>${e(n.text)}</p><p><a href="${e(n.homePath)}">${e(n.home)}</a></p></main>`
}
