// The home and goods pages take over the main picture the entry page carries (firstPicture.ts): it stays until the
// page's own copy has loaded (the goods page's: GoodsPage.test.tsx), and goes when the page has none to show there.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_PICTURE_CLASS } from '@qshop/shared/pagePictures';
import i18n from '../i18n';
import { envelope } from '../test/http';
import GoodsPage from './catalog/GoodsPage';
import HomePage from './catalog/HomePage';
import { renderPage, stubApi } from './catalog/testing';

const entryPicture = () => document.querySelector(`.${FIRST_PICTURE_CLASS}`);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  document.body.insertAdjacentHTML('afterbegin', `<img class="${FIRST_PICTURE_CLASS}" data-page="home" src="/slide.png" alt="" aria-hidden="true">`);
});
afterEach(() => entryPicture()?.remove());

const home = (slides: { id: number; name: string; url: string; image: string }[]) =>
  stubApi((request) => (request.url.pathname === '/api/home' ? { slides, banners: [], recommended: [], floors: [] } : null));

describe('the entry page’s main picture', () => {
  it('stays on the home page until the first slide has loaded', async () => {
    home([{ id: 1, name: 'Spring sale', url: '/s', image: '/slide.png' }]);
    renderPage('/', HomePage, '/');
    const slide = await screen.findByRole('img', { name: 'Spring sale' });
    expect(entryPicture()).not.toBeNull();
    fireEvent.load(slide);
    await waitFor(() => expect(entryPicture()).toBeNull());
  });

  it('goes when the home page has no slide to show, or its read fails', async () => {
    home([]);
    const view = renderPage('/', HomePage, '/');
    await screen.findByText('A multi-vendor shop: everything you need in one place');
    await waitFor(() => expect(entryPicture()).toBeNull());
    view.unmount();

    document.body.insertAdjacentHTML('afterbegin', `<img class="${FIRST_PICTURE_CLASS}" data-page="home" src="/slide.png" alt="">`);
    stubApi((request) => (request.url.pathname === '/api/home' ? new Response('{"code":500,"msg":"boom","data":null}', { status: 500 }) : null));
    renderPage('/', HomePage, '/');
    await screen.findByText('The data could not be loaded');
    await waitFor(() => expect(entryPicture()).toBeNull());
  });

  it('goes when the goods is not on sale', async () => {
    stubApi((request) => (request.url.pathname === '/api/goods/99' ? envelope(404, null, 'Not found', 404) : null));
    renderPage('/goods/:id', GoodsPage, '/goods/99');
    await screen.findByText('This goods does not exist or is no longer on sale');
    await waitFor(() => expect(entryPicture()).toBeNull());
  });
});
