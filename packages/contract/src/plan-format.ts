// A plan's terms as text, without zod: the public pages' code uses these and no schema (see plan-terms.ts).

/** A decimal with at most 2 decimals and no trailing zeros: 2 → "2", 0.5 → "0.5", 6.25 → "6.25". */
export function trimDecimal(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const frac = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/**
 * Integer cents as the legacy plan texts write money: "$1,000" for whole dollars, "$1,000.50" otherwise (en-US,
 * whatever the reader's language: these texts are the legacy API's). Named for its unit like every formatter:
 * `formatMoney` (web) takes dollars as the wire carries them, a `…Cents` formatter takes integer cents.
 */
export function formatCentsShort(amountCents: number): string {
  const whole = Math.floor(amountCents / 100).toLocaleString('en-US');
  const c = amountCents % 100;
  return c === 0 ? `$${whole}` : `$${whole}.${String(c).padStart(2, '0')}`;
}

/** "7%", "6.5%". */
export function formatRateBps(bps: number): string {
  return `${trimDecimal(bps)}%`;
}

/** Years as the legacy text writes them: 24 → "2", 6 → "0.5", 4 → "0.33" (rounded to 2 decimals). */
export function formatTermYears(termMonths: number): string {
  return trimDecimal(Math.round((termMonths * 100) / 12));
}

/** Simple interest over the whole term, exact: floor(principal × bps × months / 120000) cents. */
export function termInterestCents(principalCents: number, annualRateBps: number, termMonths: number): number {
  return Number((BigInt(principalCents) * BigInt(annualRateBps) * BigInt(termMonths)) / 120_000n);
}
