// The storefront's initial JavaScript, gzipped: what a shopper downloads before the home page shows.
// Run after `pnpm build`. Goal: under 250 KB.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { firstPageChunks } from '../packages/web/scripts/check-chunks.mjs'

export const WEB_BUDGET_KB = 250

export function storefrontInitialJsKb(): { kb: number; files: number } {
  const dist = path.resolve(import.meta.dirname, '../packages/web/dist')
  const js = firstPageChunks().files.filter((f: string) => f.endsWith('.js'))
  const bytes = js.reduce((sum: number, f: string) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0)
  return { kb: bytes / 1024, files: js.length }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { kb, files } = storefrontInitialJsKb()
  console.log(`${kb <= WEB_BUDGET_KB ? 'PASS' : 'MISS'} storefront initial JS: ${kb.toFixed(1)} KB gzip in ${files} files (goal < ${WEB_BUDGET_KB} KB)`)
}
