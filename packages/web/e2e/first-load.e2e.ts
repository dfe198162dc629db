// A storefront page load fetches only what the page shows: the dialog, toast and navigation-bar code (the Overlays
// chunk) is asked for at the first sign it is needed. A toast raised while the page loads still shows without any
// input from the shopper, and the shopper's first key press fetches the rest.
import { expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { apiCall, expectToast } from './app.ts'
import { newPage } from './browser.ts'

const OVERLAYS_CHUNK = /\/assets\/Overlays-[\w-]+\.js$/

function overlayRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (OVERLAYS_CHUNK.test(new URL(request.url()).pathname)) urls.push(request.url())
  })
  return urls
}

test('the home page loads without the dialog and toast code; the first key press fetches it', async () => {
  const page = await newPage()
  const requested = overlayRequests(page)
  await page.goto('/')
  await page.getByTestId('goods-card').first().waitFor()
  await page.waitForLoadState('networkidle')
  expect(requested).toEqual([])

  await page.keyboard.press('Tab')
  await expect.poll(() => requested.length).toBe(1)
})

test('a toast raised while a page loads shows without any input', async () => {
  const missing = await apiCall('GET', '/api/goods/999999999')
  expect(missing.code).toBe(404)
  const page = await newPage()
  const requested = overlayRequests(page)
  await page.goto('/goods/999999999')
  await expectToast(page, missing.msg)
  expect(requested).toHaveLength(1)
})
