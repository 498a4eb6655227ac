import { tr } from '@vestora/contract';
import type { TDeposit, TDepositRequestInput, TDepositReviewInput } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { money, tm } from '../../i18n/i18n.ts';
import type { Viewer } from '../../lib/scope.ts';
import { AppError } from '../../lib/errors.ts';
import { defineFlow, type FlowEnv, openRequest, runTransitionIn } from '../money/money.core.ts';
import { refuseCreditedTransfer } from '../statement/statement.once.ts';
import { lockUserAndCountFlows } from '../money/money.repo.ts';
import { toDeposit } from './deposit.mapper.ts';

/**
 * A deposit: the user says "I have sent a transfer" (pending, nothing credited yet); an admin confirms it
 * (the balance is credited once) or rejects it (nothing moves).
 */
// Why a review is refused, by the status the deposit is already in.
const ALREADY_CONFIRMED = tr(
  'deposit.alreadyConfirmed',
  'This deposit was already confirmed; only pending deposits can be reviewed.',
);
const ALREADY_REJECTED = tr(
  'deposit.alreadyRejected',
  'This deposit was already rejected; only pending deposits can be reviewed.',
);

export const depositFlow = defineFlow({
  table: 'deposits',
  entity: 'deposit',
  plural: 'deposits',
  toWire: toDeposit,
  transitions: {
    confirm: {
      from: 'pending',
      to: 'confirmed',
      by: 'admin',
      ledger: (d) => ({
        kind: 'deposit',
        amountCents: d.amount_cents,
        memo: d.statement_line_id
          ? `Deposit confirmed (transfer reference ${d.reference}; bank statement line ${d.statement_line_id})`
          : `Deposit confirmed (transfer reference ${d.reference})`,
      }),
      notice: (d) => ({
        kind: 'deposit.credited',
        mailKind: 'deposit.confirmed',
        link: '/dashboard/deposit',
        subject: tm('notice.depositConfirmed.subject', 'Deposit of {amount} confirmed', {
          amount: money(d.amount_cents),
        }),
        paragraphs: [
          tm(
            'notice.depositConfirmed.body',
            'We received your transfer (reference {reference}). {amount} was added to your balance.',
            { amount: money(d.amount_cents), reference: d.reference },
          ),
        ],
      }),
    },
    expire: {
      from: 'pending',
      to: 'expired',
      by: 'system',
      notice: (d) => ({
        kind: 'deposit.expired',
        mailKind: 'deposit.rejected',
        link: '/dashboard/deposit',
        subject: tm('notice.depositExpired.subject', 'Deposit report of {amount} expired', {
          amount: money(d.amount_cents),
        }),
        paragraphs: [
          tm(
            'notice.depositExpired.body',
            'No bank statement showed your transfer of {amount} (reference {reference}) in time, so the report expired; nothing was added to your balance.',
            { amount: money(d.amount_cents), reference: d.reference },
          ),
          tm(
            'notice.depositExpired.advice',
            'A transfer that carries your deposit reference is credited when it arrives, with or without a report.',
          ),
        ],
      }),
    },
    reject: {
      from: 'pending',
      to: 'rejected',
      by: 'admin',
      notice: (d) => ({
        kind: 'deposit.rejected',
        mailKind: 'deposit.rejected',
        link: '/dashboard/deposit',
        subject: tm('notice.depositRejected.subject', 'Deposit of {amount} not confirmed', {
          amount: money(d.amount_cents),
        }),
        paragraphs: [
          tm(
            'notice.depositRejected.body',
            'We could not confirm your transfer (reference {reference}); nothing was added to your balance.',
            { reference: d.reference },
          ),
          ...(d.reason ? [tm('notice.reason', 'Reason: {reason}', { reason: d.reason })] : []),
        ],
      }),
    },
  },
  refusals: {
    expire: {},
    confirm: {
      confirmed: ALREADY_CONFIRMED,
      rejected: ALREADY_REJECTED,
    },
    reject: {
      confirmed: ALREADY_CONFIRMED,
      rejected: ALREADY_REJECTED,
    },
  },
});

/** How many deposit reports may wait for review at once when the caller does not say (MAX_PENDING_DEPOSITS). */
export const DEFAULT_MAX_PENDING_DEPOSITS = 5;

/**
 * "I have sent a transfer": a pending deposit; the same idempotency key answers the first one. A user has
 * at most `maxPending` deposits waiting for review: the count is taken under a lock on the user's row, so
 * requests sent together cannot pass it either.
 */
export async function requestDeposit(
  db: Database,
  user: Viewer & { email: string },
  input: TDepositRequestInput,
  opts: { env: FlowEnv; maxPending?: number },
): Promise<TDeposit> {
  const maxPending = opts.maxPending ?? DEFAULT_MAX_PENDING_DEPOSITS;
  return openRequest(db, depositFlow, user, input, {
    env: opts.env,
    prepare: (trx) => lockUserAndCountFlows(trx, 'deposits', user.id, 'pending'),
    values: (pending) => {
      if (pending >= maxPending) {
        throw new AppError(
          'INVALID_STATE',
          tr(
            'deposit.tooManyPending',
            'You already have {pending, plural, one {# deposit} other {# deposits}} waiting for review (at most {max}). ' +
              'Please wait until one is reviewed before reporting another transfer.',
            { pending, max: maxPending },
          ),
        );
      }
      return { reference: input.reference };
    },
    sameAs: (d) => d.reference === input.reference,
  });
}

/**
 * Admin decision on a pending deposit: confirm credits the balance exactly once; reject credits nothing. The
 * owner is told (the flow's notice, in the same transaction; skipped when they turned notifications off).
 */
export async function reviewDeposit(
  db: Database,
  admin: Viewer,
  input: TDepositReviewInput,
  env: FlowEnv,
): Promise<TDeposit> {
  return db.transaction().execute(async (trx) => {
    // One bank transfer is one credit (#27): a transfer a statement line credited already is not credited again.
    if (input.decision === 'confirm') await refuseCreditedTransfer(trx, input.id);
    return runTransitionIn(trx, depositFlow, input.decision, {
      id: input.id,
      actor: admin,
      env,
      check: (d) => {
        if (d.assigned_by === admin.id) {
          throw new AppError(
            'FORBIDDEN',
            tr(
              'deposit.assignedByYou',
              'You assigned this bank statement line to the member; another administrator must review the deposit.',
            ),
          );
        }
      },
      set: { reason: input.reason ? input.reason : null, reviewed_by: admin.id, reviewed_at: env.now },
    });
  });
}
