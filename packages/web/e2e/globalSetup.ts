// Prepares a database with the platform seed and demo accounts, then runs the api (serving the built web app)
// as its own process, the way an operator runs it. Its log (where SMS codes are written) goes to a file.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { chromium, type BrowserServer } from 'playwright-core'
import { E2E_ENV, REPO_ROOT, SERVER_LOG, ARTIFACTS, prepareDatabase } from './env.ts'

let server: ChildProcess | undefined
let browser: BrowserServer | undefined

async function waitForHealth(url: string, child: ChildProcess) {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`api exited early (${child.exitCode}); see ${SERVER_LOG}`)
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`api did not become healthy; see ${SERVER_LOG}`)
}

const WEB_DIST = path.join(REPO_ROOT, 'packages/web/dist')
/**
 * Debian's chromium-headless-shell: the same engine as the browser without its windowing layers, which takes about a
 * third less CPU for the same pages (catalog.e2e.ts: 43 → 28 CPU seconds) on machines where the suite is CPU-bound.
 * The full browser when the shell is not installed.
 */
const CHROMIUM = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'

/** Every file index.html and the chunk report name is present (a build was not half-written when copied). */
function isCompleteBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html')
  const report = path.join(dir, '.vite/chunks.json')
  if (!existsSync(index) || !existsSync(report)) return false
  const referenced = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1])
  let chunks: Record<string, unknown>
  try {
    chunks = JSON.parse(readFileSync(report, 'utf8')) as Record<string, unknown>
  } catch {
    return false
  }
  return [...referenced, ...Object.keys(chunks)].every((file) => existsSync(path.join(dir, file)))
}

/**
 * The api serves a private copy of the build: other engineers rebuild packages/web/dist on this machine
 * while the suite runs, and a page must not load chunks from two different builds.
 */
async function snapshotBuild(): Promise<string> {
  const dir = path.join(tmpdir(), `qshop-e2e-web-${process.pid}`)
  for (let attempt = 0; attempt < 45; attempt++) {
    rmSync(dir, { recursive: true, force: true })
    if (existsSync(path.join(WEB_DIST, 'index.html'))) {
      cpSync(WEB_DIST, dir, { recursive: true })
      if (isCompleteBuild(dir)) return dir
    }
    await new Promise((r) => setTimeout(r, 2000))
  }
  throw new Error('build the web app first: pnpm --filter @qshop/web build (no complete build in packages/web/dist)')
}

export default async function setup(project: TestProject) {
  mkdirSync(ARTIFACTS, { recursive: true })
  const [webDist] = await Promise.all([snapshotBuild(), prepareDatabase()])
  const log = createWriteStream(SERVER_LOG)
  server = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(REPO_ROOT, 'packages/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...E2E_ENV, WEB_DIST: webDist },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout!.pipe(log)
  server.stderr!.pipe(log)
  const baseUrl = `http://127.0.0.1:${E2E_ENV.PORT}`
  await waitForHealth(baseUrl, server)
  browser = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  })
  project.provide('baseUrl', baseUrl)
  project.provide('wsEndpoint', browser.wsEndpoint())
  return async () => {
    await browser?.close()
    server?.kill('SIGTERM')
    rmSync(webDist, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    wsEndpoint: string
  }
}
