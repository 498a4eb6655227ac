import type { TDeposit, TDepositRequestInput, TDepositReviewInput } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import type { Viewer } from '../../lib/scope.ts';
import { defineFlow, openRequest, runTransition } from '../money/money.core.ts';
import { toDeposit } from './deposit.mapper.ts';

/**
 * A deposit: the user says "I have sent a transfer" (pending, nothing credited yet); an admin confirms it
 * (the balance is credited once) or rejects it (nothing moves).
 */
export const depositFlow = defineFlow({
  table: 'deposits',
  entity: 'deposit',
  plural: 'deposits',
  toWire: toDeposit,
  transitions: {
    confirm: {
      from: 'pending',
      to: 'confirmed',
      ledger: (d) => ({
        kind: 'deposit',
        amountCents: d.amount_cents,
        memo: `Deposit confirmed (transfer reference ${d.reference})`,
      }),
    },
    reject: { from: 'pending', to: 'rejected' },
  },
  refusals: {
    confirm: {
      confirmed: 'This deposit was already confirmed; only pending deposits can be reviewed.',
      rejected: 'This deposit was already rejected; only pending deposits can be reviewed.',
    },
    reject: {
      confirmed: 'This deposit was already confirmed; only pending deposits can be reviewed.',
      rejected: 'This deposit was already rejected; only pending deposits can be reviewed.',
    },
  },
});

/** "I have sent a transfer": a pending deposit; the same idempotency key answers the first one. */
export async function requestDeposit(
  db: Database,
  user: Viewer & { email: string },
  input: TDepositRequestInput,
): Promise<TDeposit> {
  return openRequest(db, depositFlow, user, input, {
    values: () => ({ reference: input.reference }),
    sameAs: (d) => d.reference === input.reference,
  });
}

/** Admin decision on a pending deposit: confirm credits the balance exactly once; reject credits nothing. */
export async function reviewDeposit(db: Database, admin: Viewer, input: TDepositReviewInput): Promise<TDeposit> {
  return runTransition(db, depositFlow, input.decision, {
    id: input.id,
    actor: admin,
    set: { reason: input.reason ? input.reason : null, reviewed_by: admin.id, reviewed_at: new Date() },
  });
}
