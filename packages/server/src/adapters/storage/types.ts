/** `replace`: write over a file already stored under the key (by default a local file that exists is an error). */
export type PutOptions = { replace?: boolean }

/** Where uploaded files go. `put` stores the bytes under `key` (`<folder>/<yyyymmdd>/<name>.<ext>`) and answers their public URL. */
export interface Storage {
  /** Recorded in file_spaces.disk_name and uploads.disk: 'public' (local disk) or 'alioss'. */
  readonly disk: 'public' | 'alioss'
  put(key: string, body: Buffer, contentType: string, opts?: PutOptions): Promise<string>
  /** Deletes the file `put` answered this URL for; a URL of another storage, or a file already gone, is no error. */
  remove(url: string): Promise<void>
  /** Deletes the file stored under `key` (what `put` was given); a file already gone is no error. */
  removeKey(key: string): Promise<void>
  /** The key `put` stored the file of this URL under; null for a URL of another storage. */
  keyOf(url: string): string | null
  /** The bytes of the file `put` answered this URL for; null for a URL of another storage or a file that is gone. */
  read(url: string): Promise<Buffer | null>
}

/** Where identity documents go: no public URL reaches them; the api reads them back for authorised callers. */
export interface PrivateStorage {
  /** Recorded in uploads.disk: 'private' (a local folder outside the public one) or 'alioss' (private objects). */
  readonly disk: 'private' | 'alioss'
  /** Stores the bytes under `key` (uploads.path), as `Storage.put` does. */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The stored bytes, or null when the file is gone. */
  read(key: string): Promise<Buffer | null>
  /** A file already gone is no error. */
  remove(key: string): Promise<void>
}
