// The storefront pages' largest pictures: the width each takes (its `sizes`) and the class of the copy the server
// puts in the entry page before the page's script has run (server modules/catalog/firstPicture.ts finds it,
// plugins/firstPicture.ts writes it; web storefront/firstPicture.css). Both sides give the same `srcset` and `sizes`,
// so the browser fetches one copy for both.

/** The goods page's main picture: the full width on phones, 400 px beside the purchase panel on wider screens. */
export const GOODS_MAIN_SIZES = '(max-width: 440px) 100vw, 400px'
/** A goods card's picture: half the screen in phone grids, one column of five (about 240 px) on wider screens. The
 *  plain search page's entry page carries its first card's (server modules/pages). */
export const GOODS_CARD_SIZES = '(max-width: 768px) 50vw, 240px'
/** A home slide: the full width on phones, 760 px on wider screens. */
export const HOME_SLIDE_SIZES = '(max-width: 768px) 100vw, 760px'

/** The pages whose main picture the entry page carries, and the `data-page` naming which one it is. */
export type FirstPicturePage = 'home' | 'goods' | 'search'
/** The main picture of a page: which page, and the picture's URL. */
export type FirstPicture = { page: FirstPicturePage; src: string }
/** The class of the entry page's copy of the main picture. */
export const FIRST_PICTURE_CLASS = 'first-picture'

export const FIRST_PICTURE_SIZES: Record<FirstPicturePage, string> = { home: HOME_SLIDE_SIZES, goods: GOODS_MAIN_SIZES, search: GOODS_CARD_SIZES }
