// Pictures for the demo data, drawn at seed time without downloads: a Tabler outline icon (an npm package) in white
// on a two-colour gradient, rendered by sharp (librsvg). No text: a picture's lettering would depend on the machine's
// fonts and stay in one language; the home slides' headlines are the ads' title fields, drawn by the storefront
// (packages/web/src/storefront/catalog/HomePage.tsx).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'

export type Artwork = {
  /** Tabler outline icon name, e.g. "device-mobile" */
  icon: string
  /** gradient from the top left to the bottom right */
  colors: [string, string]
}

// The package exports its icon files only ("./*" → "./icons/*").
const ICON_DIR = path.dirname(createRequire(import.meta.url).resolve('@tabler/icons/outline/circle.svg'))

/** The icon's drawing (its paths, without the outer svg element). */
function iconPaths(name: string): string {
  const svg = readFileSync(path.join(ICON_DIR, `${name}.svg`), 'utf8')
  return svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '')
}

function artworkSvg(art: Artwork, width: number, height: number): string {
  // Goods pictures: the icon centred at 60% of the side. Banners (wide pictures) put it right of the centre, within
  // the middle 56% of the width the home page shows of its 3:1 slides on wide screens (object-fit: cover), and leave
  // the left to the headline the storefront draws over them.
  const banner = width >= 2 * height
  const size = banner ? height * 0.5 : Math.min(width, height) * 0.6
  const x = banner ? width * 0.78 - size : (width - size) / 2
  const y = (height - size) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.colors[0]}"/><stop offset="1" stop-color="${art.colors[1]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="${width * 0.85}" cy="${height * 0.12}" r="${Math.min(width, height) * 0.35}" fill="#fff" fill-opacity="0.08"/>
<g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="#fff" stroke-width="1.25" stroke-linecap="round" stroke-linejoin="round">${iconPaths(art.icon)}</g>
</svg>`
}

/** The picture as a file's bytes: JPEG for .jpg names, else PNG. */
export function renderArtwork(art: Artwork, width: number, height: number, file: string): Promise<Buffer> {
  const image = sharp(Buffer.from(artworkSvg(art, width, height)))
  return (file.endsWith('.jpg') ? image.jpeg({ quality: 82 }) : image.png()).toBuffer()
}
