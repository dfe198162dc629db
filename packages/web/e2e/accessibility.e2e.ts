// axe-core (WCAG 2.0/2.1 A and AA rules, and 2.2's target size) on the shopper's pages, each once its content is on screen: no serious or
// critical violation. axe runs in the page through the browser's protocol (page.evaluate), which the pages' CSP
// (script-src 'self') does not govern.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { beforeAll, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { ACCOUNTS, apiCall, apiToken, dbQuery, demoPaidOrder, loginThroughPage, uniqueName } from './app.ts'
import { newPage } from './browser.ts'

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
    return result.violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join(' | ')}`)
}

let goodsPath = ''
let storePath = ''
let articlePath = ''

beforeAll(async () => {
  const [goods] = await dbQuery<{ id: number; store_id: number }>("SELECT id, store_id FROM goods WHERE goods_no = 'XH-PH-001'")
  goodsPath = `/goods/${goods.id}`
  storePath = `/store/${goods.store_id}`
  const [article] = await dbQuery<{ id: number }>("SELECT id FROM articles WHERE name = '关于我们' ORDER BY id LIMIT 1")
  articlePath = `/article/${article.id}`
})

/** The page at `path`, once `ready` (an element of what it shows when loaded) is on screen and its reads are done. */
async function check(page: Page, path: string, ready: string, found: Record<string, string[]>) {
  await page.goto(path)
  await page.locator(ready).first().waitFor()
  await page.waitForLoadState('networkidle')
  const violations = await seriousViolations(page)
  if (violations.length) found[path] = violations
}

test('the public storefront pages', async () => {
  const page = await newPage({ locale: 'zh-CN' })
  const found: Record<string, string[]> = {}
  await check(page, '/', 'main a[href^="/goods/"]', found)
  await check(page, '/s', 'main a[href^="/goods/"]', found)
  await check(page, goodsPath, 'main h3', found)
  await check(page, storePath, 'main h2', found)
  await check(page, '/stores', 'main a[href^="/store/"]', found)
  await check(page, '/login', 'main button[type=submit]', found)
  await check(page, '/register', 'main button[type=submit]', found)
  await check(page, articlePath, 'main article h1', found)
  await check(page, '/notices', '[data-testid="notice-list"][data-loaded]', found)
  expect(found).toEqual({})
})

/** The checkout and pay pages' `{params}`: base64url JSON (web storefront/checkoutPath.ts, order/orderParams.ts). */
const urlParams = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A goods of the demo seller in stock (with its cheapest SKU in stock), and an unpaid order of it by the shopper. */
async function unpaidOrder(): Promise<{ line: { goods_id: number; sku_id: number; buy_num: number }; orderId: number }> {
  const [goods] = await dbQuery<{ id: number; sku_id: number | null }>(
    `SELECT g.id, (SELECT k.id FROM goods_skus k WHERE k.goods_id = g.id AND k.goods_stock > 0 ORDER BY k.id LIMIT 1) AS sku_id
     FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id
     WHERE u.username = ? AND g.goods_status = 1 AND g.goods_verify = 1 AND g.goods_stock > 0 ORDER BY g.id LIMIT 1`,
    [ACCOUNTS.seller.username],
  )
  const line = { goods_id: goods.id, sku_id: goods.sku_id ?? 0, buy_num: 1 }
  const token = await apiToken('user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  const [address] = await dbQuery<{ id: number }>('SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.username = ? ORDER BY a.is_default DESC, a.id LIMIT 1', [ACCOUNTS.shopper.username])
  const order = [{ goods_id: line.goods_id, buy_num: 1, ...(goods.sku_id ? { sku_id: goods.sku_id } : {}) }]
  const created = await apiCall<{ order_id: number[] }>('POST', '/api/user/order/create', token, { order, address_id: address.id }, { 'Idempotency-Key': uniqueName('order') })
  expect(created.code, created.msg).toBe(200)
  return { line, orderId: created.data.order_id[0] }
}

test('the shopper’s own pages: user centre, orders, cart, checkout and pay', async () => {
  const order = await demoPaidOrder()
  const unpaid = await unpaidOrder()
  const page = await newPage({ locale: 'zh-CN' })
  await loginThroughPage(page, 'user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  const found: Record<string, string[]> = {}
  await check(page, '/user', 'main a[href="/user/orders"]', found)
  await check(page, '/user/orders', 'main a[href^="/user/order/"]', found)
  await check(page, '/user/oauth', '[data-testid="oauth-weixinweb"]', found)
  await check(page, `/user/order/${order.id}`, `main :text("${order.order_no}")`, found)
  await check(page, '/carts', 'main', found)
  await check(page, `/user/article/${encodeURIComponent('帮助中心')}`, 'main article h2', found)
  await check(page, `/user/article/${encodeURIComponent('网站公告')}`, '[data-testid="notice-list"][data-loaded]', found)
  await check(page, `/order/before/${urlParams({ order: [unpaid.line], ifcart: 0 })}`, '[data-testid="checkout-store"]', found)
  await check(page, `/order/pay/${urlParams({ order_id: [unpaid.orderId] })}`, '[data-testid="pay-total"]', found)
  expect(found).toEqual({})
})
