import { TestMantine } from '../test/TestMantine';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { createAppRouter } from '../router';
import { envelope } from '../test/http';

// The login page's chunk cannot be fetched.
vi.mock('../storefront/LoginPage', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // The footer's article menus are a list (empty here); every other read answers nothing.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) => envelope(200, String(url).endsWith('/api/articles') ? [] : null)),
  );
});

describe('a failed page chunk', () => {
  it('shows an error naming the chunk and the failure type, inside the still working layout', async () => {
    const router = createAppRouter((routes, options) => createMemoryRouter(routes, { ...options, initialEntries: ['/login'] }));
    render(
      <TestMantine>
        <RouterProvider router={router} />
      </TestMantine>,
    );
    expect(
      await screen.findByText('Module storefront/LoginPage failed to load: file missing or unreachable.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('A page module failed to load')).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
  });
});
