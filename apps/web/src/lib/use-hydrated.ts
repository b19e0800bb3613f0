import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while React hydrates prerendered markup (and on the build's prerender), true afterwards
 * and on a plain client render. What only the browser knows at run time (the server's sandbox
 * flag, fetched beside the chunks) shows after hydration, so the first client render matches
 * the HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
