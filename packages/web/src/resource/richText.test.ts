import { describe, expect, it } from 'vitest';
import { RICH_TEXT_SEPARATOR } from '@qshop/shared/constants';
import { joinRichText, richTextHtml, splitRichText } from './richText';

const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] };

describe('rich-text values', () => {
  it('are the html, the separator, then the JSON node tree', () => {
    expect(joinRichText('<p>Hi</p>', doc)).toBe(`<p>Hi</p>${RICH_TEXT_SEPARATOR}${JSON.stringify(doc)}`);
  });

  it('split back into html and tree', () => {
    expect(splitRichText(joinRichText('<p>Hi</p>', doc))).toEqual({ html: '<p>Hi</p>', json: doc });
  });

  it('read plain html (no separator) as html without a tree', () => {
    expect(splitRichText('<p>old</p>')).toEqual({ html: '<p>old</p>', json: null });
    expect(splitRichText(null)).toEqual({ html: '', json: null });
  });

  it('read a tree the editor cannot load (the seed\'s [], another editor\'s node list) as html without a tree', () => {
    for (const tree of ['[]', 'null', '[{"type":"paragraph","children":[{"text":"Hi"}]}]', '{"content":[]}', '"text"'])
      expect(splitRichText(`<p>Hi</p>${RICH_TEXT_SEPARATOR}${tree}`), tree).toEqual({ html: '<p>Hi</p>', json: null });
  });

  it('show only the html part in views', () => {
    expect(richTextHtml(joinRichText('<p>Hi</p>', doc))).toBe('<p>Hi</p>');
  });
});
