import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate } from '@qshop/shared';
import i18n, { currentLanguage } from '../../i18n';
import { listAnswer, renderInApp, stubApi, type SeenRequest } from '../../resource/testing';
import GoodsFormPage from './GoodsFormPage';

const ok = (data: unknown) => ({ code: 200, msg: '', data });
const label = (name: string) => i18n.t(`fields.${name}`);
const tc = (key: string, options?: Record<string, unknown>) => i18n.t(`boCatalog.${key}`, options);
const body = (request: SeenRequest) => new URLSearchParams(request.body);
const writes = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'POST' || request.method === 'PUT');

const CLASSES = [{ id: 1, name: '服装', children: [{ id: 2, name: '男装', children: [{ id: 3, name: 'T恤', children: [] }] }] }];
const ATTRS = [
  { id: 1, name: '颜色', spec_list: [{ id: 11, name: '红色' }, { id: 12, name: '黑色' }] },
  { id: 2, name: '尺码', spec_list: [{ id: 21, name: 'M' }, { id: 22, name: 'L' }] },
];
const GOODS = {
  id: 5, goods_name: 'T恤', goods_subname: '', goods_no: 'NO-1', brand_id: 0, class_id: 3, class_path: [1, 2, 3],
  goods_master_image: '', goods_images: [], goods_price: '59.00', goods_market_price: '99.00', goods_stock: 30, goods_weight: '0.30',
  goods_status: 1, goods_verify: 0, refuse_info: '图片不清晰', freight_id: 0, goods_content: '', is_recommend: 0,
  skus: [
    { id: 70, spec_id: [11, 21], sku_name: '红色,M', goods_image: '', goods_price: '59.00', goods_market_price: '99.00', goods_stock: 10, goods_weight: '0.30' },
    { id: 71, spec_id: [11, 22], sku_name: '红色,L', goods_image: '', goods_price: '69.00', goods_market_price: '99.00', goods_stock: 20, goods_weight: '0.30' },
  ],
};

function api(goods: () => unknown = () => GOODS, onWrite: (request: SeenRequest) => unknown = () => ok({ id: 5, goods_verify: 1 })) {
  return stubApi((request) => {
    if (request.method !== 'GET') return onWrite(request);
    const path = request.url.pathname;
    if (path === '/api/Seller/goods_brands') return listAnswer([{ id: 4, name: '远山' }]);
    if (path === '/api/Seller/store_classes') return ok(CLASSES);
    if (path === '/api/Seller/goods_attrs') return listAnswer(ATTRS);
    if (path === '/api/Seller/freights') return listAnswer([{ id: 9, name: '默认运费' }]);
    if (path === '/api/Seller/goods/5') return ok(goods());
    return { code: 404, msg: 'not found', data: null };
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label (a required one shows a star before it). */
const fieldLabel = (name: string) => new RegExp(`^\\*?${escape(label(name))}$`);
const cell = (sku: string, column: string) => screen.getByLabelText(`${sku} ${label(column)}`);

describe('the goods form', () => {
  it('edits a goods with SKUs: the matrix shows them, the SKU ids are sent back, the stock is their sum', async () => {
    const requests = api();
    renderInApp(<GoodsFormPage />, '/Seller/goods/form?id=5');
    expect(await screen.findByLabelText(fieldLabel('goods_name'))).toHaveValue('T恤');
    expect(screen.getByRole('heading', { name: i18n.t('resource.named.edit', { name: i18n.t('resourceName.seller.goods') }) })).toBeInTheDocument();
    expect(screen.getByText(tc('refusedBecause', { reason: '图片不清晰' }))).toBeInTheDocument();
    expect(cell('红色 / M', 'goods_price')).toHaveValue('59.00');
    expect(cell('红色 / L', 'goods_stock')).toHaveValue('20');
    expect(screen.getByLabelText(fieldLabel('goods_stock'))).toHaveValue('30');

    fireEvent.change(cell('红色 / L', 'goods_stock'), { target: { value: '25' } });
    expect(screen.getByLabelText(fieldLabel('goods_stock'))).toHaveValue('35');
    fireEvent.click(screen.getByRole('button', { name: tc('saveGoods') }));

    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    const [put] = writes(requests);
    expect([put.method, put.url.pathname]).toEqual(['PUT', '/api/Seller/goods/5']);
    const sent = body(put);
    expect(sent.get('goods_name')).toBe('T恤');
    expect(sent.get('class_id')).toBe('3');
    expect(sent.has('goods_price')).toBe(false);
    expect(JSON.parse(sent.get('skus')!)).toEqual([
      { id: 70, spec_id: [11, 21], goods_price: '59.00', goods_stock: '10', loaded_stock: 10, goods_market_price: '99.00', goods_weight: '0.30' },
      { id: 71, spec_id: [11, 22], goods_price: '69.00', goods_stock: '25', loaded_stock: 20, goods_market_price: '99.00', goods_weight: '0.30' },
    ]);
  });

  it('says so when the stock changed since the form was loaded, and saves once the goods is loaded again', async () => {
    const message = translate(currentLanguage(), 'msg.stockChanged');
    let stored = GOODS;
    let refuse = true;
    const requests = api(
      () => stored,
      () => (refuse ? { code: 409, msg: message, data: { 'skus.1.goods_stock': translate(currentLanguage(), 'valid.stockChanged') } } : ok({ id: 5, goods_verify: 1 })),
    );
    renderInApp(<GoodsFormPage />, '/Seller/goods/form?id=5');
    fireEvent.change(await screen.findByLabelText(fieldLabel('goods_name')), { target: { value: 'T恤 新款' } });
    fireEvent.click(screen.getByRole('button', { name: tc('saveGoods') }));

    const alert = await screen.findByTestId('stock-changed');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.getByText(translate(currentLanguage(), 'valid.stockChanged'))).toBeInTheDocument();

    // meanwhile a shopper bought one of 红色 / L
    stored = { ...GOODS, goods_stock: 29, skus: [GOODS.skus[0], { ...GOODS.skus[1], goods_stock: 19 }] };
    refuse = false;
    fireEvent.click(within(alert).getByRole('button', { name: tc('reloadGoods') }));
    await waitFor(() => expect(cell('红色 / L', 'goods_stock')).toHaveValue('19'));
    expect(screen.queryByTestId('stock-changed')).toBeNull();
    expect(screen.getByLabelText(fieldLabel('goods_name'))).toHaveValue('T恤');

    fireEvent.click(screen.getByRole('button', { name: tc('saveGoods') }));
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    expect(JSON.parse(body(writes(requests)[1]).get('skus')!).map((sku: { goods_stock: string; loaded_stock: number }) => [sku.goods_stock, sku.loaded_stock])).toEqual([
      ['10', 10],
      ['19', 19],
    ]);
  });

  it('re-generates the matrix when specs are ticked, keeping the rows still there, and fills a column in bulk', async () => {
    const requests = api();
    renderInApp(<GoodsFormPage />, '/Seller/goods/form?id=5');
    await screen.findByLabelText(fieldLabel('goods_name'));
    fireEvent.click(within(screen.getByRole('group', { name: '颜色' })).getByLabelText('黑色'));
    expect(screen.getAllByLabelText(new RegExp(`^\\S+ / \\S+ ${label('goods_price')}$`)).map((input) => input.getAttribute('aria-label'))).toEqual(
      ['红色 / M', '红色 / L', '黑色 / M', '黑色 / L'].map((sku) => `${sku} ${label('goods_price')}`),
    );
    // New combinations of the same attributes start from the goods' own values.
    expect(cell('黑色 / M', 'goods_price')).toHaveValue('59.00');
    fireEvent.change(screen.getByLabelText(tc('bulkColumn', { column: label('goods_stock') })), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: tc('fill') }));
    fireEvent.click(screen.getByRole('button', { name: tc('saveGoods') }));

    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    const skus = JSON.parse(body(writes(requests)[0]).get('skus')!) as { id?: number; spec_id: number[]; goods_stock: string }[];
    expect(skus.map((sku) => [sku.id, sku.spec_id, sku.goods_stock])).toEqual([
      [70, [11, 21], '7'],
      [71, [11, 22], '7'],
      [undefined, [12, 21], '7'],
      [undefined, [12, 22], '7'],
    ]);
  });

  it('sends nothing while a field is wrong, and shows the errors on the fields and SKU cells', async () => {
    const requests = api(() => ({ ...GOODS, goods_name: '', class_id: 2 }));
    renderInApp(<GoodsFormPage />, '/Seller/goods/form?id=5');
    await screen.findByLabelText(fieldLabel('goods_name'));
    fireEvent.change(cell('红色 / M', 'goods_price'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: tc('saveGoods') }));

    expect(await screen.findByText(translate(currentLanguage(), 'valid.required'))).toBeInTheDocument();
    expect(screen.getByText(translate(currentLanguage(), 'valid.classLevel3'))).toBeInTheDocument();
    expect(screen.getByText(translate(currentLanguage(), 'valid.money'))).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('creates a goods without SKUs once a level-3 category is chosen, and shows the server field errors', async () => {
    const requests = api(undefined, () => ({ code: 400, msg: 'invalid', data: { class_id: 'not allowed', goods_no: 'taken' } }));
    const { container } = renderInApp(<GoodsFormPage />, '/Seller/goods/form');
    fireEvent.change(await screen.findByLabelText(fieldLabel('goods_name')), { target: { value: '新品' } });
    expect(screen.getByRole('heading', { name: i18n.t('resource.named.add', { name: i18n.t('resourceName.seller.goods') }) })).toBeInTheDocument();
    expect(i18n.t('resource.named.add', { name: i18n.t('resourceName.seller.goods', { lng: 'zh-cn' }), lng: 'zh-cn' })).toBe('添加商品');
    fireEvent.change(screen.getByLabelText(fieldLabel('goods_price')), { target: { value: '12.5' } });
    fireEvent.change(screen.getByLabelText(fieldLabel('goods_stock')), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: tc('saveGoods') }));
    // No category chosen: refused before sending.
    expect(await screen.findByText(translate(currentLanguage(), 'valid.required'))).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);

    const levels = () => container.querySelectorAll<HTMLInputElement>('[data-field="class_id"] input:not([type="hidden"])');
    for (const [depth, name] of ['服装', '男装', 'T恤'].entries()) {
      fireEvent.click(levels()[depth]);
      fireEvent.click(await screen.findByRole('option', { name }));
    }
    fireEvent.click(screen.getByRole('button', { name: tc('saveGoods') }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    const [post] = writes(requests);
    expect([post.method, post.url.pathname]).toEqual(['POST', '/api/Seller/goods']);
    const sent = body(post);
    expect([sent.get('goods_name'), sent.get('class_id'), sent.get('goods_price'), sent.get('goods_stock'), sent.get('skus'), sent.get('freight_id')]).toEqual(['新品', '3', '12.5', '3', '[]', '0']);
    expect(await screen.findByText('not allowed')).toBeInTheDocument();
    expect(screen.getByText('taken')).toBeInTheDocument();
  });
});
