import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> =
  | { status: 'loading'; data?: T }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: unknown; data?: T };

/**
 * Loads data once per `key` (no retries, no refetch on focus) and offers `reload()`.
 * A reload keeps the previous data visible; a stale answer (an older key) is dropped.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const loader = useRef(load);
  loader.current = load;
  const generation = useRef(0);

  const run = useCallback(async (keep: boolean) => {
    generation.current += 1;
    const mine = generation.current;
    setState((prev) => (keep && prev.data !== undefined ? prev : { status: 'loading' }));
    try {
      const data = await loader.current();
      if (mine === generation.current) setState({ status: 'ready', data });
    } catch (error) {
      if (mine === generation.current) setState((prev) => ({ status: 'error', error, data: prev.data }));
    }
  }, []);

  useEffect(() => {
    if (key === null) return;
    void run(false);
  }, [key, run]);

  const reload = useCallback(() => run(true), [run]);
  return { state, reload, setState };
}
