import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import { DEFAULT_LOCALE, type TLocale, matchLocale, pathInLocale } from '@vestora/contract';

/** The language shown (re-renders when it changes). */
export function useLocale(): TLocale {
  const { i18n } = useLingui();
  return matchLocale(i18n.locale) ?? DEFAULT_LOCALE;
}

/**
 * Links to public pages in the reader's language: `to(localePath('/about'))` is `/de/about` for a German reader.
 * The dashboard's paths have no language prefix (`/dashboard/...` stays as it is).
 */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback(
    (path: string) => (path.toLowerCase().startsWith('/dashboard') ? path : pathInLocale(path, locale)),
    [locale],
  );
}
