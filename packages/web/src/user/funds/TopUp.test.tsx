import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import MoneyLogPage from './MoneyLogPage';

const page = (data: unknown[]) => ({ data, count: data.length, total: data.length, per_page: 30, last_page: 1, current_page: 1 });
const rechargeRow = { id: 5, name: 'Top-up', ename: 'recharge', money: '25.50', after_money: '38.00', is_type: 0, info: 'P9', order_id: null, created_at: '2026-11-28 11:00:00' };

let requests: SeenRequest[];
let gateways: string[];
let paid: boolean;
let expired: boolean;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  gateways = ['wechat', 'alipay'];
  paid = false;
  expired = false;
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/recharge/gateways') return { gateways };
    if (path === '/api/user/recharge') return { pay_no: 'P9', total: '25.50', qr_code: 'https://qr.alipay.com/abc' };
    if (path === '/api/user/recharge/P9')
      return { pay_no: 'P9', total: '25.50', payment_name: 'alipay', pay_status: paid ? 1 : expired ? 2 : 0, paid, expires_at: new Date(Date.now() + 60_000).toISOString() };
    if (path === '/api/auth/info') return { money: paid ? '38.00' : '12.50', frozen_money: '0.00', integral: 0 };
    if (path === '/api/user/money_logs') return page(paid ? [rechargeRow] : []);
    return null;
  });
});

const sent = (path: string) => requests.filter((r) => r.method === 'POST' && r.url.pathname === path);

async function openDialog() {
  const user = userEvent.setup();
  renderPage('/user/money', MoneyLogPage, '/user/money');
  const button = await screen.findByRole('button', { name: 'Top up' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('topping up the balance', () => {
  it('refuses a missing, malformed, zero or too large amount with a message each, and sends nothing', async () => {
    const { user, dialog } = await openDialog();
    const amount = within(dialog).getByTestId('topup-money');
    const submit = within(dialog).getByRole('button', { name: 'Continue' });
    await user.click(submit);
    expect(await within(dialog).findByText('Enter the amount to top up')).toBeInTheDocument();
    for (const [typed, message] of [
      ['12.345', 'Enter an amount in yuan with at most two decimals'],
      ['-5', 'Enter an amount in yuan with at most two decimals'],
      ['abc', 'Enter an amount in yuan with at most two decimals'],
      ['0.00', 'The amount must be more than zero'],
      ['50000.01', 'At most ¥50000 per top-up'],
    ]) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(submit);
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(sent('/api/user/recharge')).toEqual([]);
  }, 40000);

  it('opens the top-up with an Idempotency-Key, shows the QR code, and once paid says so and reads the balance and the log again', async () => {
    const { user, dialog } = await openDialog();
    expect(await screen.findByTestId('account-figure')).toHaveTextContent('¥12.50');
    await user.type(within(dialog).getByTestId('topup-money'), '25.5');
    await user.click(within(dialog).getByRole('radio', { name: 'Alipay' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('img', { name: 'QR code to pay ￥25.50' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    const [opened] = sent('/api/user/recharge');
    expect(Object.fromEntries(opened.body)).toEqual({ money: '25.5', payment_name: 'alipay', device: 'web' });
    expect(opened.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]+$/);
    const logsBefore = requests.filter((r) => r.url.pathname === '/api/user/money_logs').length;

    paid = true;
    expect(await within(dialog).findByTestId('topup-paid', undefined, { timeout: 6000 })).toHaveTextContent('Topped up ¥25.50');
    await waitFor(() => expect(screen.getByTestId('account-figure')).toHaveTextContent('¥38.00'));
    expect(requests.filter((r) => r.url.pathname === '/api/user/money_logs').length).toBeGreaterThan(logsBefore);
    expect(await screen.findByText('+25.50')).toBeInTheDocument();
  }, 15000);

  it('says when the top-up expired unpaid, and starts again under a new key', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByTestId('topup-money'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByTestId('pay-qr');
    expired = true;
    expect(await within(dialog).findByTestId('topup-expired', undefined, { timeout: 6000 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start again' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByTestId('pay-qr');
    const keys = sent('/api/user/recharge').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  }, 15000);

  it('explains that top-up is unavailable when no gateway is enabled', async () => {
    gateways = [];
    renderPage('/user/money', MoneyLogPage, '/user/money');
    expect(await screen.findByTestId('topup-unavailable')).toHaveTextContent('Top-up is unavailable: no online payment is enabled');
    expect(screen.getByRole('button', { name: 'Top up' })).toBeDisabled();
  });
});
