// Local disk: public files under UPLOAD_DIR, served by plugins/uploads.ts under /uploads/; private files under
// PRIVATE_UPLOAD_DIR, which nothing serves as static files.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Infra } from '../../core/infra.ts'
import type { PrivateStorage, Storage } from './types.ts'

/** The folder of the public files on the local disk (UPLOAD_DIR). */
export function uploadRoot(app: Pick<Infra, 'config'>): string {
  return path.resolve(app.config.UPLOAD_DIR)
}

/** The folder of the private files on the local disk (PRIVATE_UPLOAD_DIR), outside the public one. */
export function privateUploadRoot(app: Pick<Infra, 'config'>): string {
  return path.resolve(app.config.PRIVATE_UPLOAD_DIR)
}

function filesUnder(root: string) {
  return (key: string) => {
    const file = path.resolve(root, key)
    // Keys are built by the server from a checked folder name; this guards against any future caller.
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the upload root: ${key}`)
    return file
  }
}

async function readIfThere(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

async function writeNew(file: string, body: Buffer, replace = false) {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, body, { flag: replace ? 'w' : 'wx' })
}

export function localStorage(root: string, urlPrefix = '/uploads'): Storage {
  const fileOf = filesUnder(root)
  const keyOf = (url: string) => (url.startsWith(`${urlPrefix}/`) ? decodeURIComponent(url.slice(urlPrefix.length + 1)) : null)
  return {
    disk: 'public',
    async put(key, body, _contentType, opts) {
      await writeNew(fileOf(key), body, opts?.replace)
      return `${urlPrefix}/${key}`
    },
    keyOf,
    async remove(url) {
      const key = keyOf(url)
      if (key) await rm(fileOf(key), { force: true })
    },
    async removeKey(key) {
      await rm(fileOf(key), { force: true })
    },
    async read(url) {
      const key = keyOf(url)
      return key ? readIfThere(fileOf(key)) : null
    },
  }
}

export function localPrivateStorage(root: string): PrivateStorage {
  const fileOf = filesUnder(root)
  return {
    disk: 'private',
    async put(key, body) {
      await writeNew(fileOf(key), body)
    },
    async read(key) {
      return readIfThere(fileOf(key))
    },
    async remove(key) {
      await rm(fileOf(key), { force: true })
    },
  }
}
