// Test rendering of resource pages: Mantine without transitions, modals, toasts and a data router.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { TestMantine } from '../test/TestMantine';
import { answer } from '../test/http';

export function renderInApp(element: ReactElement, path = '/Admin/test') {
  // The toast store outlives a test's render: start each test without old toasts.
  notifications.clean();
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <TestMantine>
      <ModalsProvider>
        <Notifications />
        <RouterProvider router={router} />
      </ModalsProvider>
    </TestMantine>,
  );
}

export interface SeenRequest {
  method: string;
  url: URL;
  body: string;
}

/** Stubs fetch: every request is recorded and answered by `reply` (a success envelope by default). */
export function stubApi(reply: (request: SeenRequest) => unknown = () => ({ code: 200, msg: '', data: null })) {
  const requests: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const request = { method: init.method ?? 'GET', url: new URL(input, 'http://localhost'), body: init.body ? String(init.body) : '' };
      requests.push(request);
      return answer(reply(request));
    }),
  );
  return requests;
}

/** A list answer holding `rows`. */
export function listAnswer(rows: Record<string, unknown>[]) {
  return { code: 200, msg: '', data: { data: rows, count: rows.length, total: rows.length, per_page: 30, last_page: 1, current_page: 1 } };
}
