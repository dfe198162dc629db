// The shopper pages behind the login, for the Lighthouse bench (bench/lighthouse.ts): a Chromium left running with the
// demo shopper signed in on each front through the login page, as a shopper signs in, so that Lighthouse, connected to
// it (`--port`, `--disable-storage-reset`), loads the pages with that session; and what those pages show: a cart line,
// a checkout of one goods, an unpaid order on the pay page and a paid order's detail, made through the API the
// storefront calls.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'

const SHOPPER = { username: 'shopper', password: 'Shopper@123456', payPassword: '123456' }

type Envelope<T> = { code: number; msg: string; data: T }

/** base64url JSON, the `{params}` segment of /order/before and /order/pay (packages/web/src/utils/base64Params.ts). */
const urlParams = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

async function call<T>(base: string, method: string, route: string, token: string | null, body?: unknown, key?: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  if (key) headers['Idempotency-Key'] = key
  const answer = (await (await fetch(`${base}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as Envelope<T>
  if (answer.code !== 200) throw new Error(`${method} ${route}: ${answer.code} ${answer.msg}`)
  return answer.data
}

/**
 * Prepares the demo shopper's cart, an unpaid and a paid order of `line` (a goods in stock and its SKU, 0 for none)
 * and answers the signed-in pages by name.
 */
export async function shopperPages(base: string, line: { goods_id: number; sku_id: number }): Promise<Record<string, string>> {
  const { access_token: token } = await call<{ access_token: string }>(base, 'POST', '/api/login', null, { username: SHOPPER.username, password: SHOPPER.password, provider: 'users', area: 'user', type: 'username' })
  const [address] = await call<{ id: number }[]>(base, 'GET', '/api/user/addresses', token)
  if (!address) throw new Error('the demo shopper has no address')
  await call(base, 'POST', '/api/user/carts', token, { ...line, buy_num: 1 })
  const order = [{ ...line, buy_num: 1 }]
  const stamp = Date.now().toString(36)
  const create = (n: number) => call<{ order_id: number[] }>(base, 'POST', '/api/user/order/create', token, { order, address_id: address.id }, `lh-${stamp}-${n}`)
  const [unpaid] = (await create(1)).order_id
  const [paid] = (await create(2)).order_id
  await call(base, 'POST', '/api/user/order/pay', token, { order_id: [paid], payment_name: 'balance', pay_password: SHOPPER.payPassword }, `lh-${stamp}-pay`)
  return {
    cart: '/carts',
    checkout: `/order/before/${urlParams({ order, ifcart: 0 })}`,
    pay: `/order/pay/${urlParams({ order_id: [unpaid] })}`,
    orders: '/user/orders',
    order: `/user/order/${paid}`,
    'user centre': '/user',
  }
}

/** A headless Chromium listening for DevTools on `port`, the demo shopper signed in on every address of `fronts`. */
export async function signedInBrowser(chromePath: string, port: number, fronts: string[]): Promise<{ close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'qshop-lh-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    headless: true,
    locale: 'zh-CN',
    args: ['--no-sandbox', '--disable-dev-shm-usage', `--remote-debugging-port=${port}`],
  })
  const page = await context.newPage()
  for (const base of fronts) {
    await page.goto(`${base}/login`)
    await page.getByRole('textbox', { name: '账号', exact: true }).fill(SHOPPER.username)
    await page.getByLabel('密码', { exact: true }).fill(SHOPPER.password)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await page.waitForURL((url) => url.pathname !== '/login')
  }
  await page.close()
  return {
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
