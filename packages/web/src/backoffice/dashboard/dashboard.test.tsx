// The overview and the sales report as a seller and an admin see them: the server's money strings, the change against
// the period before, the to-dos as links to the pages that handle them, the rankings (and when they are empty), a
// failed load retried, and the period asked for.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminTodo, DashboardOverview, SalesReport } from '@qshop/shared/schemas/dashboard';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import { envelope } from '../../test/http';
import DashboardPage from './DashboardPage';
import { quietChartSizeWarnings } from './testing';
import SalesReportPage from './SalesReportPage';

const NOW = new Date(2026, 10, 24, 10, 0, 0);

const recent = Array.from({ length: 14 }, (_, i) => ({ key: `2026-11-${String(11 + i).padStart(2, '0')}`, orders: i, sales: `${i * 10}.00` }));
const topGoods = [
  { goods_id: 7, goods_name: 'Striped T-shirt', goods_image: '/uploads/t.jpg', sold: 42, sales: '2478.00' },
  { goods_id: 9, goods_name: 'Tea cup', goods_image: '', sold: 5, sales: '45.50' },
];
const overview = (fields: Partial<DashboardOverview<Partial<AdminTodo>>> = {}): DashboardOverview<Partial<AdminTodo>> => ({
  sales: { today: '1250.00', yesterday: '1000.00', this_week: '3000.00', last_week: '4000.00', this_month: '12000.00', last_month: '0.00', all_time: '98765.40' },
  paid_orders: { today: 12, yesterday: 8 },
  todo: { awaiting_shipment: 3, after_sales: 1, awaiting_payment: 0 },
  recent,
  top_goods: topGoods,
  ...fields,
});
const ADMIN_TODO: AdminTodo = { awaiting_shipment: 3, after_sales: 1, awaiting_payment: 0, stores_to_review: 2, goods_to_review: 5, arbitrations: 4 };

const salesReport = (asked: URLSearchParams, fields: Partial<SalesReport> = {}): SalesReport => ({
  from: asked.get('from') ?? '',
  to: asked.get('to') ?? '',
  unit: 'day',
  totals: { orders: 31, sales: '5230.80', refunds: '120.00', buyers: 17 },
  series: [
    { key: '2026-11-23', orders: 4, sales: '300.00' },
    { key: '2026-11-24', orders: 2, sales: '99.90' },
  ],
  top_goods: topGoods,
  ...fields,
});

let requests: SeenRequest[];
const asked = (path: string) => requests.filter((r) => r.url.pathname === path);
const figure = (label: string) => screen.getByRole('group', { name: label });
/** The direction a change badge is drawn in (its colour and arrow). */
const trendOf = (text: HTMLElement) => text.closest('[data-trend]')?.getAttribute('data-trend');

beforeEach(async () => {
  quietChartSizeWarnings();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the overview', () => {
  it('shows the sales against the period before, with the change up or down, and none after a period without sales', async () => {
    requests = stubApi(() => overview());
    renderPage('/Seller/dashboard', DashboardPage, '/Seller/dashboard');

    const today = await screen.findByRole('group', { name: "Today's sales" });
    expect(today).toHaveTextContent('¥1250.00');
    expect(today).toHaveTextContent('Yesterday ¥1000.00');
    expect(trendOf(within(today).getByText('+25.0%'))).toBe('up');

    const week = figure("This week's sales");
    expect(week).toHaveTextContent('¥3000.00');
    expect(week).toHaveTextContent('Last week ¥4000.00');
    expect(trendOf(within(week).getByText('-25.0%'))).toBe('down');

    const month = figure("This month's sales");
    expect(month).toHaveTextContent('¥12000.00');
    expect(month).toHaveTextContent('Last month ¥0.00');
    expect(month).not.toHaveTextContent('%');

    expect(figure('All-time sales')).toHaveTextContent('¥98765.40');
    const paid = figure('Orders paid today');
    expect(paid).toHaveTextContent('12');
    expect(paid).toHaveTextContent('Yesterday 8');
    expect(within(paid).getByText('+50.0%')).toBeInTheDocument();
    expect(asked('/api/Seller/dashboard')).toHaveLength(1);
  });

  it('makes each of a seller\'s to-dos, with its count, a link to the page that handles it', async () => {
    requests = stubApi(() => overview());
    renderPage('/Seller/dashboard', DashboardPage, '/Seller/dashboard');
    const todo = await screen.findByRole('region', { name: 'To do' });
    const links = within(todo).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Awaiting shipment3', '/Seller/orders/wait'],
      ['After-sales to handle1', '/Seller/refunds'],
      ['Awaiting payment0', '/Seller/orders'],
    ]);
    await userEvent.setup().click(links[0]);
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/Seller/orders/wait');
  });

  it('gives an admin the platform\'s to-dos, reviews and arbitrations among them', async () => {
    requests = stubApi(() => overview({ todo: ADMIN_TODO }));
    renderPage('/Admin/dashboard', DashboardPage, '/Admin/dashboard');
    const todo = await screen.findByRole('region', { name: 'To do' });
    expect(within(todo).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Awaiting shipment3', '/Admin/orders'],
      ['After-sales to handle1', '/Admin/refunds'],
      ['Awaiting payment0', '/Admin/orders'],
      ['Stores to review2', '/Admin/stores'],
      ['Goods to review5', '/Admin/goods'],
      ['Arbitrations4', '/Admin/refunds'],
    ]);
    expect(asked('/api/Admin/dashboard')).toHaveLength(1);
    expect(asked('/api/Seller/dashboard')).toHaveLength(0);
  });

  it('ranks the best sellers of the last 30 days, and says when nothing sold', async () => {
    requests = stubApi(() => overview());
    const view = renderPage('/Seller/dashboard', DashboardPage, '/Seller/dashboard');
    const ranking = await screen.findByRole('region', { name: 'Best sellers of the last 30 days' });
    const rows = within(ranking).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1Striped T-shirt42¥2478.00', '2Tea cup5¥45.50']);
    expect(within(rows[0]).getByRole('img', { name: 'Striped T-shirt' })).toHaveAttribute('src', '/uploads/t.jpg');
    expect(screen.getByRole('region', { name: 'Sales of the last 14 days' })).toBeInTheDocument();
    view.unmount();

    requests = stubApi(() => overview({ top_goods: [] }));
    renderPage('/Seller/dashboard', DashboardPage, '/Seller/dashboard');
    const empty = await screen.findByRole('region', { name: 'Best sellers of the last 30 days' });
    expect(within(empty).getByText('No sales yet')).toBeInTheDocument();
    expect(within(empty).queryByRole('table')).toBeNull();
  });

  it('says when the figures could not be loaded, and loads them again on retry', async () => {
    let fail = true;
    requests = stubApi(() => (fail ? envelope(500, null, 'boom', 500) : overview()));
    renderPage('/Seller/dashboard', DashboardPage, '/Seller/dashboard');
    expect(await screen.findByText('Could not load the figures')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: "Today's sales" })).toBeNull();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: "Today's sales" })).toHaveTextContent('¥1250.00');
    expect(screen.queryByText('Could not load the figures')).toBeNull();
    expect(asked('/api/Seller/dashboard')).toHaveLength(2);
  });

  it('speaks Chinese by default and English once switched', async () => {
    await i18n.changeLanguage('zh-cn');
    requests = stubApi(() => overview());
    renderPage('/Seller/dashboard', DashboardPage, '/Seller/dashboard');
    const today = await screen.findByRole('group', { name: '今日销售额' });
    expect(today).toHaveTextContent('昨日 ¥1000.00');
    expect(screen.getByRole('link', { name: /待发货订单/ })).toHaveAttribute('href', '/Seller/orders/wait');
    expect(screen.getByRole('region', { name: '近 30 天热销商品' })).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('group', { name: "Today's sales" })).toHaveTextContent('Yesterday ¥1000.00');
    expect(screen.getByRole('link', { name: /Awaiting shipment/ })).toBeInTheDocument();
    expect(screen.queryByText('今日销售额')).toBeNull();
  });
});

describe('the sales report', () => {
  it('asks for the last 30 days at first and shows the totals of the period the server answered for', async () => {
    requests = stubApi((request) => salesReport(request.url.searchParams));
    renderPage('/Seller/dashboard/order', SalesReportPage, '/Seller/dashboard/order');
    expect(await screen.findByRole('group', { name: 'Paid orders' })).toHaveTextContent('31');
    expect(Object.fromEntries(asked('/api/Seller/dashboard/order')[0].url.searchParams)).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Period: 2026-10-26 ~ 2026-11-24 (per day)')).toBeInTheDocument();
    expect(figure('Sales')).toHaveTextContent('¥5230.80');
    expect(figure('Refunds')).toHaveTextContent('¥120.00');
    expect(figure('Buyers')).toHaveTextContent('17');
    const ranking = screen.getByRole('region', { name: 'Best sellers' });
    expect(within(ranking).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['1Striped T-shirt42¥2478.00', '2Tea cup5¥45.50']);
  });

  it('asks again for a quick choice, and for two days picked on the calendar', async () => {
    const user = userEvent.setup();
    requests = stubApi((request) => salesReport(request.url.searchParams, request.url.searchParams.get('from') === '2026-01-01' ? { unit: 'month' } : {}));
    renderPage('/Admin/dashboard/order', SalesReportPage, '/Admin/dashboard/order');
    await screen.findByRole('group', { name: 'Paid orders' });

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(Object.fromEntries(asked('/api/Admin/dashboard/order').at(-1)!.url.searchParams)).toEqual({ from: '2026-11-18', to: '2026-11-24' }));
    expect(await screen.findByText('Period: 2026-11-18 ~ 2026-11-24 (per day)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Pick dates' }));
    await user.click(await screen.findByRole('button', { name: '3 November 2026' }));
    await user.click(screen.getByRole('button', { name: '10 November 2026' }));
    await waitFor(() => expect(Object.fromEntries(asked('/api/Admin/dashboard/order').at(-1)!.url.searchParams)).toEqual({ from: '2026-11-03', to: '2026-11-10' }));
    expect(await screen.findByText('Period: 2026-11-03 ~ 2026-11-10 (per day)')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { pressed: true })).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'This year' }));
    await waitFor(() => expect(Object.fromEntries(asked('/api/Admin/dashboard/order').at(-1)!.url.searchParams)).toEqual({ from: '2026-01-01', to: '2026-11-24' }));
    expect(await screen.findByText('Period: 2026-01-01 ~ 2026-11-24 (per month)')).toBeInTheDocument();
    expect(asked('/api/Seller/dashboard/order')).toHaveLength(0);
  });

  it('says so when the server cut the period at its start', async () => {
    requests = stubApi((request) => salesReport(request.url.searchParams, { from: '2026-11-01' }));
    renderPage('/Seller/dashboard/order', SalesReportPage, '/Seller/dashboard/order');
    expect(await screen.findByText('Period: 2026-11-01 ~ 2026-11-24 (per day)')).toBeInTheDocument();
    expect(screen.getByText('A report covers at most 366 days: this one starts on 2026-11-01')).toBeInTheDocument();
  });

  it('says when nothing sold in the period', async () => {
    requests = stubApi((request) => salesReport(request.url.searchParams, { totals: { orders: 0, sales: '0.00', refunds: '0.00', buyers: 0 }, top_goods: [] }));
    renderPage('/Seller/dashboard/order', SalesReportPage, '/Seller/dashboard/order');
    expect(await screen.findByRole('group', { name: 'Sales' })).toHaveTextContent('¥0.00');
    expect(within(screen.getByRole('region', { name: 'Best sellers' })).getByText('No sales yet')).toBeInTheDocument();
    expect(screen.queryByText(/A report covers at most/)).toBeNull();
  });

  it('keeps the period while the report fails, and loads it again on retry', async () => {
    let fail = true;
    requests = stubApi((request) => (fail ? envelope(500, null, 'boom', 500) : salesReport(request.url.searchParams)));
    renderPage('/Seller/dashboard/order', SalesReportPage, '/Seller/dashboard/order');
    expect(await screen.findByText('Could not load the figures')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Paid orders' })).toHaveTextContent('31');
    expect(asked('/api/Seller/dashboard/order').map((r) => r.url.searchParams.get('from'))).toEqual(['2026-10-26', '2026-10-26']);
  });
});
