// What an upload really is, judged by its bytes (never by its name or the client's content type).
import sharp, { type FormatEnum, type Metadata } from 'sharp'
import { fileTypeFromBuffer } from 'file-type'
import { Code } from '@qshop/shared'
import { AppError, businessError } from '../../core/errors.ts'
import { DOCUMENT_TYPES, IMAGE_TYPES } from '../../core/servedFiles.ts'

export type Stored = { body: Buffer; ext: string; mime: string; width?: number; height?: number }
export type Resize = { width?: number; height?: number }

/** sharp's format name → the extension written (its type in IMAGE_TYPES). */
const IMAGE_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' }
/** Decompression bombs: a small file may decode to gigabytes of pixels. */
const MAX_PIXELS = 100_000_000

/** Checks an image by decoding it, then re-encodes it (dropping metadata such as GPS position), resized when asked. */
export async function processImage(input: Buffer, resize?: Resize): Promise<Stored> {
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw businessError('msg.uploadType')
  }
  const formatName = meta.format as keyof FormatEnum
  const ext = Object.hasOwn(IMAGE_FORMATS, formatName) ? IMAGE_FORMATS[formatName] : undefined
  if (!ext) throw businessError('msg.uploadType')
  if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1) > MAX_PIXELS) throw new AppError(Code.TOO_LARGE, 'msg.tooLarge')
  try {
    let image = sharp(input, { animated: (meta.pages ?? 1) > 1, limitInputPixels: MAX_PIXELS, autoOrient: true })
    if (resize?.width || resize?.height) image = image.resize(resize.width, resize.height, { fit: 'cover' })
    const { data, info } = await image.toFormat(formatName).toBuffer({ resolveWithObject: true })
    return { body: data, ext, mime: IMAGE_TYPES[ext], width: info.width, height: info.pageHeight ?? info.height }
  } catch {
    // The header was readable but the pixels are not (truncated or forged file).
    throw businessError('msg.uploadType')
  }
}

/** Plain text has no signature: accepted by extension when it holds no NUL byte (binary content). */
const TEXT_EXTENSIONS = new Set(['txt', 'csv'])
const documentType = (ext: string) => (Object.hasOwn(DOCUMENT_TYPES, ext) ? DOCUMENT_TYPES[ext] : undefined)

/** Documents for the 'file' form kind, from an allow-list recognised by content. */
export async function checkFile(input: Buffer, filename: string): Promise<Stored> {
  const sniffed = await fileTypeFromBuffer(input)
  if (sniffed) {
    const mime = documentType(sniffed.ext)
    if (!mime) throw businessError('msg.uploadType')
    return { body: input, ext: sniffed.ext, mime }
  }
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase() ?? ''
  const mime = TEXT_EXTENSIONS.has(ext) ? documentType(ext) : undefined
  if (!mime || input.includes(0)) throw businessError('msg.uploadType')
  return { body: input, ext, mime }
}
