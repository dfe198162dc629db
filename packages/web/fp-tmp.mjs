import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
for (const [width, lang] of [[320, 'en-US'], [390, 'zh-CN'], [600, 'zh-CN'], [767, 'en-US'], [768, 'en-US']]) {
  const q = lang === 'en-US' ? '?lang=en' : ''
  const a = await browser.newContext({ viewport: { width, height: 844 }, locale: lang, javaScriptEnabled: false })
  const pa = await a.newPage(); await pa.goto('http://127.0.0.1:4701/s' + q)
  const entry = await pa.locator('img.first-picture').boundingBox()
  const b = await browser.newContext({ viewport: { width, height: 844 }, locale: lang })
  const pb = await b.newPage(); await pb.goto('http://127.0.0.1:4701/s' + q)
  await pb.locator('[class*=goodsGrid] img').first().waitFor()
  await pb.locator('img.first-picture').waitFor({ state: 'detached' })
  const card = await pb.locator('[class*=goodsGrid] img').first().boundingBox()
  console.log(width, lang, JSON.stringify(entry), JSON.stringify(card))
  await a.close(); await b.close()
}
await browser.close()
