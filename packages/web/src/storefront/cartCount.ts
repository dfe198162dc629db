import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';

let count = 0;
const listeners = new Set<() => void>();

/** Re-reads the cart count; pages that change the cart call this. */
export async function refreshCartCount() {
  try {
    count = Number(await api.get<number>('/cart_count')) || 0;
  } catch {
    count = 0;
  }
  for (const listener of listeners) listener();
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
