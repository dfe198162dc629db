// The main picture in the home and goods pages' entry page (modules/catalog/firstPicture.ts finds it in the pages'
// cached answers; the envelope plugin's not-found handler asks for it through the lookup app.ts hands it): the element
// written before the app's root, so the browser fetches and shows the picture from the first paint (where the page
// will show it, web storefront/firstPicture.css) instead of after the scripts have run.
import { FIRST_PICTURE_CLASS, FIRST_PICTURE_SIZES, type FirstPicture } from '@qshop/shared/pagePictures'
import { sizedSrcSet } from '@qshop/shared/sizedImages'

export type { FirstPicture } from '@qshop/shared/pagePictures'
/** The main picture of the page at a browser route's URL, or null (modules/catalog/firstPicture.ts). */
export type FirstPictureLookup = (url: string) => Promise<FirstPicture | null>

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
