// Production runs compiled JavaScript (scripts/build.ts) in a Docker image without dev dependencies. No Docker engine
// runs here, so the Dockerfile, docker-compose.yml and .dockerignore are checked by reading them, and the compiled
// start's stack traces are read. The compiled start serving and stopping: test/start.test.ts, test/shutdown.test.ts and
// test/multi-instance.test.ts.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { beforeAll, describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { REPO_ROOT } from '../src/app.ts'
import { compiledServer } from './compiledServer.ts'

type Stage = { name: string; from: string; lines: string[] }

/** The Dockerfile's stages, each with its instructions (continuation lines joined, comments left out). */
function dockerStages(): Stage[] {
  const text = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ')
  const stages: Stage[] = []
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line)
    if (from) stages.push({ name: from[2] ?? String(stages.length), from: from[1], lines: [] })
    else stages.at(-1)!.lines.push(line)
  }
  return stages
}

type Service = {
  image?: string
  container_name?: string
  hostname?: string
  ports?: unknown[]
  deploy?: { replicas?: number }
  depends_on?: Record<string, { condition: string }>
  build?: { target?: string }
  command?: string[]
  user?: string
  volumes?: string[]
  environment?: Record<string, string>
  healthcheck?: { test: string[] }
}
const compose = () =>
  parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> }

/** What runs TypeScript or builds and tests it: none of it belongs in the image's commands. */
const DEV_TOOLS = /\b(tsx|ts-node|typescript|tsc|vitest|vite|esbuild|eslint|prisma)\b|\.ts\b/

describe('Dockerfile', () => {
  const stages = dockerStages()
  const app = stages.find((s) => s.name === 'app')!

  test('the api and worker image (stage app) runs the compiled start with source maps, as a user other than root', () => {
    expect(app).toBeDefined()
    const user = app.lines.filter((l) => /^USER\s/i.test(l)).at(-1)
    expect(user).toBeDefined()
    expect(user!.split(/\s+/)[1]).not.toMatch(/^(root|0)(:|$)/)
    const cmd = app.lines.filter((l) => /^CMD\s/i.test(l)).at(-1)!
    const args = JSON.parse(cmd.replace(/^CMD\s+/i, '')) as string[]
    expect(args).toEqual(['node', '--enable-source-maps', 'packages/server/dist/start.js'])
    expect(app.lines.filter((l) => /^(CMD|ENTRYPOINT)\s/i.test(l)).join('\n')).not.toMatch(DEV_TOOLS)
  })

  test('stages: the image starts from a bare Node image, takes production dependencies only and the compiled output, not the sources', () => {
    // not FROM the build stage, which holds every dev dependency
    expect(app.from).toMatch(/^node:\d+/)
    const copies = app.lines.filter((l) => /^COPY\s/i.test(l))
    // nothing copied from the build context wholesale
    expect(copies.some((l) => /^COPY\s+(--\S+\s+)*\.\s/i.test(l))).toBe(false)
    const fromStages = copies.map((l) => /--from=(\S+)\s+(\S+)/i.exec(l)).filter((m) => m !== null)
    // from the build stage: built folders only (the compiled server, the web app)
    for (const [, stage, source] of fromStages.filter(([, s]) => s === 'build')) expect(`${stage} ${source}`).toMatch(/\/dist$/)
    expect(fromStages.some(([, , source]) => source === '/srv/packages/server/dist')).toBe(true)
    // node_modules from a stage that installed production dependencies
    const nodeModules = fromStages.filter(([, , source]) => source.endsWith('node_modules'))
    expect(nodeModules.length).toBeGreaterThan(0)
    for (const [, stage] of nodeModules) {
      const installs = stages.find((s) => s.name === stage)!.lines.filter((l) => /\bpnpm install\b/.test(l))
      expect(installs.length).toBeGreaterThan(0)
      for (const install of installs) expect(install).toMatch(/--prod\b/)
    }
    // no install in the image itself (the demo seed's pictures carry no lettering: no system font is needed)
    expect(app.lines.filter((l) => /\b(pnpm|npm) (install|i|add)\b|apt-get install/.test(l))).toEqual([])
    // the files start reads by path: the migrations and the web app's pages
    expect(copies.some((l) => /\sprisma\/migrations\s/.test(l))).toBe(true)
    expect(copies.some((l) => /\/srv\/packages\/web\/dist\s/.test(l))).toBe(true)
  })

  test('.dockerignore keeps installed and built folders, local data, tests and .git out of the build context', () => {
    const ignored = readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
    for (const entry of ['node_modules', '**/node_modules', '**/dist', '.git', '.env', 'uploads', 'uploads-private', 'test-results', 'packages/*/test', 'packages/web/e2e', '**/*.test.ts'])
      expect(ignored).toContain(entry)
  })
})

describe('docker-compose.yml', () => {
  const { services, volumes } = compose()

  test('the api and the worker run the compiled start of the app image, with their flags, and no dev tool', () => {
    expect(services.api.build?.target).toBe('app')
    expect(services.worker.build?.target).toBe('app')
    expect(services.api.command).toEqual(['node', '--enable-source-maps', 'packages/server/dist/start.js', '--only=api'])
    expect(services.worker.command).toEqual(['node', '--enable-source-maps', 'packages/server/dist/start.js', '--only=worker', '--no-prepare'])
    for (const [name, service] of Object.entries(services)) {
      expect(service.command?.join(' ') ?? '', name).not.toMatch(DEV_TOOLS)
      // root only for the one-shot that gives the upload volumes to the app's user
      if (name !== 'uploads-owner') expect(service.user ?? '', name).not.toMatch(/^(root|0)(:|$)/)
    }
  })

  test('MariaDB 10.11, and healthchecks on the database, Redis and the api', () => {
    expect(services.mariadb.image).toBe('mariadb:10.11')
    for (const name of ['mariadb', 'redis', 'api']) expect(services[name].healthcheck?.test.length, name).toBeGreaterThan(1)
    expect(services.api.healthcheck!.test.join(' ')).toContain('/api/')
  })

  test('uploads, private uploads and secrets are volumes, mounted where the app reads them', () => {
    for (const name of ['mariadb', 'uploads', 'private-uploads', 'secrets']) expect(Object.keys(volumes)).toContain(name)
    const env = services.api.environment!
    expect(services.api.volumes).toEqual(expect.arrayContaining([`uploads:${env.UPLOAD_DIR}`, `private-uploads:${env.PRIVATE_UPLOAD_DIR}`, `secrets:${path.dirname(env.JWT_SECRET_FILE)}`]))
    // identity documents: only the api mounts the private uploads
    for (const [name, service] of Object.entries(services))
      if (name !== 'api' && name !== 'uploads-owner') expect(service.volumes?.join(' ') ?? '', name).not.toContain('private-uploads')
  })
})

// docker compose up --scale api=3 --scale worker=2 behind nginx (docs/scaling.md, README "Running several instances").
describe('several instances', () => {
  const { services } = compose()
  const conf = readFileSync(path.join(REPO_ROOT, 'docker/nginx.conf'), 'utf8').replace(/#.*$/gm, '')

  test('the api and the worker can be scaled: no fixed container name, host name, host port or replica count', () => {
    for (const name of ['api', 'worker']) {
      const service = services[name]
      // a container name or a published port is one per host: a second replica could not be created
      expect(service.container_name, name).toBeUndefined()
      expect(service.hostname, name).toBeUndefined()
      expect(service.ports, name).toBeUndefined()
      expect(service.deploy?.replicas, name).toBeUndefined()
    }
    // only nginx is published; the api is reached through it
    expect(Object.entries(services).filter(([, s]) => s.ports).map(([name]) => name)).toEqual(['web'])
  })

  test('every replica reads the same configuration, database, Redis prefix, uploads and JWT secret', () => {
    const { api, worker } = services
    expect(worker.environment).toEqual(api.environment)
    const env = api.environment!
    // the worker and nginx wait for an api that is ready (a new replica gets traffic from nginx once it resolves)
    expect(worker.depends_on?.api?.condition).toBe('service_healthy')
    expect(services.web.depends_on?.api?.condition).toBe('service_healthy')
    // one secret for all: a volume, with the first process writing it (config.ts, readOrCreateSecretFile)
    for (const service of [api, worker]) expect(service.volumes).toEqual(expect.arrayContaining([`uploads:${env.UPLOAD_DIR}`, `secrets:${path.dirname(env.JWT_SECRET_FILE)}`]))
    expect(env.JWT_SECRET_FILE).toBeTruthy()
    expect(services.web.volumes).toEqual([`uploads:/srv/uploads:ro`])
  })

  test('nginx spreads the api requests over every replica of the api service, re-resolved through Docker’s DNS, without stickiness', () => {
    const upstreams = [...conf.matchAll(/upstream (\w+) \{([^}]*)\}/g)]
    expect(upstreams).toHaveLength(1)
    const [, group, body] = upstreams[0]
    const lines = body.split(';').map((l) => l.trim().replace(/\s+/g, ' ')).filter(Boolean)
    // the service name, resolved again while nginx runs (`resolve` needs a shared zone and a resolver: Docker's)
    expect(lines).toContain('server api:3000 resolve')
    expect(lines.some((l) => /^zone \w+ \d+k$/.test(l))).toBe(true)
    expect(lines.some((l) => /^resolver 127\.0\.0\.11\b.*\bvalid=\d+s\b/.test(l))).toBe(true)
    // round-robin: no hash, ip_hash or sticky method, no backup server
    expect(lines.filter((l) => /^(hash|ip_hash|sticky|least_conn|random)\b/.test(l) || /\bbackup\b/.test(l))).toEqual([])
    // every proxied location goes to that group
    const targets = [...conf.matchAll(/proxy_pass ([^;]+);/g)].map((m) => m[1])
    expect(targets.length).toBeGreaterThan(5)
    expect(new Set(targets)).toEqual(new Set(['$api']))
    expect([...conf.matchAll(/set \$api ([^;]+);/g)].map((m) => m[1])).toEqual([`http://${group}`])
    // the `resolve` parameter is in the open-source nginx from 1.27.3: the image's tag names that or a later release
    const web = dockerStages().find((s) => s.name === 'web')!
    const tag = /^nginx:(\d+)\.(\d+)(?:\.(\d+))?-alpine$/.exec(web.from)
    expect(tag, web.from).not.toBeNull()
    const [major, minor, patch] = [Number(tag![1]), Number(tag![2]), Number(tag![3] ?? 0)]
    expect(major > 1 || minor > 27 || (minor === 27 && patch >= 3), web.from).toBe(true)
  })
})

describe('the compiled start', () => {
  let dist: string

  beforeAll(async () => {
    dist = await compiledServer()
  })

  test('stack traces name the TypeScript files (source maps)', async () => {
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, 'start.js')], { cwd: REPO_ROOT, env: { ...process.env, PORT: 'not-a-port', NODE_OPTIONS: '' } })
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    expect(await new Promise((resolve) => child.on('exit', resolve))).not.toBe(0)
    expect(err).toContain('Invalid configuration')
    // Node colours the frames' paths when the test runner forces colour (FORCE_COLOR): compare the plain text.
    expect(stripVTControlCharacters(err)).toMatch(/at loadConfig \(.*packages\/server\/src\/config\.ts:\d+:\d+\)/)
    expect(err).toMatch(/scripts\/start\.ts:\d+:\d+/)
  })
})
