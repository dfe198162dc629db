// Public images are stored with WebP copies at a few widths beside the original: `<name>.w<width>.webp` next to
// `<name>.<ext>`. The server writes them on upload (and fills them in for older images); pages list them in
// `srcset` so a browser fetches the smallest copy that fits. A copy is never wider than its original: for a small
// image the wider names hold its own width, so every name exists and the client needs no list of them.

/** The widths of the copies: goods thumbnails and store logos, cards, the goods page's main image, banners. */
export const SIZED_WIDTHS = [200, 400, 800, 1200] as const

const ORIGINAL = /\.(?:jpe?g|png|gif|webp)$/i
const COPY = /\.w\d+\.webp$/i
/** A key the upload route writes (`<folder>/<yyyymmdd>/<uuid>.<ext>`), as a bucket or CDN URL's path shows it. */
const UPLOAD_KEY = /\/[A-Za-z0-9_]{1,32}\/\d{8}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]+$/

/** Splits a URL into its path part and its `?query#hash` tail. */
function splitTail(url: string): [string, string] {
  const cut = url.search(/[?#]/)
  return cut < 0 ? [url, ''] : [url.slice(0, cut), url.slice(cut)]
}

/** Whether a storage key or URL names a sized copy rather than an original. */
export function isSizedCopy(keyOrUrl: string): boolean {
  return COPY.test(splitTail(keyOrUrl)[0])
}

/** Whether a storage key or file name is an image that gets sized copies (jpg, png, gif, webp; not a copy itself). */
export function takesSizedCopies(keyOrUrl: string): boolean {
  const [path] = splitTail(keyOrUrl)
  return ORIGINAL.test(path) && !COPY.test(path)
}

/** The key or URL of the image's copy at `width` (the query or hash of a URL is kept). */
export function sizedCopyUrl(keyOrUrl: string, width: number): string {
  const [path, tail] = splitTail(keyOrUrl)
  return `${path.replace(ORIGINAL, '')}.w${width}.webp${tail}`
}

/**
 * Whether the URL is a stored image of this platform, so its copies exist: a file of the local disk (`/uploads/…`)
 * or an upload key on a bucket or CDN. Other addresses (another site's picture, a private file) have none.
 */
export function hasSizedCopies(url: string | null | undefined): url is string {
  if (!url || !takesSizedCopies(url)) return false
  const [path] = splitTail(url)
  if (path.startsWith('/uploads/')) return !path.includes('..')
  return /^https?:\/\//i.test(path) && UPLOAD_KEY.test(path)
}

/** The `srcset` of a stored image's copies (`… 200w, … 400w, …`), or undefined for an image without copies. */
export function sizedSrcSet(url: string | null | undefined): string | undefined {
  if (!hasSizedCopies(url)) return undefined
  return SIZED_WIDTHS.map((width) => `${sizedCopyUrl(url, width)} ${width}w`).join(', ')
}
