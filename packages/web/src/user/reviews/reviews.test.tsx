import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderReviews, ReviewLine } from '@qshop/shared/schemas/reviews';
import i18n from '../../i18n';
import { renderPage, stubApi, type SeenRequest } from '../../storefront/catalog/testing';
import { envelope } from '../../test/http';
import { ReviewButton } from '../orders/ReviewButton';
import LineReviewPage from './LineReviewPage';
import MyReviewsPage from './MyReviewsPage';
import OrderReviewPage from './OrderReviewPage';
import { emptyDraft, orderState, reviewBody } from './reviewModel';

const line = (id: number, fields: Partial<ReviewLine> = {}): ReviewLine => ({
  id, order_id: 9, goods_id: 70 + id, goods_name: `Tea ${id}`, goods_image: '', sku_name: '-', buy_num: 1, refunded: false, comment: null, reviewable: true, ...fields,
});
const review = { id: 5, score: 4, agree: 5, service: 3, speed: 5, content: 'Fresh and fragrant', image: [], reply: 'Thank you!', reply_time: '2026-11-25 10:00:00', created_at: '2026-11-25 09:00:00' };

let orderPage: OrderReviews;
/** The card of the line named `name`, once the page has loaded. */
async function card(name: string): Promise<HTMLElement> {
  await screen.findAllByTestId('review-line');
  return screen.getAllByTestId('review-line').find((el) => el.getAttribute('aria-label') === name)!;
}
let requests: SeenRequest[];
let posted: URLSearchParams | null;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.setItem('token', 'shopper');
  posted = null;
  orderPage = {
    order: { id: 9, order_no: 'N2026', order_status: 4, store_name: 'Tea House', created_at: '2026-11-20 10:00:00' },
    open: true,
    lines: [line(1), line(2, { refunded: true, reviewable: false }), line(3, { comment: review, reviewable: false })],
  };
  requests = stubApi((request) => {
    const path = request.url.pathname;
    if (path === '/api/user/order/comment/9') return orderPage;
    if (path === '/api/user/comment/add/1') return { order: orderPage.order, open: true, line: orderPage.lines[0] };
    if (path === '/api/user/comments' && request.method === 'POST') {
      posted = request.body;
      if (request.body.get('content') === 'bad') return envelope(400, { content: 'Too long' }, 'Data is abnormal.', 400);
      orderPage = { ...orderPage, order: { ...orderPage.order, order_status: 6 }, lines: orderPage.lines.map((l) => (l.id === 1 ? { ...l, comment: { ...review, reply: null }, reviewable: false } : l)) };
      return { id: 6, order_completed: true };
    }
    if (path === '/api/user/comments') return { data: [{ ...review, order_id: 9, order_goods_id: 3, goods_id: 73, goods_name: 'Tea 3', goods_image: '', sku_name: '-' }], count: 1, total: 1, per_page: 10, last_page: 1, current_page: 1 };
    return null;
  });
});

describe('the order review page', () => {
  it('shows each line as it stands and posts a review of the open one; the order then says it is done', async () => {
    const user = userEvent.setup();
    renderPage('/user/order/comment/:id', OrderReviewPage, '/user/order/comment/9');
    const open = await card('Tea 1');
    expect(within(await card('Tea 2')).getByText('Fully refunded: nothing to review')).toBeInTheDocument();
    expect(within(await card('Tea 3')).getByText("Seller's reply: Thank you!")).toBeInTheDocument();
    expect(screen.getAllByTestId('review-form')).toHaveLength(1);

    // Overall: 3 stars (the star inputs are radios valued 1–5).
    const overall = within(open).getByTestId('rating-score');
    const three = within(overall).getAllByRole('radio').find((r) => (r as HTMLInputElement).value === '3')!;
    await user.click(overall.querySelector(`label[for="${three.id}"]`)!);
    expect(three).toBeChecked();
    await user.type(within(open).getByLabelText(/Your review/), 'Nice');
    await user.click(within(open).getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(Object.fromEntries(posted!)).toEqual({ order_goods_id: '1', score: '3', agree: '5', service: '5', speed: '5', content: 'Nice', image: '' });
    expect(await screen.findByText('Every item is reviewed: the order is completed')).toBeInTheDocument();
    expect(await screen.findByTestId('reviews-done')).toBeInTheDocument();
    expect(screen.queryAllByTestId('review-form')).toHaveLength(0);
  });

  it('puts a field error of the server on its field', async () => {
    const user = userEvent.setup();
    renderPage('/user/order/comment/:id', OrderReviewPage, '/user/order/comment/9');
    const open = await card('Tea 1');
    await user.type(within(open).getByLabelText(/Your review/), 'bad');
    await user.click(within(open).getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Too long')).toBeInTheDocument();
  });

  it('says so when the order is not received yet', async () => {
    orderPage = { ...orderPage, open: false, order: { ...orderPage.order, order_status: 3 }, lines: [line(1, { reviewable: false })] };
    renderPage('/user/order/comment/:id', OrderReviewPage, '/user/order/comment/9');
    expect(await screen.findByText('This order can be reviewed once you have confirmed receipt.')).toBeInTheDocument();
    expect(screen.queryByTestId('review-form')).toBeNull();
  });

  it('a line on its own page, with a way to the whole order', async () => {
    renderPage('/user/comment/add/:id', LineReviewPage, '/user/comment/add/1');
    expect(await screen.findByTestId('review-form')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All items of the order' })).toHaveAttribute('href', '/user/order/comment/9');
    expect(requests.some((r) => r.url.pathname === '/api/user/comment/add/1')).toBe(true);
  });
});

describe('my reviews', () => {
  it('lists own reviews with the reply', async () => {
    renderPage('/user/comments', MyReviewsPage, '/user/comments');
    expect(await screen.findByRole('link', { name: 'Tea 3' })).toHaveAttribute('href', '/goods/73');
    expect(screen.getByText('Fresh and fragrant')).toBeInTheDocument();
    expect(screen.getByText("Seller's reply: Thank you!")).toBeInTheDocument();
  });
});

describe('the review button and the model', () => {
  it('offers the review while received and the reviews once completed', () => {
    function Buttons() {
      return (
        <>
          <ReviewButton order={{ id: 1, order_status: 2 }} />
          <ReviewButton order={{ id: 2, order_status: 4 }} />
          <ReviewButton order={{ id: 3, order_status: 6 }} />
        </>
      );
    }
    renderPage('/', Buttons, '/');
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/user/order/comment/2');
    expect(screen.getByRole('link', { name: 'View reviews' })).toHaveAttribute('href', '/user/order/comment/3');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('builds the body and the page state', () => {
    expect(reviewBody(4, { ...emptyDraft(), agree: 2, content: '  ok  ', image: ['/a.png'] })).toEqual({ order_goods_id: 4, score: 5, agree: 2, service: 5, speed: 5, content: 'ok', image: ['/a.png'] });
    expect(orderState({ open: false, lines: [] })).toBe('not_open');
    expect(orderState({ open: true, lines: [line(1)] })).toBe('pending');
    expect(orderState({ open: true, lines: [line(1, { reviewable: false })] })).toBe('done');
  });
});
