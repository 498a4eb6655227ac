// The lookups matching needs, in batches: members by reference, their open reports and hand confirmations,
// our payouts by end-to-end id; the decisions themselves are pure (bank-statement.matcher.ts).
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  type CreditCandidates,
  type LineDecision,
  lineReferences,
  matchLine,
  SAME_TRANSFER_WINDOW_DAYS,
} from './bank-statement.matcher.ts';
import * as repo from './bank-statement.repo.ts';
import { type ParsedStatement } from './bank-statement.types.ts';

/** The match each new line proposes, from lookups made in batches (one per kind of record and batch of lines). */
export async function matchAll(
  trx: Transaction<DB>,
  lines: ParsedStatement['lines'],
  accountCurrency: string,
): Promise<LineDecision[]> {
  const refs = [...new Set(lines.flatMap((l) => (l.amountCents > 0 ? lineReferences(l) : [])))];
  const members = await repo.findMembersByReference(trx, refs);
  const dates = lines.map((l) => l.bookingDate).sort();
  const candidatesByUser = await creditCandidates(
    trx,
    [...new Set([...members.values()].map((m) => m.id))],
    dates[0] ?? '1970-01-01',
    dates[dates.length - 1] ?? '1970-01-01',
  );
  const e2e = [...new Set(lines.map((l) => l.endToEndId).filter((x): x is string => x !== null))];
  const withdrawals = await repo.findWithdrawalsByEndToEnd(trx, e2e);
  const ctx = { accountCurrency, members, candidatesByUser, withdrawals };
  return lines.map((l) => matchLine(l, ctx));
}

const DAY_MS = 86_400_000;

/** The report dates a credit line booked between `fromDate` and `toDate` may prove (see decideCredit). */
export function creditCandidateWindow(fromDate: string, toDate: string): { from: Date; to: Date } {
  const window = (SAME_TRANSFER_WINDOW_DAYS + 1) * DAY_MS;
  return {
    from: new Date(Date.parse(`${fromDate}T00:00:00Z`) - window),
    to: new Date(Date.parse(`${toDate}T00:00:00Z`) + window),
  };
}

/** Per member, the deposits credit lines booked between `fromDate` and `toDate` may prove (see decideCredit). */
export async function creditCandidates(
  trx: Transaction<DB>,
  userIds: string[],
  fromDate: string,
  toDate: string,
): Promise<Map<string, CreditCandidates>> {
  const window = creditCandidateWindow(fromDate, toDate);
  const rows = await repo.findCreditCandidates(trx, userIds, window.from, window.to);
  const byUser = new Map<string, CreditCandidates>();
  for (const r of rows) {
    const c = byUser.get(r.user_id) ?? { pending: [], handConfirmed: [] };
    const d = { id: r.id, amount_cents: Number(r.amount_cents), created_at: r.created_at };
    if (r.status === 'pending') c.pending.push(d);
    else c.handConfirmed.push(d);
    byUser.set(r.user_id, c);
  }
  return byUser;
}
