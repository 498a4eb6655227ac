import { z } from 'zod';

/** Largest amount a single request may carry: $10,000,000.00. */
export const MAX_TRANSACTION_CENTS = 1_000_000_000;
/** Largest balance an admin may set: $1,000,000,000.00. */
export const MAX_BALANCE_CENTS = 100_000_000_000;

/** Dollars (a JSON number with at most 2 decimals) to integer cents; null when not exactly representable. */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  // 0.1 + 0.2 style float noise is tolerated; a third decimal is not.
  if (Math.abs(dollars * 100 - cents) > 1e-6) return null;
  return cents;
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
    .number({ error: 'Amount must be a number' })
    .refine((v) => Number.isFinite(v), 'Amount must be a finite number')
    .refine((v) => dollarsToCents(v) !== null, 'Amount can have at most 2 decimals')
    .refine(
      (v) => (allowZero ? v >= 0 : v > 0),
      allowZero ? 'Amount cannot be negative' : 'Amount must be greater than zero',
    )
    .refine((v) => (dollarsToCents(v) ?? Infinity) <= maxCents, `Amount cannot exceed $${formatCents(maxCents)}`);
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
