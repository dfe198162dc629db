// A purchase with the keyboard alone, as the demo shopper (balance, pay password 123456): log in, search from the
// header's search box, open a result, choose the SKU, add it to the cart, go to the cart, check out and pay by balance.
// No mouse: every step is Tab, Shift+Tab, Enter, Space, arrows, Escape or typing. At every stop of the focus the
// focused element must be on screen, show that it has the focus (an outline or shadow, or a border that changes
// with the focus) and have a name as the browser's accessibility tree gives it to a screen reader (Chromium's own
// computation, read through the DevTools protocol). Focus that comes back to an element it already visited before
// reaching the target is a trap; a dialog keeps the focus inside while open and gives it back to its opener on close.
import { beforeAll, expect, test } from 'vitest'
import type { CDPSession, Locator, Page } from 'playwright-core'
import { ACCOUNTS, dbQuery, expectToast } from './app.ts'
import { newPage } from './browser.ts'

const PAY_PASSWORD = '123456'
const SHIRT = { goodsNo: 'QS-TS-001', name: 'QShop 纯棉圆领短袖T恤', keywords: '圆领短袖' }
let shopperId: number
let shirtId: number

beforeAll(async () => {
  ;[{ id: shopperId }] = await dbQuery<{ id: number }>('SELECT id FROM users WHERE username = ?', [ACCOUNTS.shopper.username])
  ;[{ id: shirtId }] = await dbQuery<{ id: number }>('SELECT id FROM goods WHERE goods_no = ?', [SHIRT.goodsNo])
  // The cart holds only what this test puts in it.
  await dbQuery('DELETE FROM carts WHERE user_id = ?', [shopperId])
})

/** What a focused element is to a keyboard and screen-reader user. */
type Stop = {
  /** A number the page gives each element the first time it is focused (the same element, the same number). */
  key: number
  tag: string
  role: string
  name: string
  /** On screen: some size, not hidden, inside the window. */
  visible: boolean
  /** How it shows the focus ('' when it does not). */
  indicator: string
  inDialog: boolean
  text: string
}

const sessions = new WeakMap<Page, CDPSession>()

async function cdp(page: Page): Promise<CDPSession> {
  let session = sessions.get(page)
  if (!session) {
    session = await page.context().newCDPSession(page)
    await session.send('Accessibility.enable')
    sessions.set(page, session)
  }
  return session
}

/**
 * The focused element (null when the focus is on the document's body or nowhere). An element the accessibility tree
 * has not taken in yet (it was inserted in the same frame: a header menu replacing its stand-in) is read again after
 * the next frame.
 */
async function focused(page: Page): Promise<Stop | null> {
  for (let attempt = 1; ; attempt++) {
    const stop = await focusedOnce(page)
    if (stop?.role !== 'ignored' || attempt === 3) return stop
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  }
}

async function focusedOnce(page: Page): Promise<Stop | null> {
  const info = await page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body || el === document.documentElement) return null
    // The focus style once its transitions (a field's border colour fades in) have run.
    const settling = [el, el.parentElement, ...Array.from((el as HTMLInputElement).labels ?? [])].flatMap((node) =>
      node ? node.getAnimations().filter((a) => a instanceof CSSTransition) : [],
    )
    await Promise.all(settling.map((a) => a.finished.catch(() => undefined)))
    const w = window as unknown as { __focusKeys?: WeakMap<Element, number>; __focusNext?: number }
    w.__focusKeys ??= new WeakMap()
    w.__focusNext ??= 1
    if (!w.__focusKeys.has(el)) w.__focusKeys.set(el, w.__focusNext++)
    const tiny = (node: Element) => {
      const r = node.getBoundingClientRect()
      return r.width < 2 || r.height < 2 || Number(getComputedStyle(node).opacity) === 0
    }
    // A visually hidden input (a segmented control's or chip's radio) shows its focus on its label.
    const labels = (el as HTMLInputElement).labels
    const shown = tiny(el) && labels?.length ? labels[0] : el
    const r = shown.getBoundingClientRect()
    const visible =
      r.width >= 2 && r.height >= 2 && shown.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth
    const look = (node: Element) => {
      const s = getComputedStyle(node)
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && s.outlineColor !== 'rgba(0, 0, 0, 0)'
      return { outline: outline ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : '', shadow: s.boxShadow, border: s.borderColor, background: s.backgroundColor }
    }
    // The element and, for an input drawn inside a box (a password field), its box: each against a shallow copy of
    // itself beside it, which has no focus (no id or name, so that it joins no label or radio group).
    const change = (node: Element) => {
      const now = look(node)
      const copy = node.cloneNode(false) as HTMLElement
      copy.removeAttribute('id')
      copy.removeAttribute('name')
      node.before(copy)
      const rest = look(copy)
      copy.remove()
      if (now.outline && now.outline !== rest.outline) return `outline ${now.outline}`
      if (now.shadow !== 'none' && now.shadow !== rest.shadow) return `box-shadow ${now.shadow}`
      if (now.border !== rest.border) return `border ${rest.border} → ${now.border}`
      if (now.background !== rest.background) return `background ${rest.background} → ${now.background}`
      return ''
    }
    let indicator = ''
    if (shown !== el) indicator = look(shown).outline ? `outline on its label ${look(shown).outline}` : ''
    else {
      indicator = change(el)
      // Only a text field is drawn by its box (Mantine's PasswordInput: the box shows the focus with :focus-within).
      if (!indicator && el.matches('input, textarea') && el.parentElement) indicator = change(el.parentElement)
    }
    return {
      key: w.__focusKeys.get(el)!,
      tag: el.tagName.toLowerCase(),
      visible,
      indicator,
      inDialog: !!el.closest('[role="dialog"]'),
      text: (el.outerHTML.split('>')[0] + '>').slice(0, 160),
    }
  })
  if (!info) return null
  const session = await cdp(page)
  const { result } = await session.send('Runtime.evaluate', { expression: 'document.activeElement' })
  const { nodes } = await session.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false })
  const node = nodes[0]
  await session.send('Runtime.releaseObject', { objectId: result.objectId! })
  const role = node && !node.ignored ? String(node.role?.value ?? '') : 'ignored'
  const why = node?.ignored ? ` (ignored: ${JSON.stringify(node.ignoredReasons?.map((r) => r.name))})` : ''
  return { ...info, role, name: String(node?.name?.value ?? '').trim(), text: info.text + why }
}

/** Every focus stop must be on screen, show the focus and have a name. */
function expectUsable(stop: Stop, where: string) {
  expect.soft(stop.visible, `${where}: focused element not on screen: ${stop.text}`).toBe(true)
  expect.soft(stop.indicator, `${where}: no visible focus on ${stop.text}`).not.toBe('')
  expect.soft(stop.name, `${where}: focused ${stop.role} without a name: ${stop.text}`).not.toBe('')
  expect.soft(stop.role, `${where}: focused element hidden from the accessibility tree: ${stop.text}`).not.toBe('ignored')
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement)

/**
 * Presses `key` (Tab or Shift+Tab) until `target` has the focus, checking every stop on the way (expectUsable). The
 * focus reaching an element it already visited, or the body, before the target fails: the target is not reachable or
 * the focus is trapped. Answers the stops.
 */
async function tabTo(page: Page, target: Locator, where: string, key = 'Tab', limit = 120): Promise<Stop[]> {
  const stops: Stop[] = []
  const seen = new Set<number>()
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key)
    const stop = await focused(page)
    if (!stop) throw new Error(`${where}: the focus left the page after ${stops.map((s) => `${s.role} "${s.name}"`).join(', ')}`)
    if (seen.has(stop.key)) throw new Error(`${where}: the focus came back to ${stop.text} before reaching the target (a trap)`)
    seen.add(stop.key)
    stops.push(stop)
    expectUsable(stop, where)
    if (await isFocused(target)) return stops
  }
  throw new Error(`${where}: not reached in ${limit} presses of ${key}`)
}

/** Tabs from the focused element to the end of the page: the focus must leave the document (no trap on the way). */
async function tabOutOfPage(page: Page, where: string, limit = 200): Promise<Stop[]> {
  const stops: Stop[] = []
  const seen = new Set<number>()
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const stop = await focused(page)
    if (!stop) return stops
    if (seen.has(stop.key)) throw new Error(`${where}: the focus came back to ${stop.text} without leaving the page (a trap)`)
    seen.add(stop.key)
    stops.push(stop)
    expectUsable(stop, where)
  }
  throw new Error(`${where}: the focus did not leave the page in ${limit} presses`)
}

/** Loads `path` as a fresh document, so that the first Tab starts at the top of the page. */
async function open(page: Page, path: string, ready: Locator) {
  await page.goto(path)
  await ready.waitFor()
}

test('a shopper buys a goods with the keyboard alone', async () => {
  const page = await newPage({ locale: 'zh-CN' })
  const [{ money: balanceBefore }] = await dbQuery<{ money: string }>('SELECT money FROM users WHERE id = ?', [shopperId])
  const [{ id: lastOrder }] = await dbQuery<{ id: number | null }>('SELECT MAX(id) AS id FROM orders')

  // ---- log in: Tab to the account field, type, Tab to the password, type, Enter ----
  const account = page.getByRole('textbox', { name: '账号', exact: true })
  await open(page, '/login', account)
  await tabTo(page, account, 'login')
  await page.keyboard.type(ACCOUNTS.shopper.username)
  await tabTo(page, page.getByLabel('密码', { exact: true }), 'login')
  await page.keyboard.type(ACCOUNTS.shopper.password)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname !== '/login')

  // ---- search from the header ----
  const searchBox = page.getByRole('search').getByRole('textbox', { name: '搜索商品' })
  await open(page, '/', page.locator('main a[href^="/goods/"]').first())
  await tabTo(page, searchBox, 'home header')
  await page.keyboard.type(SHIRT.keywords)
  await page.keyboard.press('Enter')
  await page.waitForURL('**/s/**')
  const result = page.locator(`main a[href="/goods/${shirtId}"]`)
  await result.waitFor()

  // ---- Tab to the result and open it ----
  const toResult = await tabTo(page, result, 'search results')
  expect(toResult.at(-1)!.name).toContain(SHIRT.name)
  await page.keyboard.press('Enter')
  await page.waitForURL(`**/goods/${shirtId}`)
  await page.getByRole('heading', { name: SHIRT.name }).waitFor()

  // ---- choose the SKU: colour red, size L ----
  const red = page.getByRole('group', { name: '颜色' }).getByRole('button', { name: '红色', exact: true })
  const large = page.getByRole('group', { name: '尺码' }).getByRole('button', { name: 'L', exact: true })
  await tabTo(page, red, 'goods page')
  await page.keyboard.press('Enter')
  await expect.poll(() => red.getAttribute('aria-pressed')).toBe('true')
  await tabTo(page, large, 'goods page')
  await page.keyboard.press('Space')
  await expect.poll(() => large.getAttribute('aria-pressed')).toBe('true')
  await expect.poll(() => page.getByTestId('goods-price').textContent()).toBe('￥59.00')

  // ---- add to cart; the rest of the page lets the focus go (no trap) ----
  const addToCart = page.getByRole('button', { name: '加入购物车' })
  await tabTo(page, addToCart, 'goods page')
  await page.keyboard.press('Enter')
  await expectToast(page, '已加入购物车')
  expect(await isFocused(addToCart)).toBe(true)
  const rest = await tabOutOfPage(page, 'goods page')
  expect(rest.length).toBeGreaterThan(3)

  // ---- back to the header's cart link from the end of the page, then to the cart ----
  const cartLink = page.getByRole('banner').getByRole('link', { name: /购物车/ })
  await tabTo(page, cartLink, 'goods page, from the end', 'Shift+Tab', 250)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname === '/carts')
  const line = page.getByTestId('cart-line').filter({ hasText: SHIRT.name })
  await line.waitFor()
  await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('￥59.00')

  // ---- a dialog: the line's remove button asks first; Escape closes it and gives the focus back ----
  const remove = line.getByRole('button', { name: `删除 ${SHIRT.name}` })
  await tabTo(page, remove, 'cart')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  // Shown in full (its opening transition over), as the shopper sees it before pressing a key in it.
  await expect
    .poll(() => dialog.evaluate((el) => { for (let n: Element | null = el; n; n = n.parentElement) if (getComputedStyle(n).opacity !== '1') return false; return el.getAnimations({ subtree: true }).length === 0 }))
    .toBe(true)
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
  // The dialog keeps the focus while open: a round of Tab stays in it.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab')
    const stop = await focused(page)
    expect(stop?.inDialog, `Tab ${i + 1} in the dialog left it: ${stop?.text}`).toBe(true)
    expectUsable(stop!, 'cart dialog')
  }
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await expect.poll(() => isFocused(remove)).toBe(true)
  expectUsable((await focused(page))!, 'cart, after the dialog')
  expect(await page.getByTestId('cart-line').count()).toBe(1)

  // ---- check out ----
  const checkout = page.getByRole('button', { name: '去结算' })
  await tabTo(page, checkout, 'cart')
  await page.keyboard.press('Enter')
  await page.waitForURL('**/order/before/**')
  await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('￥69.00')
  expect(await page.getByRole('radio', { name: /建国路 1 号/ }).isChecked()).toBe(true)
  const submit = page.getByRole('button', { name: '提交订单' })
  await expect.poll(() => submit.isEnabled()).toBe(true)
  await tabTo(page, submit, 'checkout')
  await page.keyboard.press('Enter')

  // ---- pay by balance with the pay password ----
  await page.waitForURL('**/order/pay/**')
  await expect.poll(() => page.getByTestId('pay-total').textContent()).toBe('￥69.00')
  await tabTo(page, page.getByLabel('支付密码'), 'pay')
  await page.keyboard.type(PAY_PASSWORD)
  await tabTo(page, page.getByRole('button', { name: '确认支付 ￥69.00' }), 'pay')
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname === '/order/success')
  await page.getByRole('heading', { name: '支付成功' }).waitFor()

  // ---- what the server holds: one paid order of the shirt, the balance down by its total, the cart empty ----
  const orders = await dbQuery<{ order_status: number; total_price: string; goods_id: number; sku_name: string }>(
    `SELECT o.order_status, o.total_price, og.goods_id, og.sku_name FROM orders o JOIN order_goods og ON og.order_id = o.id
     WHERE o.user_id = ? AND o.id > ?`,
    [shopperId, lastOrder ?? 0],
  )
  expect(orders).toHaveLength(1)
  expect(orders[0]).toMatchObject({ order_status: 2, total_price: '69.00', goods_id: shirtId })
  expect(orders[0].sku_name).toMatch(/红色.*L/)
  const [{ money: balanceAfter }] = await dbQuery<{ money: string }>('SELECT money FROM users WHERE id = ?', [shopperId])
  expect(Number(balanceBefore) - Number(balanceAfter)).toBeCloseTo(69, 2)
  expect(await dbQuery('SELECT id FROM carts WHERE user_id = ?', [shopperId])).toEqual([])
})
