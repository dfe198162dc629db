import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/** The answer of `load` (run again when `key` changes); `retry` loads again, `replace` takes a newer answer. */
export function useLoad<T>(key: string, load: () => Promise<T>) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // `load` is identified by `key`: a new function with the same key does not load again.
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { state, retry, replace };
}
