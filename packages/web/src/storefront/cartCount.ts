import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';

let count = 0;
const listeners = new Set<() => void>();

function publish(next: number) {
  count = next;
  for (const listener of listeners) listener();
}

/** Re-reads the cart count; pages that change the cart call this. */
export async function refreshCartCount() {
  try {
    publish(Number(await api.get<number>('/cart_count')) || 0);
  } catch {
    publish(0);
  }
}

/** The count a cart write answered (`cart_count`): shown at once, without asking again. */
export function setCartCount(next: number) {
  publish(next);
}

export function useCartCount(loggedIn: boolean): number {
  useEffect(() => {
    void refreshCartCount();
  }, [loggedIn]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => count,
  );
}
