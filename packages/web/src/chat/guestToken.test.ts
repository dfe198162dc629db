import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/http';
import { asGuest, guestToken } from './guestToken';

const NOW = Date.UTC(2026, 10, 29);
const inDays = (days: number) => Math.floor(NOW / 1000) + days * 86_400;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("a visitor's guest token", () => {
  it('is asked of the server once and kept while it has more than a day left', async () => {
    const issued = `gfirst.${inDays(30)}.sig`;
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => envelope(200, { guest_id: 'gfirst', guest_token: issued, expires_in: 30 * 86_400 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await guestToken(NOW)).toBe(issued);
    expect(await guestToken(NOW)).toBe(issued);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/\/api\/chat\/guest$/);
    expect(fetchMock.mock.calls[0][1]?.method).toBe('POST');
  });

  it('is replaced when it ends within a day', async () => {
    localStorage.setItem('chat_guest', `gold.${inDays(0.5)}.sig`);
    const fresh = `gnew.${inDays(30)}.sig`;
    vi.stubGlobal('fetch', vi.fn(async () => envelope(200, { guest_id: 'gnew', guest_token: fresh, expires_in: 30 * 86_400 })));
    expect(await guestToken(NOW)).toBe(fresh);
    expect(localStorage.getItem('chat_guest')).toBe(fresh);
  });

  it('goes with chat requests in the x-chat-guest header', () => {
    expect(asGuest('gx.1.s')).toEqual({ headers: { 'x-chat-guest': 'gx.1.s' } });
  });
});
