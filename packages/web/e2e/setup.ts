// Per-file hooks: a failing test leaves a screenshot of each page it had open; pages close after every test.
import { afterAll, afterEach } from 'vitest'
import { closeBrowser, closePages, openPages, screenshot } from './browser.ts'

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    const slug = ctx.task.name.replace(/[^\w-]+/g, '_').slice(0, 60)
    await Promise.all(openPages().map((page, i) => screenshot(page, `failed-${slug}-${i}`).catch(() => undefined)))
  }
  await closePages()
})

afterAll(closeBrowser)
