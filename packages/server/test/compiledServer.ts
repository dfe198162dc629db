// The compiled server (scripts/build.ts) that production runs, for the tests that start the platform's processes as
// compose and `pnpm start` do. Built once per test worker (the files of a worker share its modules: vitest.config.ts)
// into a folder of that worker's own, and kept for the worker's other files.
import path from 'node:path'
import { buildServer } from '../../../scripts/build.ts'
import { REPO_ROOT } from '../src/app.ts'

let built: Promise<string> | undefined

/** The folder of the compiled start.js, main.js and worker.js. */
export function compiledServer(): Promise<string> {
  built ??= (async () => {
    const dist = path.join(REPO_ROOT, `packages/server/dist/test-${process.env.VITEST_POOL_ID ?? '1'}`)
    await buildServer(dist)
    return dist
  })()
  return built
}
