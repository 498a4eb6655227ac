// #34: the bank's own charges on the platform's account, recognised so they need no manual "Resolve". The rule is
// explicit and conservative: a line is a bank fee only when the bank itself says so with its transaction code and
// nothing on the line says it is someone's money:
//   - the bank's transaction code is an ISO 20022 one whose sub-family is CHRG (charges), in any domain and family:
//     camt.053 Ntry/BkTxCd (or TxDtls/BkTxCd) Domn/Cd + Fmly/Cd + Fmly/SubFmlyCd, e.g. ACMT/MDOP/CHRG (account
//     charges), PMNT/ICDT/CHRG (charges on a transfer we sent), PMNT/RCDT/CHRG; or, in a CSV export, the mapped
//     transaction code column holding such a code (or CHRG alone);
//   - it is a debit (money out), not a return;
//   - it has no counterparty (no name and no account: the bank takes its charge itself, a payment to anyone
//     names its payee);
//   - it carries nothing shaped like a member deposit reference (RF..VS.., check digits right or wrong).
// A line that settles one of our payouts exactly is that payout, never a fee (bank-statement.matcher.ts decides
// that first). Everything else stays an exception for an admin. The fee is booked only when a second
// administrator approves the statement (bank-statement.approval.ts), which shows the statement's fee total.
import type { ParsedLine } from './bank-statement.types.ts';
import { normaliseReference } from './rf-reference.ts';

/** An ISO 20022 bank transaction code (Domain/Family/SubFamily) for charges, or the sub-family alone. */
const CHARGE_CODE = /^(?:[A-Z]{4}\/[A-Z]{4}\/)?CHRG$/;

/** Whether a bank transaction code (as the reader gives it) is one for the bank's charges. */
export function isChargeCode(code: string | null | undefined): boolean {
  return code != null && CHARGE_CODE.test(code.trim().toUpperCase());
}

/** Whether a statement line is the bank's own fee, by the rule above. */
export function isBankFee(
  line: Pick<
    ParsedLine,
    'amountCents' | 'isReturn' | 'counterpartyName' | 'counterpartyAccount' | 'bankTxCode' | 'reference' | 'description'
  >,
): boolean {
  return (
    line.amountCents < 0 &&
    !line.isReturn &&
    !line.counterpartyName &&
    !line.counterpartyAccount &&
    isChargeCode(line.bankTxCode) &&
    !/RF\d{2}VS\d{10}/.test(normaliseReference(`${line.reference ?? ''} ${line.description}`))
  );
}
