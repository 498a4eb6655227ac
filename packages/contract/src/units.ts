// Amounts of any asset as integers of its smallest unit (`bigint`), and as decimal strings on the wire.
// USD has scale 2 (cents), BTC 8 (satoshis), ETH 18 (wei): `parseUnits('0.0012', 8)` is 120000n satoshis.
// Nothing here goes through a float: the money path's lint rule (eslint.config.js, `money/no-float`) checks it.
// Without zod, so the public pages may format amounts without loading schemas: zUnits is in units-schema.ts.
import { type Msg, tr } from './i18n.ts';

/** The most decimals an asset may have: 78 digits hold any unsigned 256-bit integer (an ERC-20 token's range). */
export const MAX_SCALE = 78;
/** The most digits an amount may have in its smallest unit: enough for any unsigned 256-bit integer (2^256 - 1). */
export const MAX_UNITS_DIGITS = 78;

/**
 * The scales known before the platform's list of assets reaches a screen (USD's cents, Bitcoin's satoshis, ether's
 * wei). A listed asset's own scale, as the server sends it, wins over this table.
 */
export const KNOWN_ASSET_SCALES: Readonly<Record<string, number>> = { USD: 2, BTC: 8, ETH: 18 };

/** Why a decimal string is not an amount. */
export type UnitsRefusal =
  | 'empty' // '' (or only a sign)
  | 'exponent' // '1e-8', '1E3': a float's form, never an exact amount
  | 'sign' // '-1' where amounts cannot be negative
  | 'malformed' // '+1' (never written), ' 1', '1,5', '.5', '5.', '0x10', 'abc'
  | 'tooManyDecimals' // '0.001' for a scale of 2
  | 'tooLarge' // more than MAX_UNITS_DIGITS digits in the smallest unit, or above the `max` asked for
  | 'notPositive'; // '0' where the amount must be above zero

export type UnitsParse = { ok: true; value: bigint } | { ok: false; reason: UnitsRefusal; message: Msg };

export interface ParseUnitsOptions {
  /** A leading '-' is allowed (an adjustment, a ledger line); otherwise it is refused (`sign`). */
  signed?: boolean;
  /** Zero is refused (`notPositive`), e.g. for a transfer. */
  positive?: boolean;
  /** The largest amount in the smallest unit (`tooLarge` above it; a negative one is compared by its size). */
  max?: bigint;
}

function checkScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw new RangeError(`scale must be an integer from 0 to ${MAX_SCALE}, got ${String(scale)}`);
  }
}

/** 10^scale, the number of smallest units in one whole unit (100n for USD, 100000000n for BTC). */
export function unitsPerWhole(scale: number): bigint {
  checkScale(scale);
  return 10n ** BigInt(scale);
}

/** The message of a refusal, in the reader's language (zod says it; the server's errors send it). */
export function unitsRefusalMessage(reason: UnitsRefusal, scale: number, max?: bigint): Msg {
  switch (reason) {
    case 'empty':
      return tr('validation.units.empty', 'Amount is required');
    case 'exponent':
      return tr('validation.units.exponent', 'Write the amount in plain digits, without an exponent (like 0.00012)');
    case 'sign':
      return tr('validation.amountCannotBeNegative', 'Amount cannot be negative');
    case 'malformed':
      return tr('validation.units.malformed', 'Write the amount in digits with a point for decimals (like 12.5)');
    case 'tooManyDecimals':
      return tr('validation.units.tooManyDecimals', 'Amount can have at most {scale} decimals', { scale });
    case 'tooLarge':
      return max === undefined
        ? tr('validation.units.tooLong', 'Amount has too many digits')
        : tr('validation.units.tooLarge', 'Amount cannot exceed {max}', { max: formatUnits(max, scale) });
    case 'notPositive':
      return tr('validation.amountMustBeGreaterThanZero', 'Amount must be greater than zero');
  }
}

const refuse = (reason: UnitsRefusal, scale: number, max?: bigint): UnitsParse => ({
  ok: false,
  reason,
  message: unitsRefusalMessage(reason, scale, max),
});

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string (`'12.50'`, `'0.00012'`, `'-3'`) as an integer of the asset's smallest unit, exactly:
 * `parseUnits('0.0012', 8)` → `{ ok: true, value: 120000n }`. Only plain digits with an optional point and
 * decimals are read; an exponent (`'1e-8'`), more decimals than the scale, a sign where none is allowed, blanks,
 * separators or anything else are refused with a reason, never rounded or guessed. Trailing zeros beyond the
 * scale are still decimals too many (`'1.000'` for USD): the wire writes an asset's scale at most.
 *
 * Throws a RangeError only for a scale that is no asset's (not an integer from 0 to MAX_SCALE): a program's bug.
 */
export function parseUnits(decimal: string, scale: number, options: ParseUnitsOptions = {}): UnitsParse {
  checkScale(scale);
  if (typeof decimal !== 'string') return refuse('malformed', scale);
  if (decimal === '' || decimal === '-' || decimal === '+') return refuse('empty', scale);
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(decimal)) return refuse('exponent', scale);
  const m = DECIMAL.exec(decimal);
  if (!m) return refuse('malformed', scale);
  const [, minus, whole = '', fraction = ''] = m;
  if (minus && !options.signed) return refuse('sign', scale);
  if (fraction.length > scale) return refuse('tooManyDecimals', scale);
  const digits = (whole + fraction.padEnd(scale, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_UNITS_DIGITS) return refuse('tooLarge', scale);
  const size = BigInt(digits);
  if (options.max !== undefined && size > (options.max < 0n ? -options.max : options.max)) {
    return refuse('tooLarge', scale, options.max);
  }
  if (options.positive && size === 0n) return refuse('notPositive', scale);
  // '-0' reads as 0: there is no negative zero among integers.
  return { ok: true, value: minus ? -size : size };
}

export interface FormatUnitsOptions {
  /**
   * Drop trailing zeros of the decimals (`'0.0012'` rather than `'0.00120000'`), keeping at least
   * `minDecimals`; a whole amount then has no point (`'2'`). Default: every decimal of the scale is written.
   */
  trim?: boolean;
  /** With `trim`, the decimals always written (2 for `'12.50'` in USD). */
  minDecimals?: number;
}

/**
 * An integer of an asset's smallest unit as its decimal string, exactly (no grouping, `.` for decimals, a leading
 * `-` when negative): `formatUnits(120000n, 8)` → `'0.00120000'`; with `{ trim: true }` → `'0.0012'`. What
 * parseUnits reads back to the same value: the wire form. For the reader's digits, see the web's formatAssetAmount.
 */
export function formatUnits(units: bigint, scale: number, options: FormatUnitsOptions = {}): string {
  checkScale(scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  if (options.trim) {
    const keep = Math.min(scale, Math.max(0, options.minDecimals ?? 0));
    fraction = fraction.replace(/0+$/, '').padEnd(keep, '0');
  }
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Today's integer cents (a JavaScript number) as USD's smallest unit; null for anything that is not a safe
 * integer (a fraction of a cent, NaN, beyond 2^53 - 1), which no stored amount is.
 */
export function centsToUnits(cents: number): bigint | null {
  return Number.isSafeInteger(cents) ? BigInt(cents) : null;
}

/**
 * USD's smallest unit back to today's integer cents (a JavaScript number); null when it is beyond a safe integer
 * (|units| > 2^53 - 1), where a number would no longer be exact.
 */
export function unitsToCents(units: bigint): number | null {
  if (units > BigInt(Number.MAX_SAFE_INTEGER) || units < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  // The one door from bigint back to number: exact here, since the value is a safe integer.
  // eslint-disable-next-line money/no-float -- checked just above: a safe integer converts exactly
  return Number(units);
}
