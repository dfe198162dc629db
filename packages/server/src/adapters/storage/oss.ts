// Aliyun OSS through ali-oss. `cdn` (a domain or URL) replaces the bucket's own host in answered URLs.
import OSS from 'ali-oss'
import type { PrivateStorage, Storage } from './types.ts'

export type OssOptions = {
  bucket: string
  endpoint: string
  key: string
  secret: string
  cdn?: string
  ssl?: boolean
  /** The endpoint is a custom domain bound to the bucket (also how tests reach a local fake). */
  cname?: boolean
}

/** Keys of private objects start here; a '-' cannot appear in an upload folder name, so no public key does. */
export const PRIVATE_PREFIX = 'private-files/'

const clientOf = (opts: OssOptions) =>
  new OSS({
    accessKeyId: opts.key,
    accessKeySecret: opts.secret,
    bucket: opts.bucket,
    endpoint: opts.endpoint,
    cname: opts.cname ?? false,
    secure: opts.ssl ?? false,
    timeout: 30_000,
  })

async function readObject(client: OSS, key: string): Promise<Buffer | null> {
  try {
    return (await client.get(key)).content as Buffer
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null
    throw err
  }
}

export function ossStorage(opts: OssOptions): Storage {
  const client = clientOf(opts)
  const cdn = opts.cdn?.trim().replace(/\/+$/, '')
  const cdnBase = cdn ? (/^https?:\/\//.test(cdn) ? cdn : `${opts.ssl ? 'https' : 'http'}://${cdn}`) : null
  const endpoint = new URL(/^https?:\/\//.test(opts.endpoint) ? opts.endpoint : `http://${opts.endpoint}`)
  const ownHosts = new Set([opts.cname ? endpoint.host : `${opts.bucket}.${endpoint.host}`, ...(cdnBase ? [new URL(cdnBase).host] : [])])
  /** The public object's key of a URL, on the CDN's host as on the bucket's; null for other hosts (not this bucket). */
  const ownKey = (url: string): string | null => {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return null
    }
    const key = decodeURIComponent(parsed.pathname.slice(1))
    return key && !key.startsWith(PRIVATE_PREFIX) && ownHosts.has(parsed.host) ? key : null
  }
  return {
    disk: 'alioss',
    async put(key, body, contentType) {
      const result = await client.put(key, body, { mime: contentType, headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } })
      return cdnBase ? `${cdnBase}/${key}` : result.url
    },
    keyOf: ownKey,
    async remove(url) {
      const key = ownKey(url)
      if (key) await client.delete(key)
    },
    async removeKey(key) {
      await client.delete(key)
    },
    async read(url) {
      const key = ownKey(url)
      return key ? readObject(client, key) : null
    },
  }
}

/**
 * Private objects under PRIVATE_PREFIX: their ACL refuses anonymous reads even in a public-read bucket; the api
 * reads them with the access key.
 */
export function ossPrivateStorage(opts: OssOptions): PrivateStorage {
  const client = clientOf(opts)
  const objectOf = (key: string) => `${PRIVATE_PREFIX}${key}`
  return {
    disk: 'alioss',
    async put(key, body, contentType) {
      await client.put(objectOf(key), body, { mime: contentType, headers: { 'x-oss-object-acl': 'private', 'Cache-Control': 'private, no-store' } })
    },
    async read(key) {
      return readObject(client, objectOf(key))
    },
    async remove(key) {
      await client.delete(objectOf(key))
    },
  }
}
