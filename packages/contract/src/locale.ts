/**
 * The languages of the product. `en` is the source language (every text is written in it first); the others
 * have complete catalogs. Codes are BCP 47 tags as `Intl` takes them.
 */
export const LOCALES = ['en', 'de', 'es', 'pt-BR', 'ar'] as const;
export type TLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: TLocale = 'en';

/** Each language's own name for itself (what the language menu shows) and its writing direction. */
export const LOCALE_INFO: Record<TLocale, { name: string; dir: 'ltr' | 'rtl' }> = {
  en: { name: 'English', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  'pt-BR': { name: 'Português (Brasil)', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
};

/** The path prefix of a language's public pages: `` for English (`/about`), `/de` (`/de/about`), `/pt-br`... */
export function localePrefix(locale: TLocale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale.toLowerCase()}`;
}

/** The language whose prefix `pathname` starts with (`/de`, `/de/about`), or undefined (English pages, the app). */
export function localeOfPath(pathname: string): TLocale | undefined {
  const first = pathname.split('/')[1]?.toLowerCase();
  if (!first) return undefined;
  return LOCALES.find((l) => l !== DEFAULT_LOCALE && l.toLowerCase() === first);
}

/** `pathname` without its language prefix: `/de/about` -> `/about`, `/de` -> `/`. */
export function stripLocalePrefix(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (!locale) return pathname;
  const rest = pathname.slice(localePrefix(locale).length);
  return rest === '' ? '/' : rest;
}

/** The same page in another language: `/de/about` -> `/es/about`, `/about` -> `/ar/about`. */
export function pathInLocale(pathname: string, locale: TLocale): string {
  const bare = stripLocalePrefix(pathname);
  const prefix = localePrefix(locale);
  if (!prefix) return bare;
  return bare === '/' ? `${prefix}/` : `${prefix}${bare}`;
}

/** A supported language from a free-form tag (`de-AT` -> `de`, `pt` -> `pt-BR`, `PT-br` -> `pt-BR`), or undefined. */
export function matchLocale(tag: string | null | undefined): TLocale | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split(/[-_]/)[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === base);
}

/**
 * The best supported language of an Accept-Language header (`de-DE,de;q=0.9,en;q=0.8` -> `de`), or undefined
 * when it names none of ours. Entries with q=0 are refusals.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): TLocale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const match = matchLocale(entry.tag);
    if (match) return match;
  }
  return undefined;
}

/** The colour theme a member or visitor chose: always light, always dark, or as their system says. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type TTheme = (typeof THEMES)[number];

/** Cookies the web app writes so the server can answer a page in the right language and theme. */
export const LOCALE_COOKIE = 'vestora_locale';
export const THEME_COOKIE = 'vestora_theme';
