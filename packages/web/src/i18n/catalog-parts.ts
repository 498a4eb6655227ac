/**
 * Which message catalogs (src/locales/<locale>/<name>.po, one per feature folder; see lingui.config.ts) a
 * language loads when. The public pages (home, about, sign-in...) and what they show of other features (plans,
 * coins, the referral terms) load the public part with the contract's messages: one chunk per language. The
 * app's screens load the rest when the dashboard opens (another chunk). vite.config.ts groups the chunks by
 * this list; src/i18n/index.ts loads them.
 */
export const PUBLIC_CATALOGS = [
  'public',
  'auth',
  'market',
  'plans',
  'referral',
  'investment',
  'reserves',
  'common',
] as const;

export type CatalogPart = 'public' | 'app';

/** The part a catalog file belongs to, from its path (`.../locales/de/auth.po` -> `public`). */
export function catalogPart(file: string): CatalogPart {
  const name = /([\w-]+)\.po$/.exec(file)?.[1] ?? '';
  return (PUBLIC_CATALOGS as readonly string[]).includes(name) || file.includes('/contract/') ? 'public' : 'app';
}

/** The language of a catalog file: `.../locales/pt-BR/auth.po` and the contract's `.../locales/pt-BR.po`. */
export function catalogLocale(file: string): string | undefined {
  return /locales\/([\w-]+)\/[\w-]+\.po$/.exec(file)?.[1] ?? /locales\/([\w-]+)\.po$/.exec(file)?.[1];
}
