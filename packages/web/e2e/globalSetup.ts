// Prepares a database with the platform seed and demo accounts, then runs the api (serving the built web app)
// as its own process, the way an operator runs it. Its log (where SMS codes are written) goes to a file.
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync } from 'node:fs'
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

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(REPO_ROOT, 'packages/web/dist/index.html'))) throw new Error('build the web app first: pnpm --filter @qshop/web build')
  mkdirSync(ARTIFACTS, { recursive: true })
  await prepareDatabase()
  const log = createWriteStream(SERVER_LOG)
  server = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(REPO_ROOT, 'packages/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...E2E_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout!.pipe(log)
  server.stderr!.pipe(log)
  const baseUrl = `http://127.0.0.1:${E2E_ENV.PORT}`
  await waitForHealth(baseUrl, server)
  browser = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  })
  project.provide('baseUrl', baseUrl)
  project.provide('wsEndpoint', browser.wsEndpoint())
  return async () => {
    await browser?.close()
    server?.kill('SIGTERM')
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    wsEndpoint: string
  }
}
