import { KNOWN_ASSET_SCALES, formatUnits, parseUnits } from '@vestora/contract';
import { LOCALE_INFO, currentLocale, intlLocale } from '../i18n';

const DASH = '—';

/** Formatters of the language shown now, built once per language and options. */
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions, locale = intlLocale()): Intl.NumberFormat {
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

/**
 * Dollars with a sign, separators and 2 decimals: `$1,234.50`, `-$3.00` (in the reader's locale; null: a dash).
 *
 * The unit is **dollars**, everywhere: what the wire carries (the legacy `/api/v1` and the tRPC procedures send
 * USD amounts as numbers of dollars with at most 2 decimals), so a screen passes the field as it came. Integer
 * cents (an audit row's `…Cents` field, a sum worked out in cents) go through `centsToDollars` first; the
 * formatters that take cents say so in their names (`formatCents`, `formatCentsShort` in the contract, the
 * server's `formatCentsIn`). Coins and other assets: formatAssetAmount, from their decimal strings.
 */
export function formatMoney(value: number | null | undefined): string {
  return isNumber(value) ? isolated(money.format(value)) : DASH;
}

export interface AssetAmountOptions {
  /** The asset's scale (its decimals), as the server lists it; default: KNOWN_ASSET_SCALES (USD 2, BTC 8, ETH 18). */
  scale?: number;
  /** Drop trailing zeros of the decimals (`0.0012 BTC`); default: every decimal of the scale (`0.00120000 BTC`). */
  trim?: boolean;
  /** With `trim`, the decimals always shown. */
  minDecimals?: number;
  /** An `Intl` locale other than the language shown (a document in another language). */
  locale?: string;
}

/**
 * An amount of an asset given as its decimal string (the wire's form for coins) with the asset's symbol, exactly
 * and in the reader's digits and separators: `formatAssetAmount('0.00120000', 'BTC')` → `0.00120000 BTC`,
 * `1.234,5 ETH`-style in German, Arabic-Indic digits where the locale writes them (`٠٫٠٠١٢٠٠٠٠ BTC`). Never a
 * float: the string is checked against the scale (parseUnits) and handed to `Intl` as an exact decimal, so no digit
 * of 18 decimals or 78 digits is lost. USD reads as formatMoney does (`$1,234.50`). Not an amount of that scale
 * (more decimals, an exponent, garbage), or no scale known for the symbol: a dash.
 */
export function formatAssetAmount(
  decimal: string | null | undefined,
  symbol: string,
  options: AssetAmountOptions = {},
): string {
  const scale = options.scale ?? KNOWN_ASSET_SCALES[symbol.toUpperCase()];
  if (typeof decimal !== 'string' || scale === undefined) return DASH;
  const parsed = parseUnits(decimal, scale, { signed: true });
  if (!parsed.ok) return DASH;
  const text = formatUnits(parsed.value, scale, { trim: options.trim, minDecimals: options.minDecimals });
  const decimals = text.split('.')[1]?.length ?? 0;
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  // Intl reads a string as an exact decimal (ECMA-402 NumberFormat v3), whatever its length.
  const exact = text as unknown as number;
  if (symbol.toUpperCase() === 'USD') {
    return isolated(numberFormat({ style: 'currency', currency: 'USD', ...digits }, options.locale).format(exact));
  }
  return isolated(`${numberFormat(digits, options.locale).format(exact)} ${symbol}`);
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

/**
 * A money request's amount as written for the reader: dollars, or a Bitcoin withdrawal's BTC (#32: it moves no
 * dollars, its `amount` is 0).
 */
export function formatRequestAmount(r: { amount: number; btcAmount?: string | null }): string {
  return typeof r.btcAmount === 'string' ? formatAssetAmount(r.btcAmount, 'BTC') : formatMoney(r.amount);
}
