// Lighthouse on the storefront (`pnpm bench`, after `pnpm build`): home, search and goods detail, mobile and desktop
// presets, against the platform served as `pnpm start` serves it (the api process serving the built web app) with the
// demo data. Prints the performance score, LCP, TBT, CLS and bytes per page (the median of LIGHTHOUSE_RUNS runs by
// score), beside the accessibility, best-practices and SEO scores with the audits that failed them; the store, store
// list, login and register pages, and the demo shopper's own pages in a browser signed in as the shopper (cart,
// checkout, pay, orders, an order, the user centre: bench/lighthouse-shopper.ts), are measured for those three only
// (their goal is not performance); and the same for a floor: a bare static page showing the same goods picture,
// served by node:http in this run, whose figures show what the machine itself allows (Lighthouse simulates a phone's CPU from the observed one:
// on a busy machine every page scores lower, the floor too).
// Each page is measured through two fronts: the api itself (`pnpm start`) and nginx running docker/nginx.conf in front
// of it (the compose path, packages/server/test/nginxFront.ts; needs nginx: NGINX_PATH, default /usr/sbin/nginx, from Debian's
// nginx-light). LIGHTHOUSE_FRONTS=start (or nginx) measures one front, LIGHTHOUSE_PAGES=search,goods the pages named.
// Needs Chromium: CHROME_PATH (default /usr/bin/chromium). Own database (BENCH_LIGHTHOUSE_DATABASE_URL), Redis prefix
// and upload folder. LIGHTHOUSE_REPORTS=folder keeps every run's full report (JSON) there.
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { loadConfig, RATE_LIMIT_KEYS } from '../packages/server/src/config.ts'
import { buildApp } from '../packages/server/src/app.ts'
import { seed } from '../packages/server/src/seed/index.ts'
import { migrateDeploy } from '../scripts/migrate.ts'
import { ROOT, clearRedisPrefix, truncateAll } from './lib.ts'
import { nginxBinary, startNginxFront } from '../packages/server/test/nginxFront.ts'
import { shopperPages, signedInBrowser } from './lighthouse-shopper.ts'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
export const LIGHTHOUSE_GOALS = { mobile: 95, desktop: 95, cls: 0.05 }
/** Accessibility, best practices and SEO: the same goal on every page and preset. */
export const QUALITY_GOAL = 95
type Preset = keyof Omit<typeof LIGHTHOUSE_GOALS, 'cls'>
const QUALITY = ['accessibility', 'best-practices', 'seo'] as const
type Quality = (typeof QUALITY)[number]
// LIGHTHOUSE_PRESETS=mobile (or desktop) measures one preset only, while working on it.
const PRESETS = (['mobile', 'desktop'] as const).filter((p) => (process.env.LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',').includes(p))
const FRONTS = (['start', 'nginx'] as const).filter((f) => (process.env.LIGHTHOUSE_FRONTS ?? 'start,nginx').split(',').includes(f))
/** LIGHTHOUSE_PAGES=search,goods measures those pages alone (by the names the report prints). */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',')
const chosen = (pages: Record<string, string>) => Object.entries(pages).filter(([name]) => !ONLY || ONLY.includes(name))
const FRONT_NAMES = { start: 'pnpm start', nginx: "compose's nginx" }

export type LighthouseFigures = {
  score: number; fcp: number; lcp: number; tbt: number; cls: number; bytes: number; scripts: number
  /** Accessibility, best practices and SEO scores, and the audits of those categories that did not pass. */
  quality: Record<Quality, number>; failed: string[]
}

/** A free port on the loopback address. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * One Lighthouse run (its CLI) of the performance and quality categories: in a Chromium of its own, or, given
 * `browserPort`, in the running one listening there, keeping that browser's storage (a signed-in session).
 */
export async function lighthouse(url: string, preset: Preset, browserPort?: number): Promise<LighthouseFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'qshop-lh-'))
  const output = path.join(dir, 'report.json')
  try {
    await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/lighthouse'),
      [
        url, '--quiet', `--only-categories=performance,${QUALITY.join(',')}`, '--output=json', `--output-path=${output}`,
        ...(browserPort ? [`--port=${browserPort}`, '--disable-storage-reset'] : ['--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage']),
        ...(preset === 'desktop' ? ['--preset=desktop'] : []),
      ],
      { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 },
    )
    const report = readFileSync(output, 'utf8')
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true })
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${preset}-${Date.now()}.json`
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), report)
    }
    const lhr = JSON.parse(report)
    const audit = (id: string) => lhr.audits[id]?.numericValue as number
    const resources = (lhr.audits['resource-summary']?.details?.items ?? []) as { resourceType: string; requestCount: number }[]
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      scripts: resources.find((r) => r.resourceType === 'script')?.requestCount ?? 0,
      quality: Object.fromEntries(QUALITY.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Quality, number>,
      failed: [
        ...new Set(
          QUALITY.flatMap((c) =>
            ((lhr.categories[c]?.auditRefs ?? []) as { id: string; weight: number }[])
              .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
              .map((ref) => ref.id),
          ),
        ),
      ],
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The median of `runs` runs, by score; `before` runs before each. */
export async function medianRun(url: string, preset: Preset, runs = RUNS, before: () => Promise<void> = async () => {}, browserPort?: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = []
  // Lighthouse now and then loses the trace of a load (NO_NAVSTART): such a run is tried once more.
  for (let i = 0; i < runs; i++) {
    await before()
    results.push(await lighthouse(url, preset, browserPort).catch(() => lighthouse(url, preset, browserPort)))
  }
  results.sort((a, b) => a.score - b.score)
  return results[Math.floor((results.length - 1) / 2)]
}

const describe = (f: LighthouseFigures) =>
  `score ${f.score}, FCP ${(f.fcp / 1000).toFixed(1)} s, LCP ${(f.lcp / 1000).toFixed(1)} s, TBT ${Math.round(f.tbt)} ms, ` +
  `CLS ${f.cls.toFixed(3)}, ${Math.round(f.bytes / 1024)} KB transferred, ${f.scripts} scripts`

const describeQuality = (f: LighthouseFigures) =>
  `accessibility ${f.quality.accessibility}, best practices ${f.quality['best-practices']}, SEO ${f.quality.seo}` +
  (f.failed.length ? ` (failed: ${f.failed.join(', ')})` : '')
const qualityPass = (f: LighthouseFigures, judged: readonly Quality[] = QUALITY) => judged.every((c) => f.quality[c] >= QUALITY_GOAL)
const reportQuality = (label: string, f: LighthouseFigures, judged: readonly Quality[] = QUALITY) =>
  console.log(`${qualityPass(f, judged) ? 'PASS' : 'MISS'} ${label}: ${describeQuality(f)} (goal ≥ ${QUALITY_GOAL} for ${judged.join(', ')})`)
/** The signed-in pages are kept out of search engines on purpose (robots.txt, noindex): their SEO score is not a goal. */
const SIGNED_IN_JUDGED: readonly Quality[] = ['accessibility', 'best-practices']

/** The platform as `pnpm start` runs it, on its own database seeded with the demo data; answers its address. */
export async function startShop(
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; goodsId: number; storeId: number; picture: string; line: { goods_id: number; sku_id: number }; child: ChildProcess }> {
  const config = loadConfig(env)
  await migrateDeploy(config.DATABASE_URL, path.join(ROOT, 'prisma/migrations'), () => {})
  const app = await buildApp(config, { logger: false })
  await app.ready()
  await truncateAll(config.DATABASE_URL)
  await clearRedisPrefix(app)
  await seed(app, { demo: true, areas: false })
  const goods = await app.db.goods.findFirstOrThrow({ where: { goods_status: 1, goods_verify: 1, goods_master_image: { not: '' } }, orderBy: { id: 'asc' }, select: { id: true, store_id: true, goods_master_image: true } })
  // what the demo shopper orders for the signed-in pages: the cheapest goods in stock (its balance pays for it)
  const cheap = await app.db.goods.findFirstOrThrow({ where: { goods_status: 1, goods_verify: 1, goods_stock: { gt: 5 } }, orderBy: [{ goods_price: 'asc' }, { id: 'asc' }], select: { id: true } })
  const sku = await app.db.goods_skus.findFirst({ where: { goods_id: cheap.id, goods_stock: { gt: 5 } }, orderBy: [{ goods_price: 'asc' }, { id: 'asc' }], select: { id: true } })
  await app.close()

  // the compiled api, as `pnpm start` runs it (`pnpm bench` builds it first)
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'packages/server/dist/main.js')], { env, stdio: ['ignore', 'inherit', 'inherit'] })
  const url = `http://127.0.0.1:${config.PORT}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`)
    const up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false)
    if (up) break
    if (i > 600) throw new Error('the server did not answer /api/health within a minute')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, goodsId: goods.id, storeId: goods.store_id, picture: goods.goods_master_image, line: { goods_id: cheap.id, sku_id: sku?.id ?? 0 }, child }
}

/** The floor: one static HTML page with a heading and the goods picture (fetched from the shop), no script. */
async function startFloor(pictureUrl: string): Promise<{ url: string; server: Server }> {
  const picture = Buffer.from(await (await fetch(pictureUrl)).arrayBuffer())
  const type = /\.(\w+)$/.exec(pictureUrl)?.[1] === 'png' ? 'image/png' : 'image/jpeg'
  const html =
    '<!doctype html><html lang="zh-cn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>floor</title></head><body><h1>QShop</h1><img src="/picture" width="400" height="400" alt="goods"></body></html>'
  const server = createServer((req, res) => {
    if (req.url === '/picture') res.writeHead(200, { 'content-type': type, 'content-length': picture.length }).end(picture)
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${port}/`, server }
}

export async function runLighthouse(): Promise<boolean[]> {
  if (!existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) throw new Error('no built web app: run `pnpm build` first')
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`)
  const uploads = mkdtempSync(path.join(tmpdir(), 'qshop-lh-uploads-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATABASE_URL: process.env.BENCH_LIGHTHOUSE_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/qshop_bench_lighthouse',
    REDIS_PREFIX: 'qshop_bench_lighthouse',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    API_DOCS: 'false',
    // As compose mounts them: nginx serves /uploads/ from the folder's parent (docker/nginx.conf's `root /srv`).
    UPLOAD_DIR: path.join(uploads, 'uploads'),
    PRIVATE_UPLOAD_DIR: path.join(uploads, 'private'),
    TRUST_PROXY: 'true',
    ...Object.fromEntries(RATE_LIMIT_KEYS.map((key) => [key, '100000000'])),
  }
  const shop = await startShop(env)
  const floor = await startFloor(`${shop.url}${shop.picture}`)
  const results: boolean[] = []
  const fronts: Partial<Record<(typeof FRONTS)[number], string>> = { start: shop.url }
  const nginx = FRONTS.includes('nginx') ? nginxBinary() : null
  let nginxChild: ChildProcess | null = null
  let browser: { close: () => Promise<void> } | null = null
  if (nginx) {
    const port = await freePort()
    nginxChild = await startNginxFront(nginx, { port, api: shop.url, web: path.join(ROOT, 'packages/web/dist'), uploadsRoot: uploads, dir: path.join(uploads, 'nginx') })
    fronts.nginx = `http://127.0.0.1:${port}`
  } else if (FRONTS.includes('nginx')) {
    console.log("MISS compose's nginx front not measured: no nginx (apt-get install nginx-light, or set NGINX_PATH)")
    results.push(false)
  }
  try {
    const pages = { home: '/', search: '/s', goods: `/goods/${shop.goodsId}` }
    const qualityPages = { store: `/store/${shop.storeId}`, stores: '/stores', login: '/login', register: '/register' }
    // The shopper's own pages, in a browser signed in as the demo shopper (accessibility, best practices, SEO only).
    const signedInPages = await shopperPages(shop.url, shop.line)
    const browserPort = await freePort()
    browser = await signedInBrowser(CHROME_PATH, browserPort, Object.values(fronts))
    // Warm the api's caches as a running shop has them, before every run: the search pages' cache lives a minute
    // (server modules/catalog/search.ts), less than a round of runs takes.
    const warm = async () => {
      for (const api of ['/api/common', '/api/home', '/api/goods', `/api/goods/${shop.goodsId}`]) await fetch(`${shop.url}${api}`)
    }
    console.log(`Lighthouse ${RUNS === 1 ? '(one run each' : `(median of ${RUNS} runs`}; on a busy machine every figure is worse, the floor's too)`)
    for (const preset of PRESETS) {
      console.log(`     floor ${preset}: ${describe(await medianRun(floor.url, preset))}`)
      for (const front of FRONTS) {
        const base = fronts[front]
        if (!base) continue
        for (const [name, route] of chosen(pages)) {
          const f = await medianRun(`${base}${route}`, preset, RUNS, warm)
          const pass = f.score >= LIGHTHOUSE_GOALS[preset] && f.cls < LIGHTHOUSE_GOALS.cls
          console.log(
            `${pass ? 'PASS' : 'MISS'} ${name} ${preset} (${FRONT_NAMES[front]}): ${describe(f)} (goal score ≥ ${LIGHTHOUSE_GOALS[preset]}, CLS < ${LIGHTHOUSE_GOALS.cls})`,
          )
          reportQuality(`${name} ${preset} (${FRONT_NAMES[front]})`, f)
          results.push(pass, qualityPass(f))
        }
        for (const [name, route] of chosen(qualityPages)) {
          const f = await medianRun(`${base}${route}`, preset, RUNS, warm)
          reportQuality(`${name} ${preset} (${FRONT_NAMES[front]})`, f)
          results.push(qualityPass(f))
        }
        for (const [name, route] of chosen(signedInPages)) {
          const f = await medianRun(`${base}${route}`, preset, RUNS, warm, browserPort)
          reportQuality(`${name}, signed in, ${preset} (${FRONT_NAMES[front]})`, f, SIGNED_IN_JUDGED)
          results.push(qualityPass(f, SIGNED_IN_JUDGED))
        }
      }
    }
  } finally {
    await browser?.close()
    floor.server.close()
    nginxChild?.kill('SIGTERM')
    shop.child.kill('SIGTERM')
    rmSync(uploads, { recursive: true, force: true })
  }
  return results
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runLighthouse()
  console.log(`${results.filter(Boolean).length} of ${results.length} Lighthouse pages met their goal`)
}
