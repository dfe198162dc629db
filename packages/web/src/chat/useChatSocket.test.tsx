import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/http';
import { useChatSocket } from './useChatSocket';

/** A stand-in for the browser's WebSocket: records what each socket sent and lets the test close it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send(text: string) {
    this.sent.push(text);
    if (JSON.parse(text).type === 'auth') queueMicrotask(() => this.onmessage?.({ data: JSON.stringify({ type: 'ready' }) }));
  }
  close() {}
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.setItem('token', 'old-access');
  localStorage.setItem('refresh_token', 'the-refresh');
});
afterEach(() => vi.unstubAllGlobals());

describe('the chat socket', () => {
  it('closed for an expired token, renews the session and comes back at once with the new token', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) => envelope(200, { access_token: 'new-access', refresh_token: 'next-refresh', expires_in: 900 }));
    vi.stubGlobal('fetch', fetchMock);
    const onReady = vi.fn();
    const { result } = renderHook(() => useChatSocket('user', () => undefined, onReady));
    await waitFor(() => expect(result.current).toBe(true));
    expect(JSON.parse(FakeSocket.all[0].sent[0])).toEqual({ type: 'auth', token: 'old-access' });

    FakeSocket.all[0].onclose?.({ code: 4403 });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/refresh$/);
    await waitFor(() => expect(FakeSocket.all[1].sent).toHaveLength(1));
    expect(JSON.parse(FakeSocket.all[1].sent[0])).toEqual({ type: 'auth', token: 'new-access' });
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(2));
  });

  it("authenticates a visitor's socket with its guest token and opens none without a credential", async () => {
    const onReady = vi.fn();
    const { result } = renderHook(() => useChatSocket({ guestToken: 'gabc.999.sig' }, () => undefined, onReady));
    await waitFor(() => expect(result.current).toBe(true));
    expect(JSON.parse(FakeSocket.all[0].sent[0])).toEqual({ type: 'auth', guest_token: 'gabc.999.sig' });

    localStorage.removeItem('token');
    renderHook(() => useChatSocket('user', () => undefined, () => undefined));
    expect(FakeSocket.all).toHaveLength(1);
  });
});
