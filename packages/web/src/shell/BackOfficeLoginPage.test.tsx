import { TestMantine } from '../test/TestMantine';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { createAppRouter } from '../router';
import { envelope } from '../test/http';

vi.mock('../utils/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

// Lazy route chunks are transformed on first use, which can take a few seconds in a cold run.
const LAZY = { timeout: 10_000 };
const NOT_APPROVED = 'The store has not been approved yet: see or continue the application in the store wizard.';

/** Submits the seller login form; resolves once the login request has been answered. */
async function logIn(answer: Response) {
  const fetch = vi.fn(async () => answer);
  vi.stubGlobal('fetch', fetch);
  const router = createAppRouter((routes, options) => createMemoryRouter(routes, { ...options, initialEntries: ['/Seller/login'] }));
  render(
    <TestMantine>
      <RouterProvider router={router} />
    </TestMantine>,
  );
  await userEvent.type(await screen.findByRole('textbox', { name: 'Account' }, LAZY), 'applicant');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret@123');
  const button = screen.getByRole('button', { name: 'Log in' });
  await userEvent.click(button);
  await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
  await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  localStorage.clear();
});

describe('seller login', () => {
  it('a store not yet approved: the refusal stays on the page with a link to the application wizard', async () => {
    await logIn(envelope(402, { store_verify: 2 }, NOT_APPROVED));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Store not approved');
    expect(alert).toHaveTextContent(NOT_APPROVED);
    // The wizard is a storefront page (the shopper's own session).
    expect(screen.getByRole('link', { name: 'See the store application' })).toHaveAttribute('href', '/store/join');
    expect(localStorage.getItem('seller_token')).toBeNull();
  });

  it('a wrong password shows no application link', async () => {
    await logIn(envelope(402, null, 'Wrong account or password.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'See the store application' })).toBeNull();
  });
});
