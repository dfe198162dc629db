import { describe, expect, it } from 'vitest';
import { safeHtml } from './safeHtml';

describe('seller rich text', () => {
  it('keeps formatting, images and links', () => {
    const html = '<h2>Title</h2><p><strong>Bold</strong> <a href="https://example.com/x">link</a></p><img src="/uploads/a.png" alt="a">';
    const out = safeHtml(html);
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<strong>Bold</strong>');
    expect(out).toContain('<img src="/uploads/a.png" alt="a">');
    expect(out).toContain('href="https://example.com/x"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });

  it('removes script, handlers, frames and script URLs', () => {
    const out = safeHtml(
      '<p onclick="steal()">x</p><script>steal()</script><iframe src="https://evil"></iframe><img src=x onerror="steal()"><a href="javascript:steal()">y</a><a href=" JaVaScRiPt:steal()">z</a><style>*{}</style><svg><script>1</script></svg>',
    );
    expect(out).not.toMatch(/steal|iframe|script|style|svg|onerror|onclick/i);
    expect(out).toContain('<p>x</p>');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(safeHtml('<custom-el><b>kept</b></custom-el><form><input value="v"></form>')).toBe('<b>kept</b>');
  });

  it('answers empty text for nothing', () => {
    expect(safeHtml(null)).toBe('');
    expect(safeHtml('')).toBe('');
  });
});
