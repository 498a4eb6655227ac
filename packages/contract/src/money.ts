import { z } from 'zod';
import { say } from './common.ts';
import { tr } from './i18n.ts';
import { MAX_BALANCE_CENTS, MAX_TRANSACTION_CENTS, formatCents, hasAtMostTwoDecimals } from './money-amounts.ts';

export {
  MAX_BALANCE_CENTS,
  MAX_TRANSACTION_CENTS,
  centsToDollars,
  dollarsToCents,
  formatCents,
  hasAtMostTwoDecimals,
} from './money-amounts.ts';

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
