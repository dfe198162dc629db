import { describe, expect, it } from 'vitest';
import { translate, type DictOption, type MessageKey } from '@qshop/shared';
import { currentLanguage } from '../../i18n';
import { attrPicksProblem, emptyGoodsForm, goodsBody, goodsFormValues, isLevel3, validateGoods, wireBody, type GoodsFormValues } from './goodsFormModel';
import { buildMatrix, type Attr } from './skuMatrix';

const say = (key: MessageKey) => translate(currentLanguage(), key);

const tree: DictOption[] = [
  { label: '服装', value: 1, children: [{ label: '男装', value: 2, children: [{ label: 'T恤', value: 3 }] }] },
];
const color: Attr = { id: 1, name: '颜色', specs: [{ id: 11, name: '红色' }, { id: 12, name: '黑色' }] };
const size: Attr = { id: 2, name: '尺码', specs: [{ id: 21, name: 'M' }, { id: 22, name: 'L' }] };

function filled(overrides: Partial<GoodsFormValues> = {}): GoodsFormValues {
  return { ...emptyGoodsForm(), goods_name: ' T恤 ', class_id: 3, goods_price: '59.00', goods_stock: '10', ...overrides };
}

describe('goodsBody', () => {
  it('sends the goods price and stock when there are no SKUs, and an empty SKU list', () => {
    const body = goodsBody(filled({ goods_market_price: '', goods_weight: '0.3' }));
    expect(body).toMatchObject({ goods_name: 'T恤', class_id: 3, brand_id: 0, goods_price: '59.00', goods_stock: '10', goods_weight: '0.3', skus: [], freight_id: 0, goods_status: 1 });
    expect(body).not.toHaveProperty('goods_market_price');
    expect(wireBody(body).skus).toBe('[]');
  });

  it('sends the stock a stored goods was loaded with beside its new stock; a new goods has none', () => {
    expect(goodsBody(filled({ loaded_stock: 7 }))).toMatchObject({ goods_stock: '10', loaded_stock: 7 });
    expect(goodsBody(filled({ loaded_stock: 7, goods_stock: '' }))).not.toHaveProperty('loaded_stock');
    expect(goodsBody(filled())).not.toHaveProperty('loaded_stock');
  });

  it('sends the SKU rows (ids and loaded stock kept, empty optional values left out) and not the goods price and stock', () => {
    const rows = buildMatrix([color, size], []).map((row, i) => ({ ...row, goods_price: `${50 + i}.00`, goods_stock: String(i), ...(i === 0 ? { id: 5, loaded_stock: 9 } : {}) }));
    const body = goodsBody(filled({ attrs: [color, size], skus: rows, loaded_stock: 9 }));
    expect(body).not.toHaveProperty('goods_price');
    expect(body).not.toHaveProperty('goods_stock');
    expect(body).not.toHaveProperty('loaded_stock');
    expect(body.skus).toEqual([
      { id: 5, spec_id: [11, 21], goods_price: '50.00', goods_stock: '0', loaded_stock: 9 },
      { spec_id: [11, 22], goods_price: '51.00', goods_stock: '1' },
      { spec_id: [12, 21], goods_price: '52.00', goods_stock: '2' },
      { spec_id: [12, 22], goods_price: '53.00', goods_stock: '3' },
    ]);
    expect(JSON.parse(wireBody(body).skus as string)).toEqual(body.skus);
  });
});

describe('validateGoods', () => {
  it('accepts a complete goods, with or without SKUs', () => {
    expect(validateGoods(goodsBody(filled()), 'create', tree)).toEqual({});
    const rows = buildMatrix([color], []).map((row) => ({ ...row, goods_price: '9.90', goods_stock: '1' }));
    expect(validateGoods(goodsBody(filled({ goods_price: '', attrs: [color], skus: rows })), 'create', tree)).toEqual({});
  });

  it('names the required fields: name, category, and the price without SKUs', () => {
    const errors = validateGoods(goodsBody(filled({ goods_name: '', class_id: '', goods_price: '' })), 'create', tree);
    expect(Object.keys(errors).sort()).toEqual(['class_id', 'goods_name', 'goods_price']);
    expect(errors.goods_name).toBe(say('valid.required'));
  });

  it('refuses a category above level 3', () => {
    expect(validateGoods(goodsBody(filled({ class_id: 2 })), 'create', tree)).toEqual({ class_id: say('valid.classLevel3') });
    expect(validateGoods(goodsBody(filled({ class_id: 2, loaded_stock: 10 })), 'update', tree)).toEqual({ class_id: say('valid.classLevel3') });
  });

  it('puts SKU errors on their row and column', () => {
    const rows = buildMatrix([color], []).map((row, i) => ({ ...row, goods_price: i === 0 ? '1.234' : '5', goods_stock: i === 0 ? '2' : '-1' }));
    const errors = validateGoods(goodsBody(filled({ attrs: [color], skus: rows })), 'create', tree);
    expect(Object.keys(errors).sort()).toEqual(['skus.0.goods_price', 'skus.1.goods_stock']);
    expect(errors['skus.0.goods_price']).toBe(say('valid.money'));
  });

  it('checks money and stock of the goods itself', () => {
    const errors = validateGoods(goodsBody(filled({ goods_price: 'abc', goods_stock: '1.5', goods_market_price: '2', loaded_stock: 10 })), 'update', tree);
    expect(Object.keys(errors).sort()).toEqual(['goods_price', 'goods_stock']);
  });
});

describe('goodsFormValues', () => {
  it('reads a stored goods with its SKUs, ids kept', () => {
    const values = goodsFormValues(
      {
        id: 4, goods_name: 'T恤', class_id: 3, brand_id: 0, goods_images: ['/a.png'], goods_price: '59.00', goods_stock: 3, freight_id: -1, goods_status: 0,
        skus: [{ id: 70, spec_id: [11], sku_name: '红色', goods_price: '59.00', goods_stock: 3 }],
      },
      [color, size],
    );
    expect(values).toMatchObject({ goods_name: 'T恤', class_id: 3, brand_id: '', goods_images: ['/a.png'], goods_stock: '3', loaded_stock: 3, freight_id: -1, goods_status: 0 });
    expect(values.attrs).toEqual([{ ...color, specs: [color.specs[0]] }]);
    expect(values.skus).toEqual([{ id: 70, loaded_stock: 3, spec_id: [11], names: ['红色'], goods_image: '', goods_price: '59.00', goods_market_price: '', goods_stock: '3', goods_weight: '' }]);
    expect(goodsBody(values).skus).toEqual([{ id: 70, spec_id: [11], goods_price: '59.00', goods_stock: '3', loaded_stock: 3 }]);
    expect(validateGoods(goodsBody(values), 'update', tree)).toEqual({});
  });
});

describe('helpers', () => {
  it('isLevel3 finds level-3 nodes only', () => {
    expect(isLevel3(tree, 3)).toBe(true);
    expect(isLevel3(tree, '3')).toBe(true);
    expect(isLevel3(tree, 2)).toBe(false);
    expect(isLevel3(tree, 99)).toBe(false);
  });

  it('attrPicksProblem flags an attribute without specs and too many SKUs', () => {
    expect(attrPicksProblem([color])).toBeNull();
    expect(attrPicksProblem([color, { ...size, specs: [] }])).toBe('pickSpecs');
    const wide = (id: number): Attr => ({ id, name: `a${id}`, specs: Array.from({ length: 8 }, (_, i) => ({ id: id * 100 + i, name: String(i) })) });
    expect(attrPicksProblem([wide(1), wide(2), wide(3)])).toBe('tooManySkus');
  });
});
