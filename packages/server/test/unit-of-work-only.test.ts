// No code opens a transaction by hand (docs/architecture.md): every write transaction goes through the unit of work
// (src/core/unitOfWork.ts), which retries conflicts and runs after-commit work only once committed. This reads every
// source file of the server, its tests and the scripts: a call of Prisma's $transaction anywhere else fails here.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { REPO_ROOT } from '../src/app.ts'

const ROOTS = ['packages/server/src', 'packages/server/test', 'scripts', 'bench']
// core/db/index.ts answers the client's transaction method with a unit's transaction, which the unit of work calls;
// core/db/transaction.ts starts Prisma's transaction inside a unit's when its work makes an ORM call.
const ALLOWED = new Set(['packages/server/src/core/unitOfWork.ts', 'packages/server/src/core/db/index.ts', 'packages/server/src/core/db/transaction.ts'])
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
