import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { listAnswer, renderInApp, stubApi } from '../../resource/testing';
import SellerGoodsPage from './SellerGoodsPage';

function FormProbe() {
  const { pathname, search } = useLocation();
  return <p>form page {`${pathname}${search}`}</p>;
}

function renderGoods() {
  stubApi(() => listAnswer([{ id: 42, goods_name: '条纹T恤', goods_verify: 2, goods_status: 1, goods_price: '59.00' }]));
  renderInApp(
    <Routes>
      <Route path="/Seller/goods" element={<SellerGoodsPage />} />
      <Route path="/Seller/goods/form" element={<FormProbe />} />
    </Routes>,
    '/Seller/goods',
  );
}

describe('the seller goods list', () => {
  it('offers add and edit (served by the form page, not the engine) and shows the review state', async () => {
    renderGoods();
    const row = (await screen.findByText('条纹T恤')).closest('tr')!;
    expect(within(row).getByText(i18n.t('fields.goods_verify_pending'))).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: i18n.t('resource.edit') }));
    expect(await screen.findByText('form page /Seller/goods/form?id=42')).toBeInTheDocument();
  });

  it('opens the empty form page to add', async () => {
    renderGoods();
    await screen.findByText('条纹T恤');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('resource.toolbar.add') }));
    expect(await screen.findByText('form page /Seller/goods/form')).toBeInTheDocument();
  });
});
