import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import CashesPage from './CashesPage';
import MoneyLogPage from './MoneyLogPage';

const page = (data: unknown[], total = data.length) => ({ data, count: data.length, total, per_page: 30, last_page: Math.max(1, Math.ceil(total / 30)), current_page: 1 });
const cash = (id: number, cash_status: number) => ({
  id, amount: '40.00', money: '36.00', commission: '4.00', cash_status, refuse_info: cash_status === 2 ? 'wrong card' : '', name: 'Li', bank_name: 'ICBC',
  card_no: '6222***********3445', remark: '', created_at: '2026-11-28 10:00:00', updated_at: '2026-11-28 10:00:00',
});

let requests: SeenRequest[];
let check: unknown;
let cashes: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  check = { name: 'Li', id_card: '1101**********002X', bank_name: 'ICBC', card_no: '6222***********3445' };
  cashes = [cash(2, 0), cash(1, 2)];
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/checks') return check;
    if (path === '/api/user/cashes' && request.method === 'GET') return page(cashes);
    if (path === '/api/user/cashes' && request.method === 'POST') return cash(3, 0);
    if (path === '/api/user/cashes/2/cancel') return cash(2, 3);
    if (path === '/api/auth/info') return { money: '12.50', frozen_money: '40.00', integral: 3 };
    if (path === '/api/user/money_logs')
      return request.url.searchParams.get('is_type') === '1'
        ? page([])
        : page([{ id: 9, name: 'Withdrawal', ename: 'withdraw', money: '-40.00', after_money: '12.50', is_type: 0, info: '', order_id: null, created_at: '2026-11-28 10:00:00' },
            { id: 8, name: 'After-sales refund', ename: 'refund', money: '52.50', after_money: '52.50', is_type: 0, info: 'R1', order_id: 77, created_at: '2026-11-27 10:00:00' }]);
    return null;
  });
});

describe('money pages', () => {
  it('shows the balance and its ledger, an order link, and an empty frozen ledger', async () => {
    renderPage('/user/money', MoneyLogPage, '/user/money');
    expect(await screen.findByText('-40.00')).toBeInTheDocument();
    expect(screen.getByText('+52.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'R1' })).toHaveAttribute('href', '/user/order/77');
    expect(await screen.findByTestId('account-figure')).toHaveTextContent('¥12.50');
    expect(requests.find((r) => r.url.pathname === '/api/user/money_logs')?.url.searchParams.get('is_type')).toBe('0');
  });

  it('says when the frozen ledger is empty', async () => {
    renderPage('/user/frozen_money', MoneyLogPage, '/user/frozen_money');
    expect(await screen.findByText('No changes yet')).toBeInTheDocument();
    expect(await screen.findByTestId('account-figure')).toHaveTextContent('¥40.00');
  });

  it('lists withdrawals with their state, asks for one with an Idempotency-Key, and cancels a pending one', async () => {
    const user = userEvent.setup();
    renderPage('/user/cashes', CashesPage, '/user/cashes');
    expect(await screen.findByText('Awaiting review')).toBeInTheDocument();
    expect(screen.getByText('Reason: wrong card')).toBeInTheDocument();
    await user.type(screen.getByTestId('cash-money'), '40');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/user/cashes')).toBe(true));
    const asked = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/user/cashes')!;
    expect(asked.body.get('money')).toBe('40');
    expect(asked.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]+$/);
    await user.click(screen.getByRole('button', { name: 'Cancel withdrawal' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel withdrawal' }));
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/user/cashes/2/cancel')).toBe(true));
  });

  it('sends a shopper without real-name details to fill them in first', async () => {
    check = null;
    renderPage('/user/cashes', CashesPage, '/user/cashes');
    expect(await screen.findByRole('link', { name: 'Fill in' })).toHaveAttribute('href', '/user/safe/check');
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });
});
