// The admin's store and member reports: their figures over the period asked for, the store ranking (and when it is
// empty), the way on to the store list, the member list below the member figures, and a failed load retried.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreReport, UserReport } from '@qshop/shared/schemas/dashboard';
import { quietChartSizeWarnings } from '../../backoffice/dashboard/testing';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import { envelope } from '../../test/http';
import StoreReportPage from './StoreReportPage';
import UserReportPage from './UserReportPage';

const period = (asked: URLSearchParams) => ({ from: asked.get('from') ?? '', to: asked.get('to') ?? '', unit: 'day' as const });

const storeReport = (asked: URLSearchParams, fields: Partial<StoreReport> = {}): StoreReport => ({
  ...period(asked),
  totals: { open_stores: 58, new_stores: 6, verifying: 3 },
  series: [
    { key: '2026-11-23', new_stores: 2 },
    { key: '2026-11-24', new_stores: 4 },
  ],
  top_stores: [
    { store_id: 4, store_name: 'Tea House', store_logo: '/uploads/tea.png', orders: 120, sales: '8800.00' },
    { store_id: 2, store_name: 'Cup Corner', store_logo: '', orders: 9, sales: '310.50' },
  ],
  ...fields,
});

const userReport = (asked: URLSearchParams): UserReport => ({
  ...period(asked),
  totals: { users: 1024, new_users: 37, buyers: 15 },
  series: [
    { key: '2026-11-23', new_users: 20, buyers: 8 },
    { key: '2026-11-24', new_users: 17, buyers: 9 },
  ],
});

const USERS = [{ id: 5, username: 'ann_shopper', nickname: 'Ann', phone: '13900000000', sex: 2, status: 1, money: '12.00', frozen_money: '0.00', integral: 0, belong_id: 0, inviter_id: 0, created_at: '2026-11-24 09:00:00' }];

let requests: SeenRequest[];
const asked = (path: string) => requests.filter((r) => r.url.pathname === path);
const lastPeriod = (path: string) => Object.fromEntries(asked(path).at(-1)!.url.searchParams);
const figure = (label: string) => screen.getByRole('group', { name: label });

beforeEach(async () => {
  quietChartSizeWarnings();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 24, 10, 0, 0));
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the store report', () => {
  it('shows the stores open and awaiting review, the new ones of the period and the best sellers, and leads to the store list', async () => {
    requests = stubApi((request) => storeReport(request.url.searchParams));
    renderPage('/Admin/dashboard/store', StoreReportPage, '/Admin/dashboard/store');
    expect(await screen.findByRole('group', { name: 'Open stores' })).toHaveTextContent('58');
    expect(figure('New stores')).toHaveTextContent('6');
    expect(figure('Stores awaiting review')).toHaveTextContent('3');
    expect(screen.getByText('Period: 2026-10-26 ~ 2026-11-24 (per day)')).toBeInTheDocument();
    const ranking = screen.getByRole('region', { name: 'Best-selling stores' });
    const rows = within(ranking).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1Tea House120¥8800.00', '2Cup Corner9¥310.50']);
    expect(within(rows[0]).getByRole('img', { name: 'Tea House' })).toHaveAttribute('src', '/uploads/tea.png');

    const toList = screen.getByRole('link', { name: 'Open the store list' });
    expect(toList).toHaveAttribute('href', '/Admin/stores');
    await userEvent.setup().click(toList);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/Admin/stores');
  });

  it('asks for the period picked, and says when no store sold anything', async () => {
    requests = stubApi((request) => storeReport(request.url.searchParams, { top_stores: [] }));
    renderPage('/Admin/dashboard/store', StoreReportPage, '/Admin/dashboard/store');
    const ranking = await screen.findByRole('region', { name: 'Best-selling stores' });
    expect(within(ranking).getByText('No store sold anything in this period')).toBeInTheDocument();
    expect(lastPeriod('/api/Admin/dashboard/store')).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(lastPeriod('/api/Admin/dashboard/store')).toEqual({ from: '2026-08-27', to: '2026-11-24' }));
    expect(await screen.findByText('Period: 2026-08-27 ~ 2026-11-24 (per day)')).toBeInTheDocument();
  });

  it('says when the report could not be loaded, and loads it again on retry', async () => {
    let fail = true;
    requests = stubApi((request) => (fail ? envelope(500, null, 'boom', 500) : storeReport(request.url.searchParams)));
    renderPage('/Admin/dashboard/store', StoreReportPage, '/Admin/dashboard/store');
    expect(await screen.findByText('Could not load the figures')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the store list' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Open stores' })).toHaveTextContent('58');
    expect(asked('/api/Admin/dashboard/store')).toHaveLength(2);
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh-cn');
    requests = stubApi((request) => storeReport(request.url.searchParams, { top_stores: [] }));
    renderPage('/Admin/dashboard/store', StoreReportPage, '/Admin/dashboard/store');
    expect(await screen.findByRole('group', { name: '待审核店铺' })).toHaveTextContent('3');
    expect(screen.getByText('本期暂无店铺销售')).toBeInTheDocument();
    expect(screen.getByText('统计周期：2026-10-26 ~ 2026-11-24（按日）')).toBeInTheDocument();
  });
});

describe('the member report', () => {
  it('shows the members in all, the new and the buying ones of the period, then the member list', async () => {
    requests = stubApi((request) => {
      if (request.url.pathname === '/api/Admin/users') return { data: USERS, count: 1, total: 1, per_page: 30, last_page: 1, current_page: 1 };
      return userReport(request.url.searchParams);
    });
    renderPage('/Admin/dashboard/user', UserReportPage, '/Admin/dashboard/user');
    expect(await screen.findByRole('group', { name: 'Members' })).toHaveTextContent('1024');
    expect(figure('New members')).toHaveTextContent('37');
    expect(figure('Buying members')).toHaveTextContent('15');
    expect(lastPeriod('/api/Admin/dashboard/user')).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(screen.getByText('Member list')).toBeInTheDocument();
    expect(await screen.findByText('ann_shopper')).toBeInTheDocument();
    expect(asked('/api/Admin/users')).not.toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('button', { name: 'This year' }));
    await waitFor(() => expect(lastPeriod('/api/Admin/dashboard/user')).toEqual({ from: '2026-01-01', to: '2026-11-24' }));
  });

  it('says when the figures could not be loaded, keeps the list, and loads them again on retry', async () => {
    let fail = true;
    requests = stubApi((request) => {
      if (request.url.pathname === '/api/Admin/users') return { data: USERS, count: 1, total: 1, per_page: 30, last_page: 1, current_page: 1 };
      return fail ? envelope(500, null, 'boom', 500) : userReport(request.url.searchParams);
    });
    renderPage('/Admin/dashboard/user', UserReportPage, '/Admin/dashboard/user');
    expect(await screen.findByText('Could not load the figures')).toBeInTheDocument();
    expect(await screen.findByText('ann_shopper')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Members' })).toHaveTextContent('1024');
  });
});
