/** Where uploaded files go. `put` stores the bytes under `key` (`<folder>/<yyyymmdd>/<name>.<ext>`) and answers their public URL. */
export interface Storage {
  /** Recorded in file_spaces.disk_name: 'public' (local disk) or 'alioss'. */
  readonly disk: 'public' | 'alioss'
  put(key: string, body: Buffer, contentType: string): Promise<string>
  /** Deletes the file `put` answered this URL for; a URL of another storage, or a file already gone, is no error. */
  remove(url: string): Promise<void>
}
