// What a storefront page adds to the web app's entry page (plugins/webApp.ts writes it in): its own head (title,
// description, canonical and language links, Open Graph, JSON-LD), its main text in place of the boot picture, its main
// picture, and its status (404 for a goods or store that is not there). modules/pages builds them; app.ts hands the
// lookup to the envelope plugin, whose not-found handler sends the entry pages.
import type { FirstPicture } from '@qshop/shared/pagePictures'

export type PageParts = {
  status: number
  /** Markup for the head, replacing the build's `<title>`. */
  head: string
  /** Markup for the app's root, replacing the boot picture until the app renders; null keeps it. */
  body: string | null
  picture: FirstPicture | null
}

/** The parts of the page at `url` (path and query) on the site at `origin`, or null for a page that has none. */
export type PageLookup = (url: string, origin: string) => Promise<PageParts | null>
