// What the tests do through the app's own screens (logins) and through the API the app calls (to check
// that what a page shows is what the server holds).
import { createHmac } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { baseUrl } from './browser.ts'
import { E2E_ENV } from './env.ts'

export type Area = 'admin' | 'seller' | 'user'

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@123456' },
  seller: { username: 'seller', password: 'Seller@123456' },
  sellerCs: { username: 'seller_cs', password: 'Seller@123456' },
  shopper: { username: 'shopper', password: 'Shopper@123456' },
} as const

const LOGIN_PATHS: Record<Area, string> = { admin: '/Admin/login', seller: '/Seller/login', user: '/login' }
const API_PREFIX: Record<Area, string> = { admin: '/api/Admin', seller: '/api/Seller', user: '/api' }

/** A name no other run or test uses. */
export function uniqueName(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`
}

export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

export async function apiCall<T = unknown>(method: string, path: string, token?: string, body?: Record<string, unknown>, extraHeaders: Record<string, string> = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders }
  if (token) headers.Authorization = `Bearer ${token}`
  if (body) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${baseUrl()}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined })
  return (await response.json()) as Envelope<T>
}

/** The access token of an account, obtained the way the app logs in. */
export async function apiToken(area: Area, username: string, password: string): Promise<string> {
  const provider = area === 'admin' ? 'admins' : 'users'
  const answer = await apiCall<{ access_token: string }>('POST', '/api/login', undefined, { username, password, provider, area, type: 'username' })
  expect(answer.code, answer.msg).toBe(200)
  return answer.data.access_token
}

/**
 * A paid order of the demo shopper for one unit of each of the demo seller's `goodsCount` cheapest goods (each its
 * cheapest SKU in stock), placed and paid by balance through the API the storefront calls. The cheapest: the seed creates
 * goods concurrently, so the first by id is sometimes dearer than the shopper's balance. Answers the order and the
 * shopper's token.
 */
export async function demoPaidOrder(goodsCount = 1): Promise<{ id: number; order_no: string; total_price: string; token: string }> {
  const token = await apiToken('user', ACCOUNTS.shopper.username, ACCOUNTS.shopper.password)
  const goods = await dbQuery<{ id: number; sku_id: number | null }>(
    `SELECT g.id, (SELECT k.id FROM goods_skus k WHERE k.goods_id = g.id AND k.goods_stock > 0 ORDER BY k.goods_price, k.id LIMIT 1) AS sku_id
     FROM goods g JOIN stores s ON s.id = g.store_id JOIN users u ON u.id = s.user_id
     WHERE u.username = ? AND g.goods_status = 1 AND g.goods_verify = 1 AND g.goods_stock > 0 ORDER BY g.goods_price, g.id LIMIT ?`,
    [ACCOUNTS.seller.username, goodsCount],
  )
  expect(goods).toHaveLength(goodsCount)
  const [address] = await dbQuery<{ id: number }>('SELECT a.id FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.username = ? ORDER BY a.is_default DESC, a.id LIMIT 1', [ACCOUNTS.shopper.username])
  const order = goods.map((g) => ({ goods_id: g.id, buy_num: 1, ...(g.sku_id ? { sku_id: g.sku_id } : {}) }))
  const created = await apiCall<{ order_id: number[] }>('POST', '/api/user/order/create', token, { order, address_id: address.id }, { 'Idempotency-Key': uniqueName('order') })
  expect(created.code, created.msg).toBe(200)
  const [id] = created.data.order_id
  const paid = await apiCall('POST', '/api/user/order/pay', token, { order_id: [id], payment_name: 'balance', pay_password: '123456' }, { 'Idempotency-Key': uniqueName('pay') })
  expect(paid.code, paid.msg).toBe(200)
  const [row] = await dbQuery<{ order_no: string; total_price: string }>('SELECT order_no, total_price FROM orders WHERE id = ?', [id])
  return { id, ...row, token }
}

/** Fills the account and password of the login form on the page and submits it. */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(username)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
}

/** Logs in on the area's login page and waits until the app has left it. */
export async function loginThroughPage(page: Page, area: Area, username: string, password: string) {
  await page.goto(LOGIN_PATHS[area])
  await submitLogin(page, username, password)
  await page.waitForURL((url) => url.pathname !== LOGIN_PATHS[area])
}

/**
 * Opens 店铺中心 › 物流中心 › 物流公司 through the admin shell's menus (Chinese). The module tab goes to its first page
 * (/Admin/configs/store), whose group the menu then opens: 物流中心 is opened only once that page is there (a click
 * while the tab's navigation ran could be undone by it, and the carriers' link never showed), and only when closed
 * (a click toggles a group).
 */
export async function openCarriersThroughMenus(page: Page) {
  const side = page.getByRole('complementary', { name: '侧边菜单' })
  await page.getByRole('navigation', { name: '功能模块' }).getByRole('link', { name: '店铺中心' }).click()
  await page.waitForURL('**/Admin/configs/store')
  await side.getByRole('link', { name: '店铺配置', exact: true }).waitFor()
  const group = side.getByRole('button', { name: '物流中心', exact: true })
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click()
  await side.getByRole('link', { name: '物流公司', exact: true }).click()
}

/** An item of the page's local storage. */
export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key)
}

/** Calls the area's API from inside the page with the session the page holds. */
export async function pageApi<T = unknown>(page: Page, area: Area, path: string): Promise<Envelope<T>> {
  const tokenKey = area === 'admin' ? 'admin_token' : area === 'seller' ? 'seller_token' : 'token'
  return page.evaluate(
    async ({ url, key }) => {
      const response = await fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${localStorage.getItem(key)}` } })
      return response.json()
    },
    { url: `${API_PREFIX[area]}${path}`, key: tokenKey },
  )
}

/** Marks a toast an earlier expectToast has already accounted for. */
const SEEN = 'data-e2e-seen'

/**
 * Waits for a toast with this text that no earlier call has accounted for, then marks every toast with the text as
 * seen, so that a later step expecting the same text needs a toast of its own. Toasts are never clicked: they slide
 * while others come and go and close by themselves.
 */
export async function expectToast(page: Page, text: string) {
  const fresh = page.locator(`.mantine-Notification-root:not([${SEEN}])`).filter({ hasText: text })
  await fresh.first().waitFor()
  await fresh.evaluateAll((toasts, seen) => toasts.forEach((toast) => toast.setAttribute(seen, '')), SEEN)
}

/** Rows from the e2e database (what the seed wrote), for expectations that must not come from the app itself. */
export async function dbQuery<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const mysql = await import('mysql2/promise')
  const conn = await mysql.createConnection({ uri: E2E_ENV.DATABASE_URL })
  try {
    const [rows] = await conn.query(sql, params)
    return rows as T[]
  } finally {
    await conn.end()
  }
}

/** The same access token (same session, same account) with an expiry in the past, signed like the server signs. */
export function expiredCopy(token: string): string {
  const [header, payload] = token.split('.')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iat: number; exp: number }
  const now = Math.floor(Date.now() / 1000)
  const body = Buffer.from(JSON.stringify({ ...claims, iat: now - 7200, exp: now - 60 })).toString('base64url')
  const signature = createHmac('sha256', E2E_ENV.JWT_SECRET).update(`${header}.${body}`).digest('base64url')
  return `${header}.${body}.${signature}`
}

/** A small solid-colour PNG (the upload checks the bytes, not the name). */
export function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))])
}
