import { useSyncExternalStore } from 'react';

/**
 * A chunk that no first paint needs: `useChunk()` answers its module once it has arrived (null before); `request()`
 * asks for it (a user reaching for a part of it). A failed load is tried again at the next request.
 */
export function deferredChunk<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const request = () => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
      },
      () => {
        pending = null;
      },
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function useChunk(): T | null {
    return useSyncExternalStore(subscribe, () => loaded, () => loaded);
  }
  return { request, useChunk };
}
