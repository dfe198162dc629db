import { startTransition, useCallback, useEffect, useState } from 'react';
import { takePrefetched } from './prefetch';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  /** The last load failed (the client has already shown why). */
  failed: boolean;
  /** What the last failed load threw (an ApiError carries the server's message). */
  error: unknown;
  reload: () => void;
}

type State<T> = Pick<Loaded<T>, 'data' | 'loading' | 'failed' | 'error'>;

/**
 * Loads data for a page and reloads when `key` changes (the first load takes a read its route loader started,
 * prefetch.ts); answers that arrive after a newer load started are dropped.
 * The previous data stays while the next load runs, so lists do not flash empty between pages.
 * An answer re-renders in a transition: React splits that render into short tasks, so a phone's main thread is not
 * blocked while the page fills in (Lighthouse's total blocking time).
 */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<State<T>>({ data: undefined, loading: true, failed: false, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true, failed: false, error: null }));
    (takePrefetched<T>(key) ?? load()).then(
      (data) => current && startTransition(() => setState({ data, loading: false, failed: false, error: null })),
      (error: unknown) => current && setState((s) => ({ ...s, loading: false, failed: true, error })),
    );
    return () => {
      current = false;
    };
    // `load` is a new function on every render; `key` names what it loads.
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
