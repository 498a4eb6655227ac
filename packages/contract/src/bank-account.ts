// A member's bank account for a payout (#34: the cashout asked only for "an account number", and the payment file
// had no bank to name): an IBAN with its BIC, or a US account with its ABA routing number, each checked by its own
// check digits before a payout is requested. The form and the server use the same rules.
import { z } from 'zod';
import { tr } from './i18n.ts';
import { say } from './common.ts';

const compact = (v: string) => v.replace(/[\s-]+/g, '').toUpperCase();

/** Whether `value` is an IBAN: country, check digits, 11 to 30 letters and digits, and ISO 7064 mod 97-10 gives 1. */
export function isValidIban(value: string): boolean {
  const iban = compact(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    rest = (rest * (n > 9 ? 100 : 10) + n) % 97;
  }
  return rest === 1;
}

/** Whether `value` is a BIC (SWIFT code): bank (4 letters or digits), country (2 letters), place (2), branch (3, optional). */
export function isValidBic(value: string): boolean {
  return /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(value));
}

/** Whether `value` is an ABA routing number: 9 digits whose 3-7-1 weighted sum is a multiple of 10. */
export function isValidAbaRouting(value: string): boolean {
  const digits = compact(value);
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** A US account number: 4 to 17 digits. */
export const isValidUsAccountNumber = (value: string) => /^\d{4,17}$/.test(compact(value));

/**
 * The first valid IBAN written in free text ("IBAN: DE89 3704 0044 0532 0130 00, Commerzbank"), compacted, or null.
 * Legacy payout details are one text: a payment file can still name the account when the text holds an IBAN.
 */
export function findIban(text: string): string | null {
  const upper = text.toUpperCase();
  for (const m of upper.matchAll(/[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}/g)) {
    const run = compact(m[0]);
    // A word after the IBAN may have joined the run: try the longest prefix with valid check digits.
    for (let end = run.length; end >= 15; end--) if (isValidIban(run.slice(0, end))) return run.slice(0, end);
  }
  return null;
}

/** The BIC named in free text after "BIC" or "SWIFT" ("BIC: COBADEFFXXX"), or null. */
export function findBic(text: string): string | null {
  const m = /\b(?:BIC|SWIFT)(?:\s*code)?\s*[:=]?\s*([A-Z0-9]{8}(?:[A-Z0-9]{3})?)\b/i.exec(text);
  return m && isValidBic(m[1]!) ? m[1]!.toUpperCase() : null;
}

const ibanSchema = z
  .string()
  .trim()
  .refine(
    isValidIban,
    say(() =>
      tr(
        'validation.ibanInvalid',
        'This is not a valid IBAN: check each letter and digit (its check digits do not match).',
      ),
    ),
  )
  .transform(compact);

const bicSchema = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || isValidBic(v),
    say(() =>
      tr('validation.bicInvalid', 'Enter the BIC (SWIFT code) as 8 or 11 letters and digits, for example COBADEFFXXX.'),
    ),
  )
  .transform((v) => (v === '' ? null : compact(v)));

/** A payout's bank account: an IBAN (with its BIC, which banks outside the SEPA area need) or a US account. */
export const ZBankPayee = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('iban'), iban: ibanSchema, bic: bicSchema.optional() }),
  z.strictObject({
    kind: z.literal('us'),
    routingNumber: z
      .string()
      .trim()
      .refine(
        isValidAbaRouting,
        say(() =>
          tr(
            'validation.routingInvalid',
            'Enter the 9-digit ABA routing number; this one does not add up (check its digits).',
          ),
        ),
      )
      .transform(compact),
    accountNumber: z
      .string()
      .trim()
      .refine(
        isValidUsAccountNumber,
        say(() => tr('validation.usAccountInvalid', 'Enter the account number: 4 to 17 digits.')),
      )
      .transform(compact),
  }),
]);
export type TBankPayee = z.output<typeof ZBankPayee>;
export type TBankPayeeInput = z.input<typeof ZBankPayee>;

/** An IBAN in groups of four, as people read it: "DE89 3704 0044 0532 0130 00". */
export const groupedIban = (iban: string) => compact(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** The payout details text of a bank account (what the admin and the member read on the withdrawal). */
export function bankPayeeText(payee: TBankPayee): string {
  if (payee.kind === 'us') return `ABA ${payee.routingNumber} / ACCT ${payee.accountNumber}`;
  return payee.bic ? `IBAN ${groupedIban(payee.iban)} / BIC ${payee.bic}` : `IBAN ${groupedIban(payee.iban)}`;
}

/** The structured columns of a payout, from its bank account, else from legacy free text holding an IBAN. */
export interface BankColumns {
  bankIban: string | null;
  bankBic: string | null;
  bankRoutingNumber: string | null;
  bankAccountNumber: string | null;
}

export function bankColumns(payee: TBankPayee | undefined, details: string): BankColumns {
  if (payee?.kind === 'us')
    return {
      bankIban: null,
      bankBic: null,
      bankRoutingNumber: payee.routingNumber,
      bankAccountNumber: payee.accountNumber,
    };
  if (payee?.kind === 'iban')
    return { bankIban: payee.iban, bankBic: payee.bic ?? null, bankRoutingNumber: null, bankAccountNumber: null };
  const iban = findIban(details);
  return { bankIban: iban, bankBic: iban ? findBic(details) : null, bankRoutingNumber: null, bankAccountNumber: null };
}
