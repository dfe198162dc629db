import { describe, expect, test } from 'vitest'
import { cleanRichText } from './richText.ts'

describe('cleanRichText', () => {
  test('keeps formatting, images and safe links; drops script, handlers, frames and javascript: URLs', () => {
    const dirty =
      '<h2 onclick="steal()">Size</h2><p style="color:red">Cotton <strong>100%</strong></p><script>alert(1)</script>' +
      '<img src="/uploads/goods/a.png" onerror="steal()" alt="a"><img src="data:image/png;base64,AAAA">' +
      '<a href="javascript:steal()">x</a><a href="https://example.com/size">chart</a><iframe src="https://evil.test"></iframe>'
    expect(cleanRichText(dirty)).toBe(
      '<h2>Size</h2><p>Cotton <strong>100%</strong></p>' +
        '<img src="/uploads/goods/a.png" alt="a" /><img src="data:image/png;base64,AAAA" />' +
        '<a target="_blank" rel="noopener noreferrer nofollow">x</a>' +
        '<a href="https://example.com/size" target="_blank" rel="noopener noreferrer nofollow">chart</a>',
    )
  })

  test('cleans only the html before the separator, and clean text comes back unchanged', () => {
    const json = '##qshop##{"type":"doc","content":[{"type":"paragraph","attrs":{"x":"<script>"}}]}'
    expect(cleanRichText(`<p>hi<script>x</script></p>${json}`)).toBe(`<p>hi</p>${json}`)
    const clean = cleanRichText('<p>七天无理由 &amp; 包邮</p><a href="/help">help</a>')
    expect(cleanRichText(clean)).toBe(clean)
  })
})
