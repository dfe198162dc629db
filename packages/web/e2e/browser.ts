// Per-test browser pages connected to the shared chromium, with screenshots saved as artifacts.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { ARTIFACTS, SERVER_LOG } from './env.ts'

let browser: Browser | undefined

export const baseUrl = () => inject('baseUrl')

export async function newPage(opts: { locale?: string } = {}): Promise<Page> {
  browser ??= await chromium.connect(inject('wsEndpoint'))
  const context = await browser.newContext({ baseURL: baseUrl(), locale: opts.locale ?? 'zh-CN', viewport: { width: 1400, height: 900 } })
  return context.newPage()
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })
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

export async function closeBrowser() {
  await browser?.close()
  browser = undefined
}
