// Test rendering of storefront pages: Mantine without transitions, toasts and confirmation dialogs, a memory router
// holding the page's route (so params work) and a stand-in for every other address; fetch answered per request.
import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { TestMantine } from '../../test/TestMantine';
import { answer } from '../../test/http';

/** Shows where the page navigated to. */
function Elsewhere() {
  const location = useLocation();
  return <div data-testid="elsewhere">{location.pathname}</div>;
}

export function renderPage(path: string, Page: ComponentType, at: string) {
  notifications.clean();
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <TestMantine>
      <ModalsProvider>
        <Notifications />
        <RouterProvider router={router} />
      </ModalsProvider>
    </TestMantine>,
  );
  return { ...view, router };
}

export interface SeenRequest {
  method: string;
  url: URL;
  body: URLSearchParams;
  /** a multipart body (uploads) */
  form?: FormData;
  headers: Headers;
}

/** Stubs fetch: every request is recorded and answered by `reply`: a Response as it is, else a success envelope around it. */
export function stubApi(reply: (request: SeenRequest) => unknown) {
  const requests: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        url: new URL(input, 'http://localhost'),
        body: new URLSearchParams(typeof init.body === 'string' || init.body instanceof URLSearchParams ? init.body : undefined),
        form: init.body instanceof FormData ? init.body : undefined,
        headers: new Headers(init.headers),
      };
      requests.push(request);
      // Site data every storefront page reads, unless the test answers it.
      const data = reply(request) ?? (request.url.pathname === '/api/common' ? { classes: [], brands: [], common: {} } : null);
      return data instanceof Response ? data : answer({ code: 200, msg: '', data: data ?? null });
    }),
  );
  return requests;
}
