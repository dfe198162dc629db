// The back-office after-sales pages: each path lists its area's requests of its type with the state the shopper also
// reads; the drawer shows the request; the seller agrees after a confirmation, refuses only with a reason, confirms
// returned goods; the admin arbitrates, and closes an open request only with a reason; a server refusal is shown in
// the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { listAnswer, renderInApp, stubApi, type SeenRequest } from '../../resource/testing';
import RefundsPage from './RefundsPage';
import { refundActions, typeOfPath, listEndpoint } from './refundsModel';

const ok = (data: unknown, msg = '') => ({ code: 200, msg, data });
const tb = (key: string, options?: Record<string, unknown>) => i18n.t(`aftersales.backoffice.${key}`, options);
const ta = (key: string) => i18n.t(`aftersales.${key}`);

const ROWS = [
  { id: 7, refund_no: 'R7', refund_type: 0, refund_verify: 0, refund_step: 0, refund_money: '12.50', agree_deadline: '2026-11-26 10:00:00', created_at: '2026-11-25 10:00:00' },
  { id: 8, refund_no: 'R8', refund_type: 0, refund_verify: 1, refund_step: 3, refund_money: '3.00', agree_deadline: null, created_at: '2026-11-25 09:00:00' },
];
const detail = (fields: Record<string, unknown> = {}) => ({
  id: 7, refund_no: 'R7', order_id: 3, order_no: 'O3', store_id: 1, store_name: 'Tea Shop', user_id: 5, refund_type: 0, refund_verify: 0, refund_step: 0,
  refund_money: '12.50', refund_remark: 'Leaves were broken', images: ['/uploads/a.jpg'], refuse_remark: null, arbitration_remark: null, admin_remark: null,
  delivery_code: '', delivery_no: '', agree_deadline: '2026-11-26 10:00:00', refunded_at: null, created_at: '2026-11-25 10:00:00', updated_at: '2026-11-25 10:00:00',
  lines: [{ order_goods_id: 31, goods_id: 2, goods_name: 'Green tea', goods_image: '', sku_name: '250g', num: 1, money: '12.50' }],
  ...fields,
});

let requests: SeenRequest[];
let refund: Record<string, unknown>;
let refuseWith: { code: number; msg: string; data: unknown } | null;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  refund = detail();
  refuseWith = null;
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (request.method === 'PUT') {
      if (refuseWith) return refuseWith;
      if (path.endsWith('/agree')) refund = detail({ refund_verify: 1, refund_step: 3, refunded_at: '2026-11-25 11:00:00' });
      if (path.endsWith('/refuse')) refund = detail({ refund_verify: 2, refuse_remark: 'Not broken' });
      if (path.endsWith('/confirm')) refund = detail({ refund_step: 3, refunded_at: '2026-11-25 11:00:00' });
      if (path.endsWith('/arbitrate')) refund = detail({ refund_verify: 4 });
      if (path.endsWith('/close')) refund = detail({ refund_verify: 4, admin_remark: request.body && new URLSearchParams(request.body).get('admin_remark'), closed_at: '2026-11-25 12:00:00' });
      return ok({ id: 7, outcome: 'done' });
    }
    if (/\/refunds\/7$/.test(path)) return ok(refund);
    if (path.endsWith('/refunds')) return listAnswer(ROWS);
    return { code: 404, msg: 'not found', data: null };
  });
});

const lists = () => requests.filter((r) => r.method === 'GET' && r.url.pathname.endsWith('/refunds'));
const puts = () => requests.filter((r) => r.method === 'PUT').map((r) => [r.url.pathname, Object.fromEntries(new URLSearchParams(r.body))]);

async function openDetail(path: string) {
  const user = userEvent.setup();
  renderInApp(<RefundsPage />, path);
  await user.click(await screen.findByRole('button', { name: tb('detailOf', { no: 'R7' }) }));
  return { user, view: await screen.findByTestId('refund-detail') };
}

describe('the after-sales model', () => {
  it('reads the type from the path and offers each area its decisions', () => {
    expect([typeOfPath('/Seller/refunds'), typeOfPath('/Seller/refunds/return'), typeOfPath('/Admin/refunds/return')]).toEqual([0, 1, 1]);
    expect(listEndpoint('Admin', 1)).toBe('/Admin/refunds?refund_type=1');
    expect(refundActions('Seller', { refund_type: 0, refund_verify: 0, refund_step: 0 })).toEqual(['agree', 'refuse']);
    expect(refundActions('Seller', { refund_type: 1, refund_verify: 1, refund_step: 0 })).toEqual([]);
    expect(refundActions('Seller', { refund_type: 1, refund_verify: 1, refund_step: 1 })).toEqual(['confirm']);
    expect(refundActions('Seller', { refund_type: 0, refund_verify: 3, refund_step: 0 })).toEqual([]);
    // The admin closes whatever is open and has not started its money back.
    expect(refundActions('Admin', { refund_type: 0, refund_verify: 0, refund_step: 0 })).toEqual(['close']);
    expect(refundActions('Admin', { refund_type: 0, refund_verify: 3, refund_step: 0 })).toEqual(['arbitrate', 'close']);
    expect(refundActions('Admin', { refund_type: 1, refund_verify: 1, refund_step: 0 })).toEqual(['close']);
    expect(refundActions('Admin', { refund_type: 1, refund_verify: 1, refund_step: 1 })).toEqual(['close']);
    expect(refundActions('Admin', { refund_type: 0, refund_verify: 1, refund_step: 2 })).toEqual([]);
    expect(refundActions('Admin', { refund_type: 0, refund_verify: 1, refund_step: 3 })).toEqual([]);
    expect(refundActions('Admin', { refund_type: 0, refund_verify: 2, refund_step: 0 })).toEqual([]);
    expect(refundActions('Admin', { refund_type: 0, refund_verify: 4, refund_step: 0 })).toEqual([]);
    expect(refundActions('Seller', { refund_type: 0, refund_verify: 1, refund_step: 2 })).toEqual([]);
  });
});

describe('the after-sales lists', () => {
  it('the seller\'s refunds page asks for refunds only and shows each request\'s state', async () => {
    renderInApp(<RefundsPage />, '/Seller/refunds');
    expect(await screen.findByText('R7')).toBeInTheDocument();
    expect(lists()[0].url.pathname).toBe('/api/Seller/refunds');
    expect(lists()[0].url.searchParams.get('refund_type')).toBe('0');
    const states = screen.getAllByTestId('refund-state').map((b) => b.textContent);
    expect(states).toEqual([ta('state.pending'), ta('state.done')]);
  });

  it('the admin\'s returns page asks for every store\'s returns', async () => {
    renderInApp(<RefundsPage />, '/Admin/refunds/return');
    await screen.findByText('R7');
    expect(lists()[0].url.pathname).toBe('/api/Admin/refunds');
    expect(lists()[0].url.searchParams.get('refund_type')).toBe('1');
  });
});

describe('the request and its decisions', () => {
  it('shows lines, amount, reason and images; agreeing asks first, then sends and shows the new state', async () => {
    const { user, view } = await openDetail('/Seller/refunds');
    expect(within(view).getByText('Green tea')).toBeInTheDocument();
    expect(within(view).getByText('Leaves were broken')).toBeInTheDocument();
    expect(within(view).getByTestId('refund-money')).toHaveTextContent('¥12.50');
    expect(within(view).getByRole('img', { name: tb('image') })).toHaveAttribute('src', '/uploads/a.jpg');
    await user.click(within(view).getByTestId('refund-agree'));
    const dialog = await screen.findByRole('dialog', { name: tb('title.agree', { no: 'R7' }) });
    expect(within(dialog).getByText(tb('agreeText.0', { money: '12.50' }))).toBeInTheDocument();
    expect(puts()).toEqual([]);
    const before = lists().length;
    await user.click(within(dialog).getByTestId('decision-submit'));
    await waitFor(() => expect(puts()).toEqual([['/api/Seller/refunds/7/agree', {}]]));
    await waitFor(() => expect(within(screen.getByTestId('refund-detail')).getByTestId('refund-state')).toHaveTextContent(ta('state.done')));
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
    expect(screen.queryByTestId('refund-agree')).toBeNull();
  });

  it('refusing needs a reason, sends it, and shows it on the request', async () => {
    const { user, view } = await openDetail('/Seller/refunds');
    await user.click(within(view).getByTestId('refund-refuse'));
    const dialog = await screen.findByRole('dialog', { name: tb('title.refuse', { no: 'R7' }) });
    expect(within(dialog).getByTestId('decision-submit')).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: tb('remark.refuse') }), '  Not broken ');
    await user.click(within(dialog).getByTestId('decision-submit'));
    await waitFor(() => expect(puts()).toEqual([['/api/Seller/refunds/7/refuse', { refuse_remark: 'Not broken' }]]));
    const shown = screen.getByTestId('refund-detail');
    expect(await within(shown).findByText('Not broken')).toBeInTheDocument();
    expect(within(shown).getByTestId('refund-state')).toHaveTextContent(ta('state.refused'));
  });

  it('a refusal by the server stays in the dialog in the page\'s words', async () => {
    refuseWith = { code: 402, msg: 'This request was already decided', data: null };
    const { user, view } = await openDetail('/Seller/refunds');
    await user.click(within(view).getByTestId('refund-agree'));
    const dialog = await screen.findByRole('dialog', { name: tb('title.agree', { no: 'R7' }) });
    await user.click(within(dialog).getByTestId('decision-submit'));
    expect(await within(dialog).findByTestId('decision-refusal')).toHaveTextContent('This request was already decided');
    expect(screen.getByRole('dialog', { name: tb('title.agree', { no: 'R7' }) })).toBeInTheDocument();
  });

  it('a return awaiting the seller shows the buyer\'s tracking and offers confirming the goods', async () => {
    refund = detail({ refund_type: 1, refund_verify: 1, refund_step: 1, delivery_code: 'sf', delivery_no: 'SF123456' });
    const { user, view } = await openDetail('/Seller/refunds/return');
    expect(within(view).getByTestId('refund-return-tracking')).toHaveTextContent('sf SF123456');
    expect(within(view).getByTestId('refund-state')).toHaveTextContent(ta('state.awaitSeller'));
    expect(within(view).queryByTestId('refund-agree')).toBeNull();
    await user.click(within(view).getByTestId('refund-confirm'));
    const dialog = await screen.findByRole('dialog', { name: tb('title.confirm', { no: 'R7' }) });
    await user.click(within(dialog).getByTestId('decision-submit'));
    await waitFor(() => expect(puts()).toEqual([['/api/Seller/refunds/7/confirm', {}]]));
  });

  it('the admin arbitrates a refused request: closes it with a remark; no seller decisions offered', async () => {
    refund = detail({ refund_verify: 3, refuse_remark: 'Not broken', arbitration_remark: 'It was' });
    const { user, view } = await openDetail('/Admin/refunds');
    expect(within(view).getByText('It was')).toBeInTheDocument();
    expect(within(view).queryByTestId('refund-agree')).toBeNull();
    await user.click(within(view).getByTestId('refund-arbitrate'));
    const dialog = await screen.findByRole('dialog', { name: tb('title.arbitrate', { no: 'R7' }) });
    await user.click(within(dialog).getByText(tb('decision.close')));
    await user.type(within(dialog).getByRole('textbox', { name: tb('remark.arbitrate') }), 'Photos show no damage');
    await user.click(within(dialog).getByTestId('decision-submit'));
    await waitFor(() => expect(puts()).toEqual([['/api/Admin/refunds/7/arbitrate', { admin_remark: 'Photos show no damage', decision: 'close' }]]));
    await waitFor(() => expect(within(screen.getByTestId('refund-detail')).getByTestId('refund-state')).toHaveTextContent(ta('state.closed')));
  });

  it('the admin closes a pending request only with a reason, which the request then shows', async () => {
    const { user, view } = await openDetail('/Admin/refunds');
    await user.click(within(view).getByTestId('refund-close'));
    const dialog = await screen.findByRole('dialog', { name: tb('title.close', { no: 'R7' }) });
    expect(within(dialog).getByText(tb('closeText', { money: '12.50' }))).toBeInTheDocument();
    expect(within(dialog).getByTestId('decision-submit')).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: tb('remark.close') }), '   ');
    expect(within(dialog).getByTestId('decision-submit')).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: tb('remark.close') }), 'Settled with the buyer by phone');
    await user.click(within(dialog).getByTestId('decision-submit'));
    await waitFor(() => expect(puts()).toEqual([['/api/Admin/refunds/7/close', { admin_remark: 'Settled with the buyer by phone' }]]));
    const shown = screen.getByTestId('refund-detail');
    await waitFor(() => expect(within(shown).getByTestId('refund-state')).toHaveTextContent(ta('state.closed')));
    expect(within(shown).getByText('Settled with the buyer by phone')).toBeInTheDocument();
    expect(within(shown).getByText('2026-11-25 12:00:00')).toBeInTheDocument();
    expect(within(shown).queryByTestId('refund-close')).toBeNull();
  });

  it('in Chinese: an agreed return shows its ship-back deadline, and the admin closes it with a reason', async () => {
    await i18n.changeLanguage('zh-cn');
    refund = detail({ refund_type: 1, refund_verify: 1, refund_step: 0, ship_deadline: '2026-12-02 10:00:00' });
    const { user, view } = await openDetail('/Admin/refunds/return');
    expect(within(view).getByTestId('refund-state')).toHaveTextContent('等待用户发货');
    expect(within(view).getByText('2026-12-02 10:00:00')).toBeInTheDocument();
    await user.click(within(view).getByRole('button', { name: '关闭申请' }));
    const dialog = await screen.findByRole('dialog', { name: '关闭售后单 R7' });
    await user.type(within(dialog).getByRole('textbox', { name: /关闭原因/ }), '买家未寄回');
    await user.click(within(dialog).getByRole('button', { name: '关闭申请' }));
    await waitFor(() => expect(puts()).toEqual([['/api/Admin/refunds/7/close', { admin_remark: '买家未寄回' }]]));
  });

  it('a gateway refund on its way shows as refunding and offers nobody a decision', async () => {
    refund = detail({ refund_verify: 1, refund_step: 2 });
    const { view } = await openDetail('/Admin/refunds');
    expect(within(view).getByTestId('refund-state')).toHaveTextContent(ta('state.refunding'));
    expect(within(view).queryByRole('button', { name: tb('action.close') })).toBeNull();
  });

  it('says when the request could not be loaded', async () => {
    renderInApp(<RefundsPage />, '/Seller/refunds');
    await screen.findByText('R7');
    stubApi(() => ({ code: 500, msg: 'boom', data: null }));
    await userEvent.setup().click(screen.getByRole('button', { name: tb('detailOf', { no: 'R7' }) }));
    expect(await screen.findByText(tb('loadFailed'))).toBeInTheDocument();
  });
});
