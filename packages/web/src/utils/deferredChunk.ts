import { useEffect, useSyncExternalStore } from 'react';

/** Calls `run` when the browser is next idle (at the latest after `timeout` ms); answers a cancel function. */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * A chunk that no first paint needs: `useChunk()` answers its module once it has arrived (null before) and, unless
 * told otherwise, asks for it when the browser is idle after the first render; `request()` asks for it at once (a
 * user reaching for a part of it). A failed load is tried again at the next request.
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
  function useChunk(whenRendered = true): T | null {
    useEffect(() => (!whenRendered || loaded || pending ? undefined : whenIdle(request)), [whenRendered]);
    return useSyncExternalStore(subscribe, () => loaded, () => loaded);
  }
  return { request, useChunk };
}
