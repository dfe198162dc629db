// docker compose serves the web app from nginx: its entry page must carry the api's security headers.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { REPO_ROOT } from '../src/app.ts'
import { APP_SECURITY_HEADERS, helmetHeaders } from '../src/plugins/securityHeaders.ts'

function indexHeaders(): Record<string, string> {
  const conf = readFileSync(path.join(REPO_ROOT, 'docker/nginx.conf'), 'utf8')
  const block = /location = \/index\.html \{([^}]*)\}/.exec(conf)?.[1] ?? ''
  return Object.fromEntries([...block.matchAll(/add_header ([\w-]+) "([^"]*)";/g)].map(([, name, value]) => [name.toLowerCase(), value]))
}

describe('docker/nginx.conf', () => {
  test('index.html goes out with the api’s policy, frame and sniffing headers, and is revalidated', () => {
    const api = helmetHeaders(APP_SECURITY_HEADERS)
    const nginx = indexHeaders()
    expect(nginx['cache-control']).toBe('no-cache')
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy'])
      expect(nginx[name], name).toBe(api[name])
  })
})
