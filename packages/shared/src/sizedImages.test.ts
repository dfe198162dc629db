import { describe, expect, it } from 'vitest'
import { hasSizedCopies, isSizedCopy, sizedCopyUrl, sizedSrcSet, takesSizedCopies } from './sizedImages.ts'

const uuid = '0b6f3c1e-8a3d-4c55-9f0e-2d7b1a9c4e21'

describe('sized image copies', () => {
  it('names the copy beside the original, replacing its extension', () => {
    expect(sizedCopyUrl(`goods/20261124/${uuid}.png`, 400)).toBe(`goods/20261124/${uuid}.w400.webp`)
    expect(sizedCopyUrl('/uploads/demo/logo.JPEG', 200)).toBe('/uploads/demo/logo.w200.webp')
    expect(sizedCopyUrl('/uploads/demo/a.webp', 800)).toBe('/uploads/demo/a.w800.webp')
    expect(sizedCopyUrl('https://cdn.example.com/a/20261124/x.jpg?v=2#top', 1200)).toBe('https://cdn.example.com/a/20261124/x.w1200.webp?v=2#top')
  })

  it('tells originals from copies and from files that get none', () => {
    expect(takesSizedCopies('avatar/20261124/a.gif')).toBe(true)
    expect(takesSizedCopies('avatar/20261124/a.w400.webp')).toBe(false)
    expect(isSizedCopy('avatar/20261124/a.w400.webp')).toBe(true)
    expect(isSizedCopy('avatar/20261124/a.webp')).toBe(false)
    expect(takesSizedCopies('docs/20261124/terms.pdf')).toBe(false)
    expect(takesSizedCopies('/uploads/x.svg')).toBe(false)
  })

  it('lists the copies of stored images in a srcset, widest last', () => {
    expect(sizedSrcSet('/uploads/demo/goods-1.png')).toBe(
      '/uploads/demo/goods-1.w200.webp 200w, /uploads/demo/goods-1.w400.webp 400w, /uploads/demo/goods-1.w800.webp 800w, /uploads/demo/goods-1.w1200.webp 1200w',
    )
    const bucket = `https://shop.oss-cn-hangzhou.aliyuncs.com/goods/20261124/${uuid}.jpg`
    expect(sizedSrcSet(bucket)?.split(', ')[0]).toBe(`https://shop.oss-cn-hangzhou.aliyuncs.com/goods/20261124/${uuid}.w200.webp 200w`)
  })

  it('gives no srcset to images the platform did not store, to private files, copies and empty values', () => {
    for (const url of [
      'https://elsewhere.example/picture.jpg',
      'https://elsewhere.example/uploads/picture.jpg',
      '/api/private_files/12?expires=1&signature=ab',
      `/uploads/goods/20261124/${uuid}.w400.webp`,
      '/uploads/docs/20261124/terms.pdf',
      '/uploads/../etc/x.png',
      'data:image/png;base64,AAAA',
      '',
      null,
      undefined,
    ]) {
      expect(sizedSrcSet(url), String(url)).toBeUndefined()
      expect(hasSizedCopies(url), String(url)).toBe(false)
    }
  })
})
