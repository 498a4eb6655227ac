/**
 * The web app's languages at run time (Lingui). English texts live in the code (the macros keep them, compiled
 * at build time, see vite.config.ts); every other language loads its catalogs (this package's, one
 * per feature, and the contract's error and validation messages) before the app shows it.
 */
import { type Messages, i18n } from '@lingui/core';
import { type CatalogPart, catalogLocale, catalogPart } from './catalog-parts';
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

const loaded = new Map<string, Promise<Messages>>();

function loadPart(locale: TLocale, part: CatalogPart): Promise<Messages> {
  const key = `${locale}:${part}`;
  const known = loaded.get(key);
  if (known) return known;
  const messages = import('./catalog-files').then(async ({ catalogFiles }) => {
    const files = Object.keys(catalogFiles).filter((f) => catalogLocale(f) === locale && catalogPart(f) === part);
    const modules = await Promise.all(files.map((f) => catalogFiles[f]!()));
    return Object.assign({}, ...modules.map((m) => m.messages)) as Messages;
  });
  loaded.set(key, messages);
  messages.catch(() => loaded.delete(key));
  return messages;
}

/** Whether the app's screens have been opened: from then on every language loads their texts too. */
let appTexts = false;

/** The catalogs of `locale` the pages shown so far need, merged (each loaded once). English has none. */
export async function loadMessages(locale: TLocale): Promise<Messages> {
  if (locale === 'en') return {};
  const parts: CatalogPart[] = appTexts ? ['public', 'app'] : ['public'];
  return Object.assign({}, ...(await Promise.all(parts.map((part) => loadPart(locale, part)))));
}

let latest = 0;
let requested: TLocale | undefined;

/** Loads `locale` and makes it the app's language (the <html lang dir> too, in a browser). */
export async function activateLocale(locale: TLocale): Promise<void> {
  const request = ++latest;
  requested = locale;
  const messages = await loadMessages(locale);
  // A later call (another language, or the app's texts) decides.
  if (request !== latest) return;
  if (i18n.locale !== locale || Object.keys(messages).length !== Object.keys(i18n.messages).length)
    i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dir = LOCALE_INFO[locale].dir;
  }
}

/**
 * The app's screens (the dashboard) are opening: their texts load beside the public pages' (in the language
 * shown now, and in every language chosen later). Resolves once they are active.
 */
export function loadAppTexts(): Promise<void> {
  if (appTexts) return Promise.resolve();
  appTexts = true;
  return activateLocale(requested ?? currentLocale());
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
