import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is rendered at build time (pre-rendering) and while React hydrates that HTML in the
 * browser; true once the page is live (and at once on pages that were not pre-rendered). What the browser
 * knows and the build did not (the query string, history state, the current year, localStorage) is shown
 * only when this is true, so hydration sees exactly the HTML it was given.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
