import { describe, expect, it } from 'vitest';
import { buildMatrix, combinationCount, combinations, fillColumns, matrixOfSkus, skuKey, skuSummary, type Attr, type SkuRow } from './skuMatrix';

const color: Attr = { id: 1, name: '颜色', specs: [{ id: 11, name: '红色' }, { id: 12, name: '黑色' }] };
const size: Attr = { id: 2, name: '尺码', specs: [{ id: 21, name: 'M' }, { id: 22, name: 'L' }] };
const material: Attr = { id: 3, name: '材质', specs: [{ id: 31, name: '棉' }] };

const names = (rows: SkuRow[]) => rows.map((row) => row.names.join('/'));

describe('combinations', () => {
  it('gives one spec of each attribute, every combination once, attributes ordered by id', () => {
    const combos = combinations([size, color]);
    expect(combos.map((combo) => combo.map((spec) => spec.name).join('/'))).toEqual(['红色/M', '红色/L', '黑色/M', '黑色/L']);
    expect(combinationCount([size, color])).toBe(4);
  });

  it('skips attributes without a spec picked, and gives none without attributes', () => {
    expect(combinations([color, { ...size, specs: [] }]).length).toBe(2);
    expect(combinations([])).toEqual([]);
    expect(combinationCount([])).toBe(0);
  });
});

describe('buildMatrix', () => {
  it('makes a row per combination with the defaults', () => {
    const rows = buildMatrix([color, size], [], { goods_price: '10.00' });
    expect(names(rows)).toEqual(['红色/M', '红色/L', '黑色/M', '黑色/L']);
    expect(rows.map((row) => row.spec_id)).toEqual([[11, 21], [11, 22], [12, 21], [12, 22]]);
    expect(rows.every((row) => row.goods_price === '10.00' && row.goods_stock === '' && row.id === undefined)).toBe(true);
  });

  it('keeps the id and values of a combination still there, whatever the order of its spec ids', () => {
    const previous: SkuRow[] = [
      { id: 7, spec_id: [21, 11], names: ['M', '红色'], goods_image: '/a.png', goods_price: '59.00', goods_market_price: '99.00', goods_stock: '5', goods_weight: '0.30' },
    ];
    const rows = buildMatrix([color, size], previous);
    expect(rows[0]).toEqual({ ...previous[0], spec_id: [11, 21], names: ['红色', 'M'] });
    expect(rows.slice(1).every((row) => row.id === undefined && row.goods_price === '')).toBe(true);
  });

  it('carries values into the rows an added attribute splits a row into (new SKUs, no id)', () => {
    const before = buildMatrix([color], []).map((row, i) => ({ ...row, id: 100 + i, goods_price: `${i + 1}.00`, goods_stock: '3' }));
    const after = buildMatrix([color, size], before);
    expect(names(after)).toEqual(['红色/M', '红色/L', '黑色/M', '黑色/L']);
    expect(after.map((row) => row.goods_price)).toEqual(['1.00', '1.00', '2.00', '2.00']);
    expect(after.every((row) => row.id === undefined && row.goods_stock === '3')).toBe(true);
  });

  it('carries values into the rows left when an attribute is removed', () => {
    const before = buildMatrix([color, size], []).map((row, i) => ({ ...row, goods_price: `${i + 1}.00` }));
    const after = buildMatrix([color], before);
    expect(after.map((row) => row.goods_price)).toEqual(['1.00', '3.00']);
  });

  it('drops rows of specs no longer picked and adds rows of new ones', () => {
    const before = buildMatrix([color, size], []).map((row, i) => ({ ...row, id: i + 1 }));
    const after = buildMatrix([{ ...color, specs: [color.specs[0]] }, { ...size, specs: [...size.specs, { id: 23, name: 'XL' }] }, material], before);
    expect(names(after)).toEqual(['红色/M/棉', '红色/L/棉', '红色/XL/棉']);
    // A third attribute changes every combination: all SKUs are new.
    expect(after.every((row) => row.id === undefined)).toBe(true);
    const same = buildMatrix([{ ...color, specs: [color.specs[0]] }, size], before);
    expect(same.map((row) => row.id)).toEqual([1, 2]);
  });
});

describe('fillColumns', () => {
  it('writes each non-empty value into its column of every row', () => {
    const rows = buildMatrix([color], []).map((row) => ({ ...row, goods_market_price: '9.00' }));
    const filled = fillColumns(rows, { goods_price: ' 12.50 ', goods_stock: '8', goods_market_price: '  ', goods_weight: '' });
    expect(filled.map((row) => [row.goods_price, row.goods_stock, row.goods_market_price, row.goods_weight])).toEqual([
      [' 12.50 ', '8', '9.00', ''],
      [' 12.50 ', '8', '9.00', ''],
    ]);
  });
});

describe('matrixOfSkus', () => {
  it('picks the attributes and specs the stored SKUs use, and keeps their ids in the matrix order', () => {
    const store: Attr[] = [size, color, material];
    const skus = [
      { id: 9, spec_id: [12, 22], sku_name: '黑色,L', goods_price: '69.00', goods_stock: 4, goods_market_price: '99.00', goods_weight: '0.30', goods_image: '' },
      { id: 8, spec_id: [11, 21], sku_name: '红色,M', goods_price: '59.00', goods_stock: 1, goods_market_price: '99.00', goods_weight: '0.30', goods_image: '/x.png' },
    ];
    const { attrs, rows } = matrixOfSkus(store, skus);
    expect(attrs.map((attr) => [attr.name, attr.specs.map((spec) => spec.name)])).toEqual([
      ['颜色', ['红色', '黑色']],
      ['尺码', ['M', 'L']],
    ]);
    expect(rows.map((row) => [row.id, row.names.join('/'), row.goods_stock, row.loaded_stock])).toEqual([
      [8, '红色/M', '1', 1],
      [9, '黑色/L', '4', 4],
    ]);
    // The combinations left out stay out until the picks change; then they are added, the stored rows kept (with the
    // stock they were loaded with), the new ones without any.
    const regenerated = buildMatrix(attrs, rows);
    expect(regenerated.map((row) => [row.id, row.loaded_stock])).toEqual([[8, 1], [undefined, undefined], [undefined, undefined], [9, 4]]);
  });

  it('gives no attributes and no rows for a goods without SKUs', () => {
    expect(matrixOfSkus([color], [])).toEqual({ attrs: [], rows: [] });
  });
});

describe('skuSummary', () => {
  it('sums the stock and finds the lowest price, skipping what cannot be read', () => {
    const rows = buildMatrix([color, size], []).map((row, i) => ({ ...row, goods_stock: ['10', '5', 'x', ''][i], goods_price: ['59.00', '49.9', 'abc', ''][i] }));
    expect(skuSummary(rows)).toEqual({ stock: 15, price: '49.90' });
    expect(skuSummary([])).toEqual({ stock: 0, price: null });
  });
});

it('skuKey ignores the order of spec ids', () => {
  expect(skuKey([3, 1, 2])).toBe(skuKey([2, 3, 1]));
});
