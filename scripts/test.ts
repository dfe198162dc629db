// `pnpm test`: type checks, lint, the shared package's tests (money math), the API tests (real MariaDB + Redis), the
// web unit tests, then the browser tests against the built app. Ends with one line "N passed, N failed" summing every suite.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const results: { suite: string; passed: number; failed: number; ok: boolean }[] = []
/** Failed tests by name, repeated at the end so that the last lines of a long log say what failed. */
const failures: string[] = []

function sh(cmd: string, args: string[], cwd = root, env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1', ...env } })
  return r.status === 0
}

function runVitest(suite: string, dir: string, args: string[] = []) {
  const out = path.join('/tmp', `qshop-vitest-${suite}.json`)
  const unhandled = path.join('/tmp', `qshop-vitest-${suite}-unhandled.json`)
  rmSync(out, { force: true })
  rmSync(unhandled, { force: true })
  const reporters = ['--reporter=default', '--reporter=json', `--reporter=${path.join(root, 'scripts/unhandledErrorsReporter.ts')}`]
  const ok = sh('npx', ['vitest', 'run', ...reporters, `--outputFile.json=${out}`, ...args], dir, { QSHOP_UNHANDLED_ERRORS: unhandled })
  let passed = 0
  let failed = ok ? 0 : 1
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'))
    passed = report.numPassedTests
    failed = report.numFailedTests + (ok || report.numFailedTests ? 0 : 1)
    type FileResult = { name: string; status: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages: string[] }[] }
    for (const file of report.testResults as FileResult[]) {
      const name = path.relative(dir, file.name)
      const failedTests = file.assertionResults.filter((a) => a.status === 'failed')
      for (const t of failedTests) failures.push(`${suite}: ${name} > ${t.fullName}\n     ${firstLine(t.failureMessages[0])}`)
      if (file.status === 'failed' && failedTests.length === 0) failures.push(`${suite}: ${name}\n     ${firstLine(file.message)}`)
    }
  }
  if (existsSync(unhandled))
    for (const error of JSON.parse(readFileSync(unhandled, 'utf8')) as string[]) failures.push(`${suite}: unhandled ${firstLine(error)}`)
  if (!ok && !failures.some((f) => f.startsWith(`${suite}: `)))
    failures.push(`${suite}: vitest exited with an error and named no failed test (see its output above)`)
  results.push({ suite, passed, failed, ok })
}

const firstLine = (text = '') => text.split('\n')[0].slice(0, 300)

function step(suite: string, cmd: string, args: string[], cwd = root) {
  const ok = sh(cmd, args, cwd)
  results.push({ suite, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok })
}

/**
 * Steps that only read the sources (each mostly one core), started in the background while the database-bound suites
 * run in the foreground: those wait on MariaDB's commits much of the time, and the type check and lint fill that
 * time. Their output goes to files, not pipes (the foreground suites block this process, and a full pipe would stall
 * them), and is printed whole, in order, by `finish`.
 */
function backgroundSteps(steps: { suite: string; cmd: string; args: string[] }[]) {
  const runs = steps.map(({ suite, cmd, args }) => {
    const file = path.join('/tmp', `qshop-step-${suite}.log`)
    const fd = openSync(file, 'w')
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' }, stdio: ['ignore', fd, fd] })
    closeSync(fd)
    return { suite, file, done: new Promise<boolean>((resolve) => child.on('close', (code) => resolve(code === 0))) }
  })
  return async function finish() {
    for (const run of runs) {
      const ok = await run.done
      process.stdout.write(readFileSync(run.file))
      results.push({ suite: run.suite, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok })
    }
  }
}

const sourceChecks = backgroundSteps([
  { suite: 'typecheck', cmd: 'pnpm', args: ['typecheck'] },
  { suite: 'lint', cmd: 'pnpm', args: ['lint'] },
])
runVitest('shared', path.join(root, 'packages/shared'))
runVitest('server', path.join(root, 'packages/server'))
await sourceChecks()
runVitest('web', path.join(root, 'packages/web'))
if (existsSync(path.join(root, 'packages/web/e2e'))) {
  step('web-build', 'pnpm', ['--filter', '@qshop/web', 'build'])
  runVitest('browser', path.join(root, 'packages/web'), ['--config', 'e2e/vitest.config.ts'])
}

for (const f of failures) console.log(`FAILED ${f}`)
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.suite}: ${r.passed} passed, ${r.failed} failed`)
const passed = results.reduce((s, r) => s + r.passed, 0)
const failed = results.reduce((s, r) => s + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1)
