import { LOCALE_INFO, currentLocale, intlLocale } from '../i18n';

const DASH = '—';

/** Formatters of the language shown now, built once per language and options. */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = intlLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}
const money = {
  format: (v: number) =>
    numberFormat({ style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v),
};
const twoDecimals = {
  format: (v: number) => numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v),
};
const integer = { format: (v: number) => numberFormat({ maximumFractionDigits: 0 }).format(v) };

/**
 * In a right-to-left language a figure `Intl` writes (a date with its right-to-left marks, an amount with its
 * currency) is isolated as one right-to-left run (U+2067 ... U+2069, what `<bdi dir="rtl">` does), so the text
 * around it, a left-to-right cell or an English word beside it, cannot reorder its parts ("012027/01/", "$US 999").
 */
export function isolated(text: string): string {
  return LOCALE_INFO[currentLocale()].dir === 'rtl' ? `\u2067${text}\u2069` : text;
}

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Dollars with a sign, separators and 2 decimals: `$1,234.50`, `-$3.00`. */
export function formatMoney(value: number | null | undefined): string {
  return isNumber(value) ? isolated(money.format(value)) : DASH;
}

/** A plain number with separators and exactly 2 decimals: `1,234.50`. */
export function formatDecimal(value: number | null | undefined): string {
  return isNumber(value) ? twoDecimals.format(value) : DASH;
}

/** A whole number with separators: `50,000`. */
export function formatInteger(value: number | null | undefined): string {
  return isNumber(value) ? integer.format(value) : DASH;
}

/**
 * A coin price in USD with separators. Prices under a dollar keep enough digits to mean
 * something (0.00001234), larger ones use cents.
 */
export function formatPrice(value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  const abs = Math.abs(value);
  const digits = abs === 0 || abs >= 1 ? 2 : abs >= 0.01 ? 4 : 8;
  return numberFormat({
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A change in percent with 2 decimals and an explicit sign: `+1.25%`, `-0.40%` (`+1,25 %` in German). */
export function formatPercent(value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  return numberFormat({
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}

/** Dollars in billions with 2 decimals: `$1,302.48B`. */
export function formatBillions(value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  if (intlLocale() === 'en-US') return `$${twoDecimals.format(value / 1e9)}B`;
  return numberFormat({
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** A timestamp in the reader's locale, e.g. `Mar 7, 2025, 2:05 PM`. Invalid input gives a dash. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return DASH;
  return isolated(date.toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }));
}

/** A date without time in the reader's locale, e.g. `Mar 7, 2025`. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return DASH;
  return isolated(date.toLocaleDateString(intlLocale(), { dateStyle: 'medium' }));
}

/** A calendar day (`2026-12-31`, no time) in the reader's locale, e.g. `Dec 31, 2026`: read as UTC, so no time zone moves it. */
export function formatDay(isoDay: string | null | undefined): string {
  if (!isoDay) return DASH;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDay) ? `${isoDay}T00:00:00Z` : isoDay);
  if (Number.isNaN(date.getTime())) return DASH;
  return isolated(date.toLocaleDateString(intlLocale(), { dateStyle: 'long', timeZone: 'UTC' }));
}
