// The file types the platform stores and how each is served: images inline, every other type as a download with
// its own content type (never one a browser would render as a page). Used by the upload checks, the api's /uploads
// and private-file answers, and mirrored by docker/nginx.conf (test/nginx.test.ts compares them).

/** Images, by the extension the upload check writes. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
}

/** Documents of the 'file' form kind (uploadType=uploadFile). */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
}

/** Public files have random names that never change: caches may keep them for a year. */
export const PUBLIC_FILE_CACHE = 'public, max-age=31536000, immutable'

/** Content type and disposition of a stored file by its name; an unknown type is a download of bytes. */
export function servedFileHeaders(fileName: string): { 'content-type': string; 'content-disposition': 'inline' | 'attachment' } {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? ''
  const image = Object.hasOwn(IMAGE_TYPES, ext) ? IMAGE_TYPES[ext] : undefined
  if (image) return { 'content-type': image, 'content-disposition': 'inline' }
  return { 'content-type': (Object.hasOwn(DOCUMENT_TYPES, ext) && DOCUMENT_TYPES[ext]) || 'application/octet-stream', 'content-disposition': 'attachment' }
}
