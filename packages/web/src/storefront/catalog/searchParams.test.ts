import { describe, expect, it } from 'vitest';
import { encodeParams } from '../../utils/base64Params';
import { decodeSearchParams, emptySearch, refine, searchPath, searchQuery } from './searchParams';

const segment = (path: string) => path.replace(/^\/s\/?/, '');

describe('search state ↔ address', () => {
  it('reads what the header search box and the category links write', () => {
    expect(decodeSearchParams(encodeParams({ keywords: '蓝牙 耳机' }))).toEqual({ keywords: '蓝牙 耳机', sort: 'sales', page: 1 });
    // the category links' `deep` is not part of the state
    expect(decodeSearchParams(encodeParams({ class_id: 3, deep: 1 }))).toEqual({ class_id: 3, sort: 'sales', page: 1 });
  });

  it('round-trips every field, UTF-8 included', () => {
    const state = { keywords: '夏季 T恤', class_id: 8, brand_id: 2, store_id: 5, price_min: '10.00', price_max: '99.50', sort: 'price_desc' as const, page: 3 };
    expect(decodeSearchParams(segment(searchPath(state)))).toEqual(state);
  });

  it('accepts the segment percent-encoded or already decoded', () => {
    const encoded = segment(searchPath({ ...emptySearch(), keywords: '手机???>>>' }));
    expect(decodeSearchParams(encoded).keywords).toBe('手机???>>>');
    expect(decodeSearchParams(decodeURIComponent(encoded)).keywords).toBe('手机???>>>');
  });

  it('keeps one address per state: defaults left out, fixed field order', () => {
    expect(searchPath(emptySearch())).toBe('/s');
    expect(searchPath({ sort: 'sales', page: 1, brand_id: 2, keywords: 'a' })).toBe(searchPath({ keywords: 'a', brand_id: 2, page: 1, sort: 'sales' }));
  });

  it('drops unreadable or out-of-range values instead of failing', () => {
    expect(decodeSearchParams('%%%not-base64')).toEqual(emptySearch());
    expect(decodeSearchParams(encodeParams({ class_id: -1, brand_id: 'x', price_min: '1.234', sort: 'random', page: 0 }))).toEqual(emptySearch());
    expect(decodeSearchParams(btoa('[1,2]'))).toEqual(emptySearch());
    expect(decodeSearchParams(encodeParams({ page: 99999 })).page).toBe(1000);
    expect(decodeSearchParams(encodeParams({ keywords: 'x'.repeat(80) })).keywords).toHaveLength(50);
  });

  it('starts again at page 1 when a filter changes, and removes cleared filters', () => {
    const state = { ...emptySearch(), keywords: 'tea', brand_id: 4, page: 5 };
    expect(refine(state, { sort: 'new' })).toEqual({ keywords: 'tea', brand_id: 4, sort: 'new', page: 1 });
    expect(refine(state, { brand_id: undefined })).toEqual({ keywords: 'tea', sort: 'sales', page: 1 });
  });

  it('maps the state onto the query of GET /api/goods', () => {
    expect(searchQuery({ ...emptySearch(), class_id: 3, price_max: '50.00', page: 2 })).toEqual({ class_id: 3, price_max: '50.00', page: 2, sort: 'sales', per_page: 20 });
  });
});
