import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
for (const lang of ['zh-CN', 'en-US']) for (const width of [320, 360, 390, 412, 600, 767, 768, 800]) {
  const ctx = await browser.newContext({ viewport: { width, height: 844 }, locale: lang })
  const page = await ctx.newPage()
  await page.goto('http://127.0.0.1:4701/s' + (lang === 'en-US' ? '?lang=en' : ''))
  const img = page.locator('[class*=goodsGrid] img').first()
  await img.waitFor()
  await page.waitForLoadState('networkidle')
  const box = await img.boundingBox()
  const skel = null
  console.log(lang, width, JSON.stringify(box), await page.evaluate(() => document.documentElement.lang))
  await ctx.close()
}
await browser.close()
