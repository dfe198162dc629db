// Per-test browser pages connected to the shared chromium, with screenshots saved as artifacts.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { ARTIFACTS, SERVER_LOG } from './env.ts'

let browser: Browser | undefined
const contexts = new Set<BrowserContext>()

export const baseUrl = () => inject('baseUrl')

/** `reducedMotion`: the page asks for less motion (the app then shows drawers and dialogs without transitions). */
export async function newPage(
  opts: { locale?: string; viewport?: { width: number; height: number }; javaScriptEnabled?: boolean; reducedMotion?: boolean } = {},
): Promise<Page> {
  browser ??= await chromium.connect(inject('wsEndpoint'))
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: opts.locale ?? 'zh-CN',
    viewport: opts.viewport ?? { width: 1400, height: 900 },
    isMobile: (opts.viewport?.width ?? 1400) < 768,
    hasTouch: (opts.viewport?.width ?? 1400) < 768,
    acceptDownloads: true,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    reducedMotion: opts.reducedMotion ? 'reduce' : 'no-preference',
  })
  context.setDefaultTimeout(15000)
  contexts.add(context)
  const page = await context.newPage()
  // Uncaught errors of the app are part of the test output (a failing test shows what the page threw).
  page.on('pageerror', (error) => console.error(`[page error] ${page.url()}: ${error.message}`))
  // Failed requests are in server.log; what the app itself logs as an error is shown.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) console.error(`[console] ${page.url()}: ${message.text()}`)
  })
  return page
}

/** Closes every page opened by the current test (setup.ts calls it after each test). */
export async function closePages() {
  await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)))
  contexts.clear()
}

/** The pages still open (setup.ts screenshots them when a test fails). */
export function openPages(): Page[] {
  return [...contexts].flatMap((context) => context.pages())
}

/** Saves what the window shows as test-results/e2e/<name>.png. */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: opts.fullPage ?? false })
}

/** The latest SMS code the log driver wrote for a phone (operators read codes from the log the same way). */
export function smsCodeFromLog(phone: string): string {
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n').filter((l) => l.includes(phone))
  for (const line of lines.reverse()) {
    const m = /"code":"(\d{6})"/.exec(line)
    if (m) return m[1]
  }
  throw new Error(`no SMS code for ${phone} in ${SERVER_LOG}`)
}

/** Waits for the SMS code the log driver writes for `phone` (the log is flushed asynchronously). */
export async function waitForSmsCode(phone: string, timeoutMs = 10000): Promise<string> {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      return smsCodeFromLog(phone)
    } catch (error) {
      if (Date.now() > until) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

export async function closeBrowser() {
  await closePages()
  await browser?.close()
  browser = undefined
}
