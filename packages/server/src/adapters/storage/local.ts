// Local disk: files under UPLOAD_DIR, served by plugins/uploads.ts under /uploads/.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Storage } from './types.ts'

export function localStorage(root: string, urlPrefix = '/uploads'): Storage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key)
    // Keys are built by the server from a checked folder name; this guards against any future caller.
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the upload root: ${key}`)
    return file
  }
  return {
    disk: 'public',
    async put(key, body) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, body, { flag: 'wx' })
      return `${urlPrefix}/${key}`
    },
    async remove(url) {
      if (!url.startsWith(`${urlPrefix}/`)) return
      await rm(fileOf(decodeURIComponent(url.slice(urlPrefix.length + 1))), { force: true })
    },
  }
}
