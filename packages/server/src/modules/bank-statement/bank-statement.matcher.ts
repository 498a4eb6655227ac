// Matching in passes (as accounting tools do): (1) a credit whose member reference is found, in the account's
// currency, credits that member (linking to a deposit already confirmed by hand, else confirming their open
// report of the same amount, else a new deposit: decideCredit); (2) a
// debit whose end-to-end id is one of our exported payouts settles it, and a returned payout gives it back; (3)
// the bank's own charge (bank-statement.fees.ts) is a fee, booked at approval; (4)
// everything else is an exception with its reason. Pure: the caller looks up members, reports and payouts in
// batches (index lookups per batch of lines), so the cost grows with the lines, not with the members.
import type { StatementLineStatus, StatementMatchKind } from '../../db/schema.ts';
import { isBankFee } from './bank-statement.fees.ts';
import { findMemberReferences, isValidRfReference, normaliseReference } from './rf-reference.ts';
import { centsText, type ParsedLine } from './bank-statement.types.ts';

export interface LineDecision {
  status: StatementLineStatus;
  matchKind: StatementMatchKind | null;
  userId: string | null;
  depositId: string | null;
  withdrawalId: string | null;
  reason: string | null;
}

/** A member's deposits a credit line may be the bank's proof of, oldest first (each used by one line at most). */
export interface CreditCandidates {
  /** Open reports (pending, no line yet). */
  pending: { id: string; amount_cents: number }[];
  /** Deposits an admin confirmed by hand that no line proves yet, reported near the line's booking date. */
  handConfirmed: { id: string; amount_cents: number; created_at: Date | string }[];
}

/** What a member's credit line does: confirm a report, link to a hand confirmation, credit anew, or wait. */
export type CreditDecision =
  | { kind: 'confirm'; depositId: string }
  | { kind: 'link'; depositId: string }
  | { kind: 'new' }
  | { kind: 'doubt'; depositId: string; reason: string };

/** How far from a line's booking date a hand-confirmed deposit's report may be and still be that transfer. */
export const SAME_TRANSFER_WINDOW_DAYS = 31;

/** Whether a deposit reported at `createdAt` may be the transfer booked on `bookingDate` (YYYY-MM-DD). */
export function withinTransferWindow(bookingDate: string, createdAt: Date | string): boolean {
  const booked = Date.parse(`${bookingDate}T00:00:00Z`);
  const at = new Date(createdAt).getTime();
  return Math.abs(at - booked) <= (SAME_TRANSFER_WINDOW_DAYS + 1) * 86_400_000;
}

/**
 * One bank transfer is one credit. A deposit confirmed by hand with the line's amount is that transfer: link it
 * (nothing credited). Else an open report of the amount is confirmed by the line. A hand confirmation of another
 * amount near the date may be this transfer mistyped: an exception naming it. Else a new deposit is credited.
 * Takes what it uses out of `c`, so one candidate serves one line.
 */
export function decideCredit(line: { amountCents: number; bookingDate: string }, c: CreditCandidates): CreditDecision {
  const near = c.handConfirmed.filter((d) => withinTransferWindow(line.bookingDate, d.created_at));
  const same = near.find((d) => Number(d.amount_cents) === line.amountCents);
  if (same) {
    c.handConfirmed.splice(c.handConfirmed.indexOf(same), 1);
    return { kind: 'link', depositId: same.id };
  }
  const i = c.pending.findIndex((d) => Number(d.amount_cents) === line.amountCents);
  if (i >= 0) return { kind: 'confirm', depositId: c.pending.splice(i, 1)[0]!.id };
  const other = near[0];
  if (other) {
    return {
      kind: 'doubt',
      depositId: other.id,
      reason:
        `May duplicate deposit ${other.id} (${centsText(Number(other.amount_cents))}, confirmed by hand): ` +
        'check it before crediting this line (assign it to credit, or set it aside).',
    };
  }
  return { kind: 'new' };
}

export interface MatchContext {
  accountCurrency: string;
  /** `closed`: the member closed their account (#27: it receives nothing; the line is returned). */
  members: Map<string, { id: string; closed?: boolean }>;
  /** Per member, the deposits a credit may prove (see decideCredit). */
  candidatesByUser: Map<string, CreditCandidates>;
  withdrawals: Map<string, { id: string; status: string; amount_cents: number }>;
}

/** The member references a line carries: the structured reference when it is one, else any in its texts. */
export function lineReferences(line: Pick<ParsedLine, 'reference' | 'description'>): string[] {
  if (
    line.reference &&
    isValidRfReference(line.reference) &&
    /^RF\d{2}VS\d{10}$/.test(normaliseReference(line.reference))
  )
    return [normaliseReference(line.reference)];
  return findMemberReferences(`${line.reference ?? ''} ${line.description}`);
}

const exception = (reason: string, userId: string | null = null): LineDecision => ({
  status: 'exception',
  matchKind: null,
  userId,
  depositId: null,
  withdrawalId: null,
  reason,
});

export function matchLine(line: ParsedLine, ctx: MatchContext): LineDecision {
  // The bank's own charge, unless it is exactly one of our payouts (then it settles that payout below).
  if (isBankFee(line)) {
    const w = line.endToEndId ? ctx.withdrawals.get(line.endToEndId) : undefined;
    if (!w || -line.amountCents !== w.amount_cents) {
      return { status: 'matched', matchKind: 'fee', userId: null, depositId: null, withdrawalId: null, reason: null };
    }
  }
  // Pass 2 first for what carries our end-to-end id: settlements and returns of our payouts.
  if (line.endToEndId) {
    const w = ctx.withdrawals.get(line.endToEndId);
    if (w && line.amountCents < 0) {
      if (w.status !== 'sent')
        return exception(`The payout ${line.endToEndId} is ${w.status}, not waiting for the bank.`);
      if (-line.amountCents !== w.amount_cents)
        return exception(`The payout ${line.endToEndId} was for a different amount.`);
      return {
        status: 'matched',
        matchKind: 'settle',
        userId: null,
        depositId: null,
        withdrawalId: w.id,
        reason: null,
      };
    }
    if (w && line.amountCents > 0 && line.isReturn) {
      if (w.status !== 'sent' && w.status !== 'paid')
        return exception(`A return of the payout ${line.endToEndId}, which is ${w.status}.`);
      if (line.amountCents !== w.amount_cents)
        return exception(`A return of the payout ${line.endToEndId} for a different amount.`);
      return {
        status: 'matched',
        matchKind: 'return',
        userId: null,
        depositId: null,
        withdrawalId: w.id,
        reason: null,
      };
    }
  }
  if (line.amountCents < 0) return exception('A debit that is none of our exported payouts (a bank fee?).');
  if (line.isReturn) return exception('A returned payment that is none of our payouts.');
  // Pass 1: member credits.
  const refs = lineReferences(line);
  const text = normaliseReference(`${line.reference ?? ''} ${line.description}`);
  if (refs.length === 0) {
    if (/RF\d{2}/.test(text)) return exception('Unknown reference: its check digits are wrong or it names no member.');
    return exception('No reference.');
  }
  const members = refs.map((r) => ctx.members.get(r)).filter((m) => m !== undefined);
  if (members.length === 0) return exception(`Unknown reference ${refs.join(', ')}: no member has it.`);
  if (new Set(members.map((m) => m.id)).size > 1)
    return exception(`Ambiguous: it names several members (${refs.join(', ')}).`);
  const userId = members[0]!.id;
  if (members[0]!.closed) {
    return exception('The member closed their account: it receives nothing. Return the money to the sender.', userId);
  }
  if (line.currency !== ctx.accountCurrency) {
    return exception(`Wrong currency: ${line.currency} on a ${ctx.accountCurrency} account (never converted).`, userId);
  }
  const decision = decideCredit(line, ctx.candidatesByUser.get(userId) ?? { pending: [], handConfirmed: [] });
  if (decision.kind === 'doubt') return { ...exception(decision.reason, userId), depositId: decision.depositId };
  return {
    status: 'matched',
    matchKind: decision.kind === 'link' ? 'link' : 'credit',
    userId,
    depositId: decision.kind === 'new' ? null : decision.depositId,
    withdrawalId: null,
    reason: null,
  };
}
