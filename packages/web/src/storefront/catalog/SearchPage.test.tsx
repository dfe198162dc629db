import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_PICTURE_CLASS } from '@qshop/shared/pagePictures';
import i18n from '../../i18n';
import { encodeParams } from '../../utils/base64Params';
import { decodeSearchParams } from './searchParams';
import SearchPage from './SearchPage';
import { renderPage, stubApi, type SeenRequest } from './testing';

const row = (id: number, goods_name: string, goods_stock = 5) => ({ id, goods_name, goods_master_image: '', goods_price: '12.50', goods_sale: 4, goods_stock, store_id: 9, store_name: 'Tea House' });

let requests: SeenRequest[];
let rows: ReturnType<typeof row>[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  rows = [row(1, 'Green tea'), row(2, 'Black tea', 0)];
  requests = stubApi((request) => {
    if (request.url.pathname !== '/api/goods') return null;
    return {
      data: rows, count: rows.length, total: 45, per_page: 20, last_page: 3, current_page: Number(request.url.searchParams.get('page')),
      brands: [{ id: 4, name: 'Hills', thumb: '', count: 30 }],
      classes: [{ id: 31, name: 'Tea', pid: 10, count: 45 }],
    };
  });
});

const goodsQueries = () => requests.filter((r) => r.url.pathname === '/api/goods').map((r) => Object.fromEntries(r.url.searchParams));
const stateOf = (router: { state: { location: { pathname: string } } }) => decodeSearchParams(router.state.location.pathname.split('/')[2]);

describe('goods search', () => {
  it('searches what the address holds and shows the matches', async () => {
    renderPage('/s/:params?', SearchPage, `/s/${encodeParams({ keywords: 'tea', deep: 1 })}`);
    expect(await screen.findByText('Green tea')).toBeInTheDocument();
    expect(screen.getByText('45 goods found')).toBeInTheDocument();
    expect(goodsQueries()).toEqual([{ keywords: 'tea', sort: 'sales', page: '1', per_page: '20' }]);
    // a goods with no stock left says so on its card
    const [green, black] = screen.getAllByTestId('goods-card');
    expect(within(black).getByText('Sold out')).toBeInTheDocument();
    expect(within(green).queryByText('Sold out')).toBeNull();
  });

  it('puts sorts, refinements and pages into the address', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/s/:params?', SearchPage, `/s/${encodeParams({ keywords: 'tea' })}`);
    await screen.findByText('Green tea');

    await user.click(screen.getByRole('button', { name: 'Price: low to high' }));
    await waitFor(() => expect(stateOf(router).sort).toBe('price_asc'));
    await user.click(screen.getByRole('button', { name: 'Price: low to high' }));
    await waitFor(() => expect(stateOf(router).sort).toBe('price_desc'));

    await user.click(screen.getByRole('button', { name: 'Hills (30)' }));
    await waitFor(() => expect(stateOf(router)).toMatchObject({ keywords: 'tea', brand_id: 4, sort: 'price_desc' }));
    await user.click(screen.getByRole('button', { name: 'Tea (45)' }));
    await waitFor(() => expect(stateOf(router)).toMatchObject({ class_id: 31, brand_id: 4 }));

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(stateOf(router).page).toBe(2));
    await waitFor(() => expect(goodsQueries().at(-1)).toEqual({ keywords: 'tea', class_id: '31', brand_id: '4', sort: 'price_desc', page: '2', per_page: '20' }));

    await user.type(screen.getByRole('textbox', { name: 'Lowest price' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Highest price' }), '60');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(stateOf(router)).toMatchObject({ price_min: '5.00', price_max: '60.00', page: 1 }));

    await user.click(screen.getByRole('button', { name: 'Remove the filter Keywords: tea' }));
    await waitFor(() => expect(stateOf(router).keywords).toBeUndefined());
  });

  it('says so when nothing matches and offers to clear the filters', async () => {
    rows = [];
    const user = userEvent.setup();
    const { router } = renderPage('/s/:params?', SearchPage, `/s/${encodeParams({ keywords: 'nothing' })}`);
    expect(await screen.findByText('No goods match your search')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/s'));
  });

  it('keeps the entry page’s copy of the first card’s picture until the card’s own has loaded or failed to', async () => {
    rows = [{ ...row(1, 'Green tea'), goods_master_image: '/uploads/green.png' }, row(2, 'Black tea')];
    document.body.insertAdjacentHTML('afterbegin', `<img class="${FIRST_PICTURE_CLASS}" data-page="search" src="/uploads/green.png" alt="">`);
    const entryPicture = () => document.querySelector(`.${FIRST_PICTURE_CLASS}`);
    renderPage('/s/:params?', SearchPage, '/s');
    const [green] = await screen.findAllByTestId('goods-card');
    expect(entryPicture()).not.toBeNull();
    fireEvent.load(green.querySelector('img')!);
    expect(entryPicture()).toBeNull();
  });

  it('hands the entry page’s picture over at once when no goods are found', async () => {
    rows = [];
    document.body.insertAdjacentHTML('afterbegin', `<img class="${FIRST_PICTURE_CLASS}" data-page="search" src="/uploads/green.png" alt="">`);
    renderPage('/s/:params?', SearchPage, '/s');
    expect(await screen.findByText('No goods match your search')).toBeInTheDocument();
    expect(document.querySelector(`.${FIRST_PICTURE_CLASS}`)).toBeNull();
  });
});
