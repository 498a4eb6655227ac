/**
 * The server's own texts in the member's language (#22): e-mails, notifications, statements. A text is written
 * once, in English, as a descriptor `tm('id', 'English ICU message', values?)` (same shape as the contract's
 * `tr`, so `Msg`); `renderIn(locale, msg)` gives it in a language. Catalogs: packages/server/src/locales/<locale>.po,
 * kept up to date by `pnpm --filter @vestora/server i18n:extract` (catalog.test.ts fails when they are not), read
 * and compiled once per process on first use. English is the descriptor's own message.
 *
 * `tm`'s first two arguments must be string literals (the extractor reads them from the source).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  DEFAULT_LOCALE,
  formatCents,
  LOCALES,
  type Msg,
  type MsgValues,
  type TLocale,
  matchLocale,
  statementMonthLabel,
} from '@vestora/contract';
import { parsePo } from './po.ts';

export type { Msg, MsgValues } from '@vestora/contract';

/** A server text: an id, its English ICU message, and the values of its placeholders. */
export function tm(id: string, message: string, values?: MsgValues): Msg {
  return values ? { id, message, values } : { id, message };
}

/** The folder of the catalogs: src/locales next to src/i18n, or dist/locales next to the bundled dist/main.js. */
function catalogDir(): string {
  for (const rel of ['../locales/', './locales/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}${DEFAULT_LOCALE}.po`)) return dir;
  }
  throw new Error('the server message catalogs (src/locales/*.po) are missing');
}

/** A locale's translations from its catalog (empty translations are left out: the English text stands in). */
export function readCatalog(locale: TLocale, dir = catalogDir()): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const e of parsePo(readFileSync(`${dir}${locale}.po`, 'utf8'))) {
    if (e.translation) messages[e.id] = e.translation;
  }
  return messages;
}

let instances: Map<TLocale, I18n> | undefined;

function i18nFor(locale: TLocale): I18n {
  if (!instances) {
    const dir = catalogDir();
    instances = new Map();
    for (const l of LOCALES) {
      const i18n = setupI18n();
      i18n.setMessagesCompiler(compileMessage);
      // English is each descriptor's own message (compiled when used), so it never drifts from the source.
      i18n.loadAndActivate({ locale: l, messages: l === DEFAULT_LOCALE ? {} : readCatalog(l, dir) });
      instances.set(l, i18n);
    }
  }
  return instances.get(locale) ?? instances.get(DEFAULT_LOCALE)!;
}

const MONEY = '@@money:';
const DAY = '@@day:';
const MONTH = '@@month:';

/**
 * A value that is an amount of whole cents: written as money in the reader's locale when the text is rendered
 * (`$1,234.50` in English, `1.234,50 $` in German), exactly. Values stay plain strings, so a stored descriptor
 * (a notification) keeps it and each reader sees their own format.
 */
export function money(cents: number): string {
  return `${MONEY}${Math.trunc(cents)}`;
}

/** A value that is a calendar day (UTC): written as a long date in the reader's locale (`November 27, 2026`). */
export function day(at: Date | string): string {
  return `${DAY}${new Date(at).toISOString().slice(0, 10)}`;
}

/** A value that is a calendar month (`2026-11`): written as month and year in the reader's locale (`November 2026`). */
export function month(key: string): string {
  return `${MONTH}${key}`;
}

/** A month (`2026-11`) as the locale names it: `November 2026`, `November 2026` (de), `noviembre de 2026`. */
export function formatMonth(locale: TLocale | string | null | undefined, key: string): string {
  const l = intlLocale(locale);
  if (l === DEFAULT_LOCALE) return statementMonthLabel(key);
  return new Intl.DateTimeFormat(l, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${key}-01T00:00:00Z`),
  );
}

function resolveValue(locale: TLocale, value: string | number): string | number {
  if (typeof value !== 'string') return value;
  if (value.startsWith(MONEY)) return formatCentsIn(locale, Number(value.slice(MONEY.length)));
  if (value.startsWith(MONTH)) return formatMonth(locale, value.slice(MONTH.length));
  if (value.startsWith(DAY)) {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${value.slice(DAY.length)}T00:00:00Z`),
    );
  }
  return value;
}

/** A descriptor's text in `locale` (an unknown or missing locale: English). */
export function renderIn(locale: TLocale | string | null | undefined, msg: Msg): string {
  const l = matchLocale(locale) ?? DEFAULT_LOCALE;
  const values = msg.values
    ? Object.fromEntries(Object.entries(msg.values).map(([k, v]) => [k, resolveValue(l, v)]))
    : undefined;
  return i18nFor(l)._({ id: msg.id, message: msg.message, ...(values ? { values } : {}) });
}

/** A translator bound to one locale: `t(tm(...))`. */
export function translatorFor(locale: TLocale | string | null | undefined): (msg: Msg) => string {
  return (msg) => renderIn(locale, msg);
}

/** `Intl` tag of a locale (the same tags: `pt-BR`, `ar`...). */
export function intlLocale(locale: TLocale | string | null | undefined): TLocale {
  return matchLocale(locale) ?? DEFAULT_LOCALE;
}

/**
 * An amount of whole cents as money in the locale (`$1,234.50`, `1.234,50 $`, `‏1,234.50 US$`), exact. It takes
 * cents, so it says so: the name `formatMoney` is the web's, which takes dollars as the wire carries them.
 */
export function formatCentsIn(locale: TLocale | string | null | undefined, cents: number | bigint): string {
  // English as the product always wrote it (`$1,234.50`, `$-5.00`): e-mails and tests rely on it.
  if (intlLocale(locale) === DEFAULT_LOCALE) return `$${formatCents(Number(cents))}`;
  const c = BigInt(cents);
  const negative = c < 0n;
  const abs = negative ? -c : c;
  // A decimal string keeps the amount exact beyond 2^53 (Intl takes strings as exact decimals).
  const decimal = `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'USD' }).format(
    decimal as unknown as number,
  );
}
