import { useCallback, useEffect, useState } from 'preact/hooks';
import type { InspectorError } from '../transport';

export interface Loaded<T> {
  readonly data?: T;
  readonly error?: string;
  readonly loading: boolean;
  readonly reload: () => void;
}

/** Loads `load()` when `deps` change (and on `reload()`); the last answer wins. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState({ error: messageOf(error), loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}

export function messageOf(error: unknown): string {
  // By name, not instanceof: the UI's bundle and the transports' chunks each hold the class.
  if (error instanceof Error && error.name === 'InspectorError' && typeof (error as InspectorError).status === 'number')
    return `${(error as InspectorError).status}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
