// Amounts as integer cents, without zod: the public pages' code uses these and no schema (see money.ts).

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
