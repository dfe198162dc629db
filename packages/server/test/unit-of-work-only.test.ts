// No code opens a transaction by hand (DESIGN.md §2): every write transaction goes through the unit of work
// (src/core/unitOfWork.ts), which retries conflicts and runs after-commit work only once committed. This reads every
// source file of the server, its tests and the scripts: a call of Prisma's $transaction anywhere else fails here.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { REPO_ROOT } from '../src/app.ts'

const ROOTS = ['packages/server/src', 'packages/server/test', 'scripts', 'bench']
// db.ts wraps the client's transaction method (to hand a transaction its raw statements on its own connection); the unit of
// work is what calls it.
const ALLOWED = new Set(['packages/server/src/core/unitOfWork.ts', 'packages/server/src/core/db.ts'])
const SKIP_DIRS = new Set(['generated', 'node_modules'])

function sources(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name)
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : sources(rel)
    return /\.(ts|tsx|mts)$/.test(e.name) ? [rel] : []
  })
}

test('only the unit of work opens a Prisma transaction', () => {
  const files = ROOTS.flatMap(sources)
  expect(files.length).toBeGreaterThan(100)
  const offenders = files.filter((f) => !ALLOWED.has(f) && /\$transaction\s*\(/.test(readFileSync(path.join(REPO_ROOT, f), 'utf8')))
  expect(offenders).toEqual([])
  for (const file of ALLOWED) expect(readFileSync(path.join(REPO_ROOT, file), 'utf8')).toMatch(/\$transaction\s*\(/)
})
