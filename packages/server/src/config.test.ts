// Which JWT secrets the server starts with, and the secret file docker compose keeps in a volume.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, test } from 'vitest'
import { KNOWN_DEFAULT_SECRETS, loadConfig } from './config.ts'

const STRONG = 'k2P9xQ7rT4mW8zL1vB6nC3hJ5dF0gS2a' // 32 characters
let dir: string

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qshop-secret-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const production = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'production', ...env })

describe('JWT_SECRET outside development and test', () => {
  it('refuses to start without a secret, saying how to set one', () => {
    expect(() => production()).toThrow(/no JWT_SECRET is set.*Set JWT_SECRET to a random string of at least 32 characters/)
    expect(() => production({ JWT_SECRET: '' })).toThrow(/no JWT_SECRET is set/)
  })

  it.each(KNOWN_DEFAULT_SECRETS)('refuses the published default %s', (secret) => {
    expect(() => production({ JWT_SECRET: secret })).toThrow(/JWT_SECRET is a published default secret/)
  })

  it('refuses a secret shorter than 32 characters and accepts a 32-character one', () => {
    expect(() => production({ JWT_SECRET: STRONG.slice(1) })).toThrow(/shorter than 32 characters/)
    expect(production({ JWT_SECRET: STRONG }).JWT_SECRET).toBe(STRONG)
  })

  it('refuses a secret file that is empty or too short', () => {
    const file = path.join(dir, 'jwt_secret')
    writeFileSync(file, '\n')
    expect(() => production({ JWT_SECRET_FILE: file })).toThrow(/JWT_SECRET_FILE \(.*\) is empty/)
    writeFileSync(file, 'short-secret\n')
    expect(() => production({ JWT_SECRET_FILE: file })).toThrow(/JWT_SECRET_FILE \(.*\) is shorter than 32 characters/)
  })

  it('development and test run with a built-in secret', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).JWT_SECRET).toBe(KNOWN_DEFAULT_SECRETS[0])
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'short' }).JWT_SECRET).toBe('short')
  })
})

describe('PAY_PASSWORD_KEY', () => {
  it('is derived from the token secret when not set: stable for one secret, another for another', () => {
    const key = production({ JWT_SECRET: STRONG }).PAY_PASSWORD_KEY
    expect(key).toMatch(/^[\w-]{43}$/)
    expect(key).not.toContain(STRONG)
    expect(production({ JWT_SECRET: STRONG }).PAY_PASSWORD_KEY).toBe(key)
    expect(production({ JWT_SECRET: `${STRONG}x` }).PAY_PASSWORD_KEY).not.toBe(key)
  })

  it('outside development and test, refuses a set key that is short or a published default', () => {
    expect(() => production({ JWT_SECRET: STRONG, PAY_PASSWORD_KEY: STRONG.slice(1) })).toThrow(/PAY_PASSWORD_KEY is shorter than 32 characters/)
    expect(() => production({ JWT_SECRET: STRONG, PAY_PASSWORD_KEY: KNOWN_DEFAULT_SECRETS[0] })).toThrow(/PAY_PASSWORD_KEY is a published default/)
    expect(production({ JWT_SECRET: STRONG, PAY_PASSWORD_KEY: STRONG.split('').reverse().join('') }).PAY_PASSWORD_KEY).toBe(STRONG.split('').reverse().join(''))
    expect(loadConfig({ NODE_ENV: 'test', PAY_PASSWORD_KEY: 'short' }).PAY_PASSWORD_KEY).toBe('short')
  })
})

describe('JWT_SECRET_FILE', () => {
  it('creates the file with a random secret readable by its owner only, and keeps it', () => {
    const file = path.join(dir, 'volume', 'jwt_secret')
    const first = production({ JWT_SECRET_FILE: file }).JWT_SECRET
    expect(first).toMatch(/^[\w-]{64}$/)
    expect(readFileSync(file, 'utf8').trim()).toBe(first)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(production({ JWT_SECRET_FILE: file }).JWT_SECRET).toBe(first)
    expect(readdirSync(path.dirname(file))).toEqual(['jwt_secret'])
  })

  it('an operator’s JWT_SECRET wins over the file, which is then not created', () => {
    const file = path.join(dir, 'jwt_secret')
    expect(production({ JWT_SECRET: STRONG, JWT_SECRET_FILE: file }).JWT_SECRET).toBe(STRONG)
    expect(readdirSync(dir)).toEqual([])
  })

  it('processes starting together (api replicas and the worker) all get the same secret', async () => {
    const file = path.join(dir, 'jwt_secret')
    const script = `
      const { loadConfig } = await import(${JSON.stringify(path.join(import.meta.dirname, 'config.ts'))})
      process.stdout.write('ready\\n')
      process.stdin.once('data', () => {
        process.stdout.write(loadConfig({ NODE_ENV: 'production', JWT_SECRET_FILE: ${JSON.stringify(file)} }).JWT_SECRET + '\\n')
        process.exit(0)
      })`
    const children = Array.from({ length: 4 }, () => spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: import.meta.dirname }))
    const outputs = children.map((child) => {
      let out = ''
      child.stderr.pipe(process.stderr)
      return {
        ready: new Promise<void>((resolve) => child.stdout.on('data', (chunk) => (out += chunk).includes('ready') && resolve())),
        done: new Promise<string>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(out.split('\n')[1]) : reject(new Error(`exit ${code}`))))),
      }
    })
    // Every process has loaded the code before any reads the file: they race for the first start.
    await Promise.all(outputs.map((o) => o.ready))
    for (const child of children) child.stdin.write('go\n')
    const secrets = await Promise.all(outputs.map((o) => o.done))
    expect(new Set(secrets).size).toBe(1)
    expect(secrets[0]).toMatch(/^[\w-]{64}$/)
    expect(readFileSync(file, 'utf8').trim()).toBe(secrets[0])
    expect(readdirSync(dir)).toEqual(['jwt_secret'])
  })
})

describe('CORS_ORIGIN', () => {
  test('none by default: the web app is served from the API’s origin', () => {
    expect(loadConfig({}).CORS_ORIGIN).toEqual([])
    expect(loadConfig({ CORS_ORIGIN: '' }).CORS_ORIGIN).toEqual([])
  })

  test('a comma list of origins, or * alone', () => {
    expect(loadConfig({ CORS_ORIGIN: 'https://shop.example.com, http://localhost:5173' }).CORS_ORIGIN).toEqual(['https://shop.example.com', 'http://localhost:5173'])
    expect(loadConfig({ CORS_ORIGIN: '*' }).CORS_ORIGIN).toEqual(['*'])
  })

  test.each(['https://shop.example.com/', 'shop.example.com', 'https://a.com/path', '*,https://a.com', 'https://*.example.com', 'javascript:alert(1)'])(
    '%s is refused at start-up',
    (value) => {
      expect(() => loadConfig({ CORS_ORIGIN: value })).toThrow(/CORS_ORIGIN/)
    },
  )
})

describe('SITE_URL', () => {
  test('unset or empty: pages name the address each request came to; else an origin', () => {
    expect(loadConfig({}).SITE_URL).toBeUndefined()
    expect(loadConfig({ SITE_URL: '' }).SITE_URL).toBe('')
    expect(loadConfig({ SITE_URL: 'https://shop.example.com' }).SITE_URL).toBe('https://shop.example.com')
  })

  test.each(['https://shop.example.com/', 'shop.example.com', 'https://a.com/path', 'javascript:alert(1)'])('%s is refused at start-up', (value) => {
    expect(() => loadConfig({ SITE_URL: value })).toThrow(/SITE_URL/)
  })
})

describe('API_DOCS', () => {
  test.each([
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test' }, true],
    [{}, true],
    [{ NODE_ENV: 'production', API_DOCS: 'true' }, true],
    [{ NODE_ENV: 'development', API_DOCS: 'false' }, false],
    [{ NODE_ENV: 'production', API_DOCS: '0' }, false],
    [{ NODE_ENV: 'production', API_DOCS: '' }, false],
    [{ NODE_ENV: 'development', API_DOCS: '' }, true],
  ])('%o → %s', (env, docs) => {
    expect(loadConfig({ ...env, JWT_SECRET: STRONG }).API_DOCS).toBe(docs)
  })
})
