import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/http';
import { refreshCartCount, setCartCount, useCartCount } from './cartCount';

/** The count as the header reads it (its own read never answers here). */
function shown(): number {
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
  return renderHook(() => useCartCount(false)).result.current;
}

afterEach(() => vi.unstubAllGlobals());

describe('the header cart count', () => {
  it('keeps the count a write answered when a read started before it answers later', async () => {
    let answerRead: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answerRead = resolve))));
    const read = refreshCartCount();
    setCartCount(4);
    answerRead(envelope(200, 0));
    await read;
    expect(shown()).toBe(4);
  });

  it('takes what a read answers when nothing changed meanwhile', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope(200, 7)));
    await refreshCartCount();
    expect(shown()).toBe(7);
  });
});
