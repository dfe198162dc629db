import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate } from '@qshop/shared';
import i18n, { currentLanguage } from '../../i18n';
import { listAnswer, renderInApp, stubApi, type SeenRequest } from '../../resource/testing';
import { GoodsReview } from './GoodsReview';
import { StoreReview } from './StoreReview';

const ok = (data: unknown) => ({ code: 200, msg: '', data });
const label = (name: string) => i18n.t(`fields.${name}`);
const tc = (key: string, options?: Record<string, unknown>) => i18n.t(`boCatalog.${key}`, options);
const puts = (requests: SeenRequest[]) => requests.filter((request) => request.method === 'PUT');
const sent = (request: SeenRequest) => [request.url.pathname, Object.fromEntries(new URLSearchParams(request.body))];
const CLASSES = [{ id: 1, name: '服装', children: [{ id: 2, name: '男装', children: [{ id: 3, name: 'T恤', children: [] }] }] }];

const GOODS = {
  id: 7, goods_name: '条纹T恤', goods_subname: '纯棉', goods_no: 'NO-7', brand_id: 4, class_path: [1, 2, 3], goods_master_image: '/m.png',
  goods_images: ['/a.png', '/b.png'], goods_price: '59.00', goods_market_price: '99.00', goods_stock: 30, goods_weight: '0.30', goods_sale: 0,
  goods_status: 1, goods_verify: 2, refuse_info: '', freight_id: -1, goods_content: '<p>详情</p>', created_at: '2025-01-01 10:00:00',
  store: { id: 1, store_name: 'QShop 旗舰店' },
  skus: [
    { id: 70, sku_name: '红色,M', goods_image: '', goods_price: '59.00', goods_market_price: '99.00', goods_stock: 10, goods_weight: '0.30' },
    { id: 71, sku_name: '红色,L', goods_image: '', goods_price: '69.00', goods_market_price: '99.00', goods_stock: 20, goods_weight: '0.30' },
  ],
};

function goodsApi(goods = GOODS) {
  return stubApi((request) => {
    if (request.method === 'PUT') return ok({ id: 7 });
    const path = request.url.pathname;
    if (path === '/api/Admin/goods/7') return ok(goods);
    if (path === '/api/load_goods_classes') return ok(CLASSES);
    if (path === '/api/Admin/goods_brands') return listAnswer([{ id: 4, name: '远山' }]);
    return { code: 404, msg: 'not found', data: null };
  });
}

describe('the goods review', () => {
  it('shows the goods with its category, brand, SKUs and state', async () => {
    goodsApi();
    renderInApp(<GoodsReview id={7} />);
    expect(await screen.findByRole('heading', { name: '条纹T恤' })).toBeInTheDocument();
    expect(screen.getByText(label('goods_verify_pending'))).toBeInTheDocument();
    expect(screen.getByText('服装/男装/T恤')).toBeInTheDocument();
    expect(screen.getByText('远山')).toBeInTheDocument();
    expect(screen.getByText(label('freight_free'))).toBeInTheDocument();
    expect(screen.getByText(tc('ofStore', { store: 'QShop 旗舰店' }))).toBeInTheDocument();
    const skus = screen.getByRole('table', { name: label('skus') });
    expect(skus).toHaveTextContent('红色,L');
    expect(skus).toHaveTextContent('69.00');
  });

  it('approves with goods_verify 1', async () => {
    const requests = goodsApi();
    renderInApp(<GoodsReview id={7} />);
    fireEvent.click(await screen.findByRole('button', { name: tc('approve') }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(sent(puts(requests)[0])).toEqual(['/api/Admin/goods/7/verify', { goods_verify: '1' }]);
  });

  it('rejects only with a reason', async () => {
    const requests = goodsApi();
    renderInApp(<GoodsReview id={7} />);
    fireEvent.click(await screen.findByRole('button', { name: tc('reject') }));
    fireEvent.click(screen.getByRole('button', { name: tc('confirmReject') }));
    expect(await screen.findByText(translate(currentLanguage(), 'valid.required'))).toBeInTheDocument();
    expect(puts(requests)).toEqual([]);
    fireEvent.change(screen.getByLabelText(tc('rejectReason')), { target: { value: '图片不清晰' } });
    fireEvent.click(screen.getByRole('button', { name: tc('confirmReject') }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(sent(puts(requests)[0])).toEqual(['/api/Admin/goods/7/verify', { goods_verify: '0', refuse_info: '图片不清晰' }]);
  });
});

const STORE = {
  id: 3, user_id: 9, store_name: '新店', store_company_name: '新店公司', store_status: 0, store_verify: 2, store_refuse_info: '',
  business_license: '/licence.png', business_license_no: 'L-1', legal_person: '张三', id_card_t: '/front.png', id_card_b: '/back.png',
  class_id: [[1, 2, 3]],
};

function storeApi(store = STORE) {
  return stubApi((request) => {
    if (request.method === 'PUT') return ok({ id: 3 });
    if (request.url.pathname === '/api/Admin/stores/3') return ok(store);
    if (request.url.pathname === '/api/load_goods_classes') return ok(CLASSES);
    return { code: 404, msg: 'not found', data: null };
  });
}

describe('the store review', () => {
  it('shows the licence and ID images and the categories applied for', async () => {
    storeApi();
    renderInApp(<StoreReview id={3} />);
    expect(await screen.findByRole('img', { name: label('business_license') })).toHaveAttribute('src', '/licence.png');
    expect(screen.getByRole('img', { name: label('id_card_t') })).toHaveAttribute('src', '/front.png');
    expect(screen.getByRole('img', { name: label('id_card_b') })).toHaveAttribute('src', '/back.png');
    expect(screen.getByText('服装/男装/T恤')).toBeInTheDocument();
    expect(screen.getByText(label('store_verify_verifying'))).toBeInTheDocument();
  });

  it('passes, denies with a reason, and opens the store', async () => {
    const requests = storeApi();
    renderInApp(<StoreReview id={3} />);
    fireEvent.click(await screen.findByRole('button', { name: tc('deny') }));
    fireEvent.click(screen.getByRole('button', { name: tc('confirmDeny') }));
    expect(await screen.findByText(translate(currentLanguage(), 'valid.required'))).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(tc('denyReason')), { target: { value: '执照模糊' } });
    fireEvent.click(screen.getByRole('button', { name: tc('confirmDeny') }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(sent(puts(requests)[0])).toEqual(['/api/Admin/stores/3/verify', { store_verify: '3', store_refuse_info: '执照模糊' }]);

    fireEvent.click(await screen.findByRole('button', { name: tc('approve') }));
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(sent(puts(requests)[1])).toEqual(['/api/Admin/stores/3/verify', { store_verify: '4' }]);

    fireEvent.click(await screen.findByRole('switch', { name: tc('storeOpen') }));
    await waitFor(() => expect(puts(requests)).toHaveLength(3));
    expect(sent(puts(requests)[2])).toEqual(['/api/Admin/stores/3/status', { store_status: '1' }]);
  });
});
