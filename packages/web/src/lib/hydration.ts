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

/**
 * `data` once the page is live; undefined while React hydrates a pre-rendered page (the build rendered it with
 * no data). Needed for data that another, already hydrated part of the page can load: React hydrates a page's
 * Suspense boundaries after the layout around them, so the footer's newsletter box (which asks for the site's
 * config on submit) or a menu can fill the cache before the page itself is hydrated, and the page would then
 * render something the HTML does not have (React error #418).
 */
export function useOnceHydrated<T>(data: T | undefined): T | undefined {
  return useHydrated() ? data : undefined;
}
