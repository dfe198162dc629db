import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';

let count = 0;
/** Bumped by every change of the count, so that a read answered after a newer change is dropped. */
let version = 0;
const listeners = new Set<() => void>();

function publish(next: number) {
  count = next;
  for (const listener of listeners) listener();
}

/** Re-reads the cart count; pages that change the cart call this. */
export async function refreshCartCount() {
  const asked = ++version;
  let next = 0;
  try {
    next = Number(await api.get<number>('/cart_count')) || 0;
  } catch {
    next = 0;
  }
  if (asked === version) publish(next);
}

/** The count a cart write answered (`cart_count`): shown at once, and newer than any read still under way. */
export function setCartCount(next: number) {
  version++;
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
