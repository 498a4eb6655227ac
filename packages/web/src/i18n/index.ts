/**
 * The web app's languages at run time (Lingui). English texts live in the code (the macros keep them, compiled
 * at build time, see vite.config.ts); every other language loads its catalogs (this package's, one
 * per feature, and the contract's error and validation messages) before the app shows it.
 */
import { type Messages, i18n } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  LOCALE_INFO,
  LOCALES,
  type TLocale,
  formatEnglish,
  matchLocale,
  setTranslator,
} from '@vestora/contract';

export { i18n };

// English texts are compiled at build time (scripts/babel-precompile-messages.mjs): no message compiler here.
i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: {} });

// Texts from the contract (validation messages) and the server (errors: id, English text and values) go
// through the same catalogs.
// Texts without a translation in the catalogs (English above all) are the server's own English.
setTranslator((msg) => (i18n.messages[msg.id] ? i18n._(msg.id, msg.values) : formatEnglish(msg)));

// A text shown in another language without a translation is a bug the catalog check should have caught
// (src/i18n/catalogs.test.ts): say so where the browser tests look.
i18n.on('missing', ({ locale, id }) => {
  if (locale !== DEFAULT_LOCALE) console.error(`Missing ${locale} translation: ${id}`);
});

type CatalogModule = { messages: Messages };
/** One chunk per language (src/i18n/catalog-<locale>.ts). */
const catalogs: Record<Exclude<TLocale, 'en'>, () => Promise<CatalogModule>> = {
  de: () => import('./catalog-de'),
  es: () => import('./catalog-es'),
  'pt-BR': () => import('./catalog-pt-BR'),
  ar: () => import('./catalog-ar'),
};

const loaded = new Map<TLocale, Promise<Messages>>();

/** Every catalog of `locale`, merged (loaded once). English has none: its texts are in the code. */
export function loadMessages(locale: TLocale): Promise<Messages> {
  const known = loaded.get(locale);
  if (known) return known;
  const messages: Promise<Messages> =
    locale === 'en' ? Promise.resolve({}) : catalogs[locale]().then((m: CatalogModule) => m.messages);
  loaded.set(locale, messages);
  messages.catch(() => loaded.delete(locale));
  return messages;
}

/** Loads `locale` and makes it the app's language (the <html lang dir> too, in a browser). */
export async function activateLocale(locale: TLocale): Promise<void> {
  const messages = await loadMessages(locale);
  if (i18n.locale !== locale) i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = LOCALE_INFO[locale].dir;
  }
}

export const currentLocale = (): TLocale => matchLocale(i18n.locale) ?? DEFAULT_LOCALE;

/** The `Intl` locale of a language: English formats as en-US (dollars), the others as their region does. */
export const INTL_LOCALE: Record<TLocale, string> = {
  en: 'en-US',
  de: 'de-DE',
  es: 'es-ES',
  'pt-BR': 'pt-BR',
  ar: 'ar',
};

/** The `Intl` locale of the language shown now. */
export const intlLocale = (): string => INTL_LOCALE[currentLocale()];

export { LOCALES, LOCALE_INFO };
