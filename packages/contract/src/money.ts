import { z } from 'zod';
import { say } from './common.ts';
import { tr } from './i18n.ts';

/** Largest amount a single request may carry: $10,000,000.00. */
export const MAX_TRANSACTION_CENTS = 1_000_000_000;
/** Largest balance an admin may set: $1,000,000,000.00. */
export const MAX_BALANCE_CENTS = 100_000_000_000;

/**
 * Whether a number of dollars is exact in cents: its shortest decimal form (JavaScript's `String(n)`, the
 * shortest text that reads back as the same number) has at most 2 decimals. `0.29` yes; `0.1 + 0.2`
 * (`0.30000000000000004`), `0.300000001` and `1e-7` no. Nothing is rounded: what is not exact is refused.
 */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  if (!Number.isFinite(dollars)) return false;
  if (Number.isInteger(dollars)) return true;
  return /^-?\d+(?:\.\d{1,2})?$/.test(String(dollars));
}

/**
 * Dollars to integer cents, exactly (read from the shortest decimal form, never rounded); null when the
 * amount has more than 2 decimals or its cents are beyond a safe integer (`1e21`).
 */
export function dollarsToCents(dollars: number): number | null {
  if (!hasAtMostTwoDecimals(dollars)) return null;
  if (Number.isInteger(dollars)) {
    // Exact: an integer times 100 is exactly representable whenever the result is a safe integer.
    const cents = dollars * 100;
    return Number.isSafeInteger(cents) ? cents + 0 : null; // + 0 turns -0 into 0
  }
  const m = /^(-?)(\d+)\.(\d{1,2})$/.exec(String(dollars))!;
  const cents = Number(m[2]) * 100 + Number(m[3]!.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents : cents;
}

/** Integer cents to dollars for the wire (exact for anything below 2^53 cents). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Formats cents as "1,234.56" (no currency sign). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

function dollarAmount(maxCents: number, allowZero: boolean) {
  return z
    .number(say(() => tr('validation.amountMustBeANumber', 'Amount must be a number')))
    .refine(
      (v) => Number.isFinite(v),
      say(() => tr('validation.amountMustBeAFiniteNumber', 'Amount must be a finite number')),
    )
    .refine(
      (v) => !Number.isFinite(v) || hasAtMostTwoDecimals(v),
      say(() => tr('validation.amountCanHaveAtMost2', 'Amount can have at most 2 decimals')),
    )
    .refine(
      (v) => (allowZero ? v >= 0 : v > 0),
      allowZero
        ? say(() => tr('validation.amountCannotBeNegative', 'Amount cannot be negative'))
        : say(() => tr('validation.amountMustBeGreaterThanZero', 'Amount must be greater than zero')),
    )
    .refine(
      (v) => v <= maxCents / 100,
      say(() => tr('validation.amountTooLarge', 'Amount cannot exceed ${max}', { max: formatCents(maxCents) })),
    );
}

/** A positive transaction amount in dollars (at most 2 decimals, at most $10,000,000). */
export const ZAmount = dollarAmount(MAX_TRANSACTION_CENTS, false);
/** A balance in dollars as an admin may set it (zero allowed). */
export const ZBalance = dollarAmount(MAX_BALANCE_CENTS, true);

/** Client-chosen key that makes a money request safe to retry. */
export const ZIdempotencyKey = z
  .string()
  .trim()
  .min(8, 'idempotencyKey must be 8 to 100 characters')
  .max(100, 'idempotencyKey must be 8 to 100 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'idempotencyKey may only contain letters, digits and _ . : -');
