// The other order of "one bank transfer, one credit" (#27): an admin confirms a member's report by hand after the
// bank statement already credited that transfer (a line credited the member the same amount, near the report's
// date, without proving any report). The confirmation credits nothing and says which line credited it.
import { tr } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { SAME_TRANSFER_WINDOW_DAYS } from './bank-statement.matcher.ts';
import { centsText } from './bank-statement.types.ts';
import * as repo from './bank-statement.repo.ts';

const day = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Before a hand confirmation of deposit `depositId`: takes the member's credit lock (a statement approval takes
 * it too, so the two decide one after the other) and refuses (409) when a statement line credited this transfer.
 */
export async function refuseCreditedTransfer(trx: Transaction<DB>, depositId: string): Promise<void> {
  const d = await repo.findDepositForReview(trx, depositId);
  if (!d || d.method !== 'bank') return;
  await repo.lockMemberCredits(trx, [d.user_id]);
  // Read again under the lock: an approval may have confirmed it meanwhile (the transition then refuses).
  const now = await repo.findDepositForReview(trx, depositId);
  if (!now || now.status !== 'pending' || now.statement_line_id !== null) return;
  const created = new Date(now.created_at);
  const line = await repo.findCreditedLineLike(trx, {
    userId: now.user_id,
    amountCents: Number(now.amount_cents),
    from: day(created, -SAME_TRANSFER_WINDOW_DAYS - 1),
    to: day(created, SAME_TRANSFER_WINDOW_DAYS + 1),
  });
  if (!line) return;
  throw new AppError(
    'INVALID_STATE',
    tr(
      'deposit.creditedByStatement',
      'This transfer is credited already: the bank statement line {line} of {date} ({amount}) credited it as ' +
        'deposit {deposit}. Nothing was credited; reject this report as a duplicate.',
      {
        line: line.bank_tx_id,
        date: line.booking_date,
        amount: `$${centsText(Number(line.amount_cents))}`,
        deposit: line.deposit_id,
      },
    ),
  );
}
