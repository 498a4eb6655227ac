import { formatCents } from '@vestora/contract';
import type {
  TWithdrawal,
  TWithdrawalCancelInput,
  TWithdrawalRequestInput,
  TWithdrawalReviewInput,
} from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import type { Viewer } from '../../lib/scope.ts';
import { defineFlow, openRequest, runTransition } from '../money/money.core.ts';
import { notifyUser } from '../mail/mail.outbox.ts';
import { toWithdrawal } from './withdrawal.mapper.ts';

/** The held funds come back to the balance. */
const release = (w: { amount_cents: number }, memo: string) => ({
  kind: 'withdrawal_release' as const,
  amountCents: w.amount_cents,
  memo,
});

/**
 * A withdrawal: requesting holds the funds at once (`withdrawal_hold`); an admin approves (paid: the held
 * funds leave for good, no new entry) or rejects (`withdrawal_release`); the owner may cancel while pending.
 */
export const withdrawalFlow = defineFlow({
  table: 'withdrawals',
  entity: 'withdrawal',
  plural: 'withdrawals',
  toWire: toWithdrawal,
  transitions: {
    approve: { from: 'pending', to: 'paid' },
    reject: {
      from: 'pending',
      to: 'rejected',
      ledger: (w) => release(w, `Withdrawal rejected: ${w.reason ?? ''}`.trim()),
    },
    cancel: { from: 'pending', to: 'cancelled', owner: true, ledger: (w) => release(w, 'Withdrawal cancelled') },
  },
  refusals: {
    approve: {
      paid: 'This withdrawal was already approved and paid; only pending withdrawals can be reviewed.',
      rejected: 'This withdrawal was already rejected; only pending withdrawals can be reviewed.',
      cancelled: 'This withdrawal was cancelled; only pending withdrawals can be reviewed.',
    },
    reject: {
      paid: 'This withdrawal was already approved and paid; only pending withdrawals can be reviewed.',
      rejected: 'This withdrawal was already rejected; only pending withdrawals can be reviewed.',
      cancelled: 'This withdrawal was cancelled; only pending withdrawals can be reviewed.',
    },
    cancel: {
      paid: 'This withdrawal was already paid, so it can no longer be cancelled.',
      rejected: 'This withdrawal was already rejected and its funds returned; there is nothing to cancel.',
      cancelled: 'This withdrawal is already cancelled.',
    },
  },
});

/** Cashout: a pending withdrawal and the hold on its funds, in one transaction (refused whole if short). */
export async function requestWithdrawal(
  db: Database,
  user: Viewer & { email: string },
  input: TWithdrawalRequestInput,
  /** Runs in the transaction that opens a new request (not on an idempotent replay): e.g. the two-factor code. */
  opts: { checkBeforeCommit?: (trx: Database) => Promise<void> } = {},
): Promise<TWithdrawal> {
  const { checkBeforeCommit } = opts;
  return openRequest(db, withdrawalFlow, user, input, {
    ...(checkBeforeCommit ? { afterInsert: (trx) => checkBeforeCommit(trx) } : {}),
    values: () => ({ method: input.method, details: input.details }),
    sameAs: (w) => w.method === input.method && w.details === input.details,
    ledger: (w) => ({
      kind: 'withdrawal_hold',
      amountCents: -w.amount_cents,
      memo: 'Funds held for a withdrawal request',
    }),
  });
}

/**
 * Admin decision on a pending withdrawal: approve marks it paid, reject returns the funds. The owner is told
 * by email (in the same transaction; skipped when they turned notifications off).
 */
export async function reviewWithdrawal(
  db: Database,
  admin: Viewer,
  input: TWithdrawalReviewInput,
  now: Date = new Date(),
): Promise<TWithdrawal> {
  const paid = input.decision === 'approve';
  return runTransition(db, withdrawalFlow, input.decision, {
    id: input.id,
    actor: admin,
    set: {
      reason: input.reason ? input.reason : null,
      payout_reference: paid && input.payoutReference ? input.payoutReference : null,
      reviewed_by: admin.id,
      reviewed_at: new Date(),
    },
    after: async (trx, w) => {
      const amount = `$${formatCents(w.amount_cents)}`;
      if (paid) {
        await notifyUser(
          trx,
          w.user_id,
          'withdrawal.paid',
          {
            subject: `Withdrawal of ${amount} paid`,
            paragraphs: [
              `Your withdrawal of ${amount} (${w.method}) was approved and paid.`,
              ...(w.payout_reference ? [`Payment reference: ${w.payout_reference}`] : []),
            ],
          },
          now,
        );
      } else {
        await notifyUser(
          trx,
          w.user_id,
          'withdrawal.rejected',
          {
            subject: `Withdrawal of ${amount} rejected`,
            paragraphs: [
              `Your withdrawal of ${amount} was not approved; the funds are back in your balance.`,
              ...(w.reason ? [`Reason: ${w.reason}`] : []),
            ],
          },
          now,
        );
      }
    },
  });
}

/** The owner takes back a pending withdrawal (an admin may cancel anyone's); its funds return. */
export async function cancelWithdrawal(
  db: Database,
  actor: Viewer,
  input: TWithdrawalCancelInput,
): Promise<TWithdrawal> {
  return runTransition(db, withdrawalFlow, 'cancel', { id: input.id, actor, set: { cancelled_at: new Date() } });
}
