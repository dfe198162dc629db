// The home and goods pages' entry page carries the page's main picture (plugins/firstPicture.ts writes it): the browser
// fetches and shows it from the first paint instead of after the scripts have run, the page's read has answered and
// the page has rendered. Taken from the cached answers of GET /api/home and GET /api/goods/{id}, so it is the picture
// the page shows; only from the cache: entry pages have no rate limit, and a request for one never reads the database
// (a page whose answer is not cached goes out without its picture, and its own read fills the cache for the next
// visitor). modules/pages asks it for the home page; a goods page takes its picture from the goods detail it reads for
// its head (the cached detail, and the live stock by key).
import type { FirstPicture } from '@qshop/shared/pagePictures'
import { idParam } from '@qshop/shared/schemas/common'
import type { CacheHost } from './cache.ts'
import { cachedGoodsPicture } from './detail.ts'
import { cachedFirstSlide } from './home.ts'

const GOODS_PAGE = /^\/goods\/([^/]+)\/?$/

async function pictureOf(app: CacheHost, path: string): Promise<FirstPicture | null> {
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
export const firstPictureOf = (app: CacheHost, url: string) => pictureOf(app, url.split(/[?#]/, 1)[0])
