// `pnpm start` / `pnpm dev`: prepare the database (create, migrate, seed when empty, make the identity images of older
// store applications private), then run the API and the worker.
//   --dev            reload on change: the API and the worker under tsx watch, and the web app from Vite's dev
//                    server on PORT (changes appear in the browser at once), which forwards /api and /uploads
//                    to the API on PORT + 1
//   --only=api|worker  run one process (docker compose runs them as separate services)
//   --no-prepare     skip database preparation (the worker in compose: the api prepares)
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
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
  const { buildApp } = await import('../packages/server/src/app.ts')
  const { seed } = await import('../packages/server/src/seed/index.ts')
  const app = await buildApp(config, { logger: false })
  await app.ready()
  if ((await app.db.admins.count()) === 0) {
    console.log('empty database: seeding platform data and demo accounts')
    await seed(app, { demo: true, areas: true })
  }
  // Applications saved while identity images were public uploads: their images move to the private storage.
  const { makeIdentityImagesPrivate } = await import('../packages/server/src/modules/stores/identityMove.ts')
  const identity = await makeIdentityImagesPrivate(app)
  if (identity.moved) console.log(`identity images made private: ${identity.moved}`)
  for (const { store, field, value } of identity.left) console.log(`store ${store}: ${field} is not a file of this platform's storage, left as it is: ${value}`)
  await app.close()
}

const tsx = path.join(root, 'node_modules/.bin/tsx')
const children: ChildProcess[] = []
function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(command, args, { stdio: 'inherit', env })
  child.on('exit', (code, signal) => {
    console.log(`${name} exited (${signal ?? code})`)
    for (const c of children) if (c !== child) c.kill('SIGTERM')
    process.exitCode = code ?? 1
  })
  children.push(child)
}
const server = (entry: string, env?: NodeJS.ProcessEnv) =>
  run(entry, tsx, [...(dev ? ['watch', '--clear-screen=false'] : []), path.join(root, 'packages/server/src', entry)], env)

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
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => children.forEach((c) => c.kill(signal)))
