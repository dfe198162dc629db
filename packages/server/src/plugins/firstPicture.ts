// The home and goods pages' entry page carries the page's main picture: the browser fetches and shows it from the
// first paint (where the page will show it, web storefront/firstPicture.css) instead of after the scripts have run,
// the page's read has answered and the page has rendered. Taken from the cached answers of GET /api/home and
// GET /api/goods/{id}, so it is the picture the page shows; only from the cache: entry pages have no rate limit, and
// a request for one never reads the database (a page whose answer is not cached goes out without its picture, and
// its own read fills the cache for the next visitor).
import type { FastifyInstance } from 'fastify'
import { FIRST_PICTURE_CLASS, FIRST_PICTURE_SIZES, type FirstPicturePage } from '@qshop/shared/pagePictures'
import { idParam } from '@qshop/shared/schemas/common'
import { sizedSrcSet } from '@qshop/shared/sizedImages'
import { cachedGoodsPicture } from '../modules/catalog/detail.ts'
import { cachedFirstSlide } from '../modules/catalog/home.ts'

export type FirstPicture = { page: FirstPicturePage; src: string }

const GOODS_PAGE = /^\/goods\/([^/]+)\/?$/

async function pictureOf(app: FastifyInstance, path: string): Promise<FirstPicture | null> {
  if (path === '/') {
    const src = await cachedFirstSlide(app)
    return src ? { page: 'home', src } : null
  }
  const param = idParam.safeParse({ id: GOODS_PAGE.exec(path)?.[1] })
  if (!param.success) return null
  const src = await cachedGoodsPicture(app, param.data.id)
  return src ? { page: 'goods', src } : null
}

/** The main picture of the page at `url` (a browser route), or null: other pages, no picture, a goods not on sale. */
export const firstPictureOf = (app: FastifyInstance, url: string) => pictureOf(app, url.split(/[?#]/, 1)[0])

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The picture's element: the page's `srcset` and `sizes`, so the browser fetches the copy the page will show. A
 * stand-in for the page's own, which names it: hidden from assistive technology.
 */
export function firstPictureElement({ page, src }: FirstPicture): string {
  const srcset = sizedSrcSet(src)
  const copies = srcset ? ` srcset="${escapeAttribute(srcset)}" sizes="${escapeAttribute(FIRST_PICTURE_SIZES[page])}"` : ''
  return `<img class="${FIRST_PICTURE_CLASS}" data-page="${page}" src="${escapeAttribute(src)}"${copies} alt="" aria-hidden="true" fetchpriority="high">`
}
