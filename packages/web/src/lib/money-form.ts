import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { ZAmount, ZBalance } from '@vestora/contract';

/**
 * A dollar figure typed into a text box ("1,250.50"), parsed to the number the server expects and
 * then held to the server's own rule for it (`rule`: ZAmount, ZBalance).
 */
function dollarText<T extends z.ZodType<unknown, number>>(rule: T) {
  return z
    .string()
    .trim()
    .min(1, { error: () => t`Enter an amount` })
    .transform((v) => v.replace(/[$,\s]/g, ''))
    .pipe(
      z.string().regex(/^\d+(\.\d{1,2})?$/, {
        // Read when the value is checked, so the message is in the language shown then.
        error: () => t`Enter an amount in dollars with at most 2 decimals, e.g. 250.00`,
      }),
    )
    .transform(Number)
    .pipe(rule);
}

/** A transaction amount as typed: positive, at most 2 decimals, within the per-request cap. */
export const ZAmountText = dollarText(ZAmount);
/** A balance as an admin types it: zero or more, at most 2 decimals, within the balance cap. */
export const ZBalanceText = dollarText(ZBalance);

/** Parses a typed dollar figure without validating limits; null when it is not a plain amount. */
export function parseDollars(text: string): number | null {
  const v = text.trim().replace(/[$,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(v) ? Number(v) : null;
}
