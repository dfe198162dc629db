// `pnpm bench:startup`: start-up time (process start → /api/health answers 200) and memory (RSS of the start process,
// the api and the worker, 3 s after ready) of `pnpm start`'s processes, TypeScript through tsx against the compiled
// build (scripts/build.ts), RUNS times each, alternating. The database must be prepared (migrated and seeded): both
// runs check the migrations and run start's idempotent steps, as every start does. Environment as for `pnpm start`
// (DATABASE_URL, REDIS_PREFIX, PORT; NODE_ENV=production needs JWT_SECRET); the web app's dist is served if built.
// START_ARGS passes start's flags, e.g. "--only=api --no-prepare" for the api alone without the database steps.
import { spawn, spawnSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildServer } from '../scripts/build.ts'

const root = path.resolve(import.meta.dirname, '..')
const RUNS = Number(process.env.RUNS ?? 3)
const port = Number(process.env.PORT ?? 3000)
const startArgs = (process.env.START_ARGS ?? '').split(/\s+/).filter(Boolean)
const variants = {
  tsx: [process.execPath, '--import', 'tsx', path.join(root, 'scripts/start.ts'), ...startArgs],
  compiled: [process.execPath, '--enable-source-maps', path.join(root, 'packages/server/dist/start.js'), ...startArgs],
}

/** RSS in MB of every process of the group, by its command line's last argument (start, main, worker). */
function groupRss(pgid: number): Record<string, number> {
  const ps = spawnSync('ps', ['-o', 'rss=,args=', '-g', String(pgid)], { encoding: 'utf8' }).stdout
  const rss: Record<string, number> = {}
  for (const line of ps.trim().split('\n')) {
    const [kb, ...args] = line.trim().split(/\s+/)
    const script = args.find((a) => /\/(start|main|worker)\.(ts|js)$/.test(a)) ?? ''
    const name = path.basename(script).replace(/\.(ts|js)$/, '')
    if (['start', 'main', 'worker'].includes(name)) rss[name] = Math.round(Number(kb) / 1024)
  }
  return rss
}

async function once(variant: keyof typeof variants) {
  const [cmd, ...args] = variants[variant]
  const started = performance.now()
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, PORT: String(port) }, detached: true, stdio: 'ignore' })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  let ms = 0
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status === 200, () => false)
      if (ok) break
      if (child.exitCode !== null) throw new Error(`${variant} exited (${child.exitCode})`)
      if (performance.now() - started > 120_000) throw new Error(`${variant}: no health answer in 120 s`)
      await sleep(20)
    }
    ms = Math.round(performance.now() - started)
    await sleep(3000)
    return { ms, rss: groupRss(child.pid!) }
  } finally {
    process.kill(-child.pid!, 'SIGINT')
    await exited
  }
}

const built = await buildServer()
console.log(`compiled build: ${built.ms} ms; ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}; start ${startArgs.join(' ')}`)
const rows: { variant: string; ms: number; rss: Record<string, number> }[] = []
const LABELS: Record<string, string> = { start: 'start', main: 'api', worker: 'worker' }
const memory = (rss: Record<string, number>) => {
  const parts = Object.entries(LABELS).filter(([k]) => rss[k] !== undefined).map(([k, label]) => `${label} ${rss[k]} MB`)
  return `RSS ${parts.join(', ')} (total ${Object.values(rss).reduce((s, v) => s + v, 0)} MB)`
}
for (let i = 0; i < RUNS; i++)
  for (const variant of ['tsx', 'compiled'] as const) {
    const r = await once(variant)
    rows.push({ variant, ...r })
    console.log(`${variant.padEnd(8)} run ${i + 1}: ready in ${r.ms} ms; ${memory(r.rss)}; load ${os.loadavg()[0].toFixed(1)}`)
  }
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]
for (const variant of ['tsx', 'compiled'] as const) {
  const mine = rows.filter((r) => r.variant === variant)
  const rss = Object.fromEntries(Object.keys(mine[0].rss).map((k) => [k, median(mine.map((r) => r.rss[k]))]))
  console.log(`${variant.padEnd(8)} median: ready in ${median(mine.map((r) => r.ms))} ms; ${memory(rss)}`)
}
