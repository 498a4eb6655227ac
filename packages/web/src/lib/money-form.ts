import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { ZAmount, ZBalance } from '@vestora/contract';
import { intlLocale } from '../i18n';

/** Arabic-Indic and Persian digits, and the Arabic decimal and group signs, as ASCII. */
function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
}

/** Whether the language shown writes a decimal comma (`250,50` in German, Spanish, Portuguese). */
function decimalComma(): boolean {
  const sign = new Intl.NumberFormat(intlLocale()).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return sign === ',';
}

/**
 * A typed dollar figure as plain digits with a decimal point ("1,250.50" → "1250.50"), read the way the reader
 * writes numbers: with a decimal comma, "1.250,50" and "250,5" are read as such, and a dot before exactly three
 * digits groups thousands ("1.250" is 1250) while a dot before one or two final digits is still a decimal point.
 * Whatever is left that is not a plain amount fails the check after it.
 */
function plainDollars(text: string): string {
  // Direction marks and isolates (formatMoney isolates a right-to-left figure) are not part of the amount.
  const v = asciiDigits(text.trim()).replace(/[$\s\u00a0\u202f\u200e\u200f\u061c\u2066-\u2069]/g, '');
  if (!decimalComma()) return v.replace(/,/g, '');
  const grouped = v.replace(/\.(?=\d{3}(?:[.,]|$))/g, '');
  return grouped.includes(',') ? grouped.replace(',', '.') : grouped;
}

/**
 * A dollar figure typed into a text box ("1,250.50", "1.250,50" in German), parsed to the number the server expects and
 * then held to the server's own rule for it (`rule`: ZAmount, ZBalance).
 */
function dollarText<T extends z.ZodType<unknown, number>>(rule: T) {
  return z
    .string()
    .trim()
    .min(1, { error: () => t`Enter an amount` })
    .transform(plainDollars)
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
  const v = plainDollars(text);
  return /^\d+(\.\d{1,2})?$/.test(v) ? Number(v) : null;
}
