// `pnpm start` / `pnpm dev`: prepare the database (create, migrate, seed when empty, make the identity images of older
// store applications private, give older images their sized copies), then run the API and the worker.
//   --dev            reload on change: the API and the worker under tsx watch, and the web app from Vite's dev
//                    server on PORT (changes appear in the browser at once), which forwards /api and /uploads
//                    to the API on PORT + 1
//   --only=api|worker  run one process (docker compose runs them as separate services)
//   --no-prepare     skip database preparation (the worker in compose: the api prepares)
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import mysql from 'mysql2/promise'
import { migrateDeploy } from './migrate.ts'

const root = path.resolve(import.meta.dirname, '..')
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'))

const args = process.argv.slice(2)
const dev = args.includes('--dev')
const only = args.find((a) => a.startsWith('--only='))?.slice(7)
const prepare = !args.includes('--no-prepare')

const { loadConfig } = await import('../packages/server/src/config.ts')
const config = loadConfig()

if (prepare) {
  const result = await migrateDeploy(config.DATABASE_URL, path.join(root, 'prisma/migrations'), (line) => console.log(line))
  console.log(`migrations: ${result.applied.length} applied, ${result.alreadyApplied.length} already applied`)
  // Several api processes started together (docker compose up --scale api=3) prepare one after the other: each saw
  // an empty database and seeded it, twice over or failing on each other's rows. The later ones find the work done.
  // A named lock of the server, per database, held by a connection of its own until the preparation ends.
  const lock = await mysql.createConnection({ uri: config.DATABASE_URL })
  const [[held]] = (await lock.query("SELECT GET_LOCK(CONCAT('qshop_prepare:', DATABASE()), 3600) AS got")) as unknown as [{ got: number | null }[]]
  if (held.got !== 1) throw new Error('another process has been preparing the database for an hour: stopped waiting for it')
  const { buildApp } = await import('../packages/server/src/app.ts')
  const { seed } = await import('../packages/server/src/seed/index.ts')
  const app = await buildApp(config, { logger: false })
  await app.ready()
  if ((await app.db.admins.count()) === 0) {
    console.log('empty database: seeding platform data and demo accounts')
    await seed(app, { demo: true, areas: true })
  }
  // Applications saved while identity images were public uploads: their images move to the private storage.
  const { makeIdentityImagesPrivate } = await import('../packages/server/src/modules/stores/index.ts')
  const identity = await makeIdentityImagesPrivate(app)
  if (identity.moved) console.log(`identity images made private: ${identity.moved}`)
  for (const { store, field, value } of identity.left) console.log(`store ${store}: ${field} is not a file of this platform's storage, left as it is: ${value}`)
  // Goods pictures saved without an image-space row (older goods, imports) are listed in their store's image space.
  const { recordGoodsPictures } = await import('../packages/server/src/modules/catalog/index.ts')
  const recorded = await recordGoodsPictures(app)
  if (recorded) console.log(`goods pictures added to the image spaces: ${recorded}`)
  // Images stored before sized copies were made on upload get theirs (resumable; nothing to do on later starts).
  const { fillSizedCopies } = await import('../packages/server/src/modules/uploads/index.ts')
  // A storage that fails (a bucket out of reach) stops the step, not the start: pages show originals meanwhile.
  const sized = await fillSizedCopies(app, (line) => console.log(line)).catch((err: unknown) => {
    console.log(`sized copies: stopped (${err instanceof Error ? err.message : String(err)}); the next start goes on from there`)
    return null
  })
  if (sized?.unreadable) console.log(`sized copies: ${sized.unreadable} stored images are gone or unreadable, left without copies`)
  await app.close()
  // closing the connection releases its lock
  await lock.end()
}

const tsx = path.join(root, 'node_modules/.bin/tsx')
const children: ChildProcess[] = []
// Set by Ctrl-C (SIGINT) or SIGTERM: each process then closes its connections and exits; a child ending then is
// expected, and this process exits 0 once all have.
let stopping = false
function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { stdio: 'inherit', env })
  child.on('exit', (code, signal) => {
    // While stopping, a process ended by the signal itself (or a wrapper reporting it: 130, 143) is expected too.
    const clean = code === 0 || (stopping && (signal === 'SIGINT' || signal === 'SIGTERM' || code === 130 || code === 143))
    if (!clean) {
      // One process failing stops the others: half a platform is no use.
      console.error(`${name} exited (${signal ?? code})`)
      process.exitCode = code || 1
    }
    if (!stopping) {
      stopping = true
      for (const c of children) if (c !== child) c.kill('SIGTERM')
    }
  })
  children.push(child)
}
// Node itself with tsx's loader, so a signal reaches the server's own handlers (the tsx command would stand between);
// `tsx watch` in development, which restarts on change.
// Compiled (`pnpm start`, the image: scripts/build.ts), main.js and worker.js lie beside this file's build.
const dist = process.argv[1]?.endsWith('.js') ? path.dirname(path.resolve(process.argv[1])) : null
const server = (entry: string, env?: NodeJS.ProcessEnv) => {
  const file = path.join(root, 'packages/server/src', entry)
  if (dev) run(entry, tsx, ['watch', '--clear-screen=false', file], env)
  else if (dist) run(entry, process.execPath, ['--enable-source-maps', path.join(dist, entry.replace(/\.ts$/, '.js'))], env)
  else run(entry, process.execPath, ['--import', 'tsx', file], env)
}

if (!only || only === 'api') {
  if (dev) {
    const apiPort = config.PORT + 1
    server('main.ts', { ...process.env, PORT: String(apiPort) })
    const vite = path.join(root, 'packages/web/node_modules/.bin/vite')
    const webEnv = { ...process.env, QSHOP_API_URL: `http://127.0.0.1:${apiPort}` }
    // runner: the config imports the app's theme (packages/web/themeVariables.ts), which imports the shared package's TypeScript.
    run('web (vite)', vite, ['--configLoader', 'runner', '--port', String(config.PORT), '--strictPort', '--host', config.HOST, path.join(root, 'packages/web')], webEnv)
  } else server('main.ts')
}
if (!only || only === 'worker') server('worker.ts')
// Ctrl-C in a terminal signals every process of the group at once; a signal sent to this process alone (SIGTERM from
// a service manager) is passed on. A child that had it already ignores the repeat (main.ts, worker.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM')
  })
