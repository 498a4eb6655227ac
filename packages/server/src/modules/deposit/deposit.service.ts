import { tr } from '@vestora/contract';
import type { TDeposit, TDepositRequestInput, TDepositReviewInput, TDepositReviewResult } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { approveIn, proposeIn, refuseProposer, rejectIn } from '../approval/approval.core.ts';
import { type ApprovalRow, findPendingDepositApproval, lockApproval } from '../approval/approval.repo.ts';
import type { Database } from '../../db/create-db.ts';
import { money, tm } from '../../i18n/i18n.ts';
import type { Viewer } from '../../lib/scope.ts';
import { AppError } from '../../lib/errors.ts';
import { defineFlow, type FlowEnv, openRequest, refuseOwnReview, runTransitionIn } from '../money/money.core.ts';
import { findUserEmail, lockFlowRow, lockUserAndCountFlows } from '../money/money.repo.ts';
import { refuseCreditedTransfer } from '../bank-statement/bank-statement.once.ts';
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
        from: 'bank',
        to: 'available',
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

const ASSIGNED_BY_YOU = tr(
  'deposit.assignedByYou',
  'You assigned this bank statement line to the member; another administrator must review the deposit.',
);

/**
 * Admin decision on a pending deposit. Rejecting is direct (nothing is credited). Confirming by hand is money
 * a person decides (#27): the first admin's confirmation changes nothing and answers a pending proposal
 * (`approval`); a second admin approves it (approval.approve, or this same confirmation), and only then is the
 * balance credited, once. A report assigned to a statement line by hand arrives already proposed by the admin
 * who assigned it. The owner is told (the flow's notice, in the same transaction).
 */
export async function reviewDeposit(
  db: Database,
  admin: Viewer,
  input: TDepositReviewInput,
  env: FlowEnv,
): Promise<TDepositReviewResult> {
  return db.transaction().execute(async (trx) => {
    if (input.decision === 'reject') {
      const rejected = await runTransitionIn(trx, depositFlow, 'reject', {
        id: input.id,
        actor: admin,
        env,
        check: (d) => {
          if (d.assigned_by === admin.id) throw new AppError('FORBIDDEN', ASSIGNED_BY_YOU);
        },
        set: { reason: input.reason ? input.reason : null, reviewed_by: admin.id, reviewed_at: env.now },
      });
      // A pending confirmation dies with the report.
      const pending = await findPendingDepositApproval(trx, input.id);
      if (pending) {
        await rejectIn(trx, pending, admin.id, input.reason ?? 'Deposit rejected', env.now);
        return { ...rejected, approval: { id: pending.id, status: 'rejected' as const } };
      }
      return rejected;
    }
    // One bank transfer is one credit (#27): a transfer a statement line credited already is not credited again.
    await refuseCreditedTransfer(trx, input.id);
    const d = await lockFlowRow(trx, 'deposits', input.id);
    if (!d)
      throw new AppError(
        'NOT_FOUND',
        tr(
          'money.notFound',
          'No {entity, select, deposit {deposit} withdrawal {withdrawal} investment {investment} other {request}} with that id exists.',
          { entity: 'deposit' },
        ),
      );
    if (admin.account_type !== 'admin')
      throw new AppError('FORBIDDEN', tr('auth.adminOnly', 'Only an administrator can do this.'));
    refuseOwnReview(
      admin.id,
      d.user_id,
      tr(
        'money.ownReview',
        'You cannot review your own {entity, select, deposit {deposit} withdrawal {withdrawal} investment {investment} other {request}}. Another administrator must do it.',
        { entity: 'deposit' },
      ),
    );
    if (d.status !== 'pending') {
      throw new AppError('INVALID_STATE', d.status === 'confirmed' ? ALREADY_CONFIRMED : ALREADY_REJECTED);
    }
    if (d.assigned_by === admin.id) throw new AppError('FORBIDDEN', ASSIGNED_BY_YOU);
    const found = await findPendingDepositApproval(trx, d.id);
    const pending = found ? await lockApproval(trx, found.id) : undefined;
    const email = await findUserEmail(trx, d.user_id);
    if (!pending || pending.status !== 'pending') {
      await refuseProposer(trx, admin.id, d.user_id, env);
      const approval = await proposeIn(trx, {
        kind: 'deposit_confirm',
        payload: { depositId: d.id, reference: d.reference, note: input.reason?.trim() || null },
        userId: d.user_id,
        amountCents: Number(d.amount_cents),
        reason: input.reason?.trim() || `Deposit report ${d.reference} confirmed by hand`,
        proposedBy: admin.id,
        now: env.now,
      });
      return { ...toDeposit(d, email), approval };
    }
    if (pending.proposed_by === admin.id)
      return { ...toDeposit(d, email), approval: { id: pending.id, status: 'pending' } };
    // A second admin's confirmation approves the pending proposal.
    const confirmed = await confirmProposedDepositIn(trx, pending, admin, env);
    return { ...confirmed, approval: { id: pending.id, status: 'approved' } };
  });
}

/**
 * Approves a proposed confirmation (`approval`, locked after its deposit) and credits the deposit, in the
 * caller's transaction: the approval's rules, then the flow's confirm transition (ledger, audit, notice).
 */
export function confirmProposedDepositIn(
  trx: Transaction<DB>,
  approval: ApprovalRow,
  admin: Viewer,
  env: FlowEnv,
): Promise<TDeposit> {
  return approveIn(trx, approval, admin, env, async () => {
    // The statement may have credited this transfer since the proposal (#27: one bank transfer, one credit).
    await refuseCreditedTransfer(trx, String(approval.payload.depositId));
    return runTransitionIn(trx, depositFlow, 'confirm', {
      id: String(approval.payload.depositId),
      actor: admin,
      env,
      check: (row) => {
        if (row.assigned_by === admin.id) throw new AppError('FORBIDDEN', ASSIGNED_BY_YOU);
      },
      set: {
        reviewed_by: admin.id,
        reviewed_at: env.now,
        // The proposer's note on the report, when they wrote one.
        ...(typeof approval.payload.note === 'string' ? { reason: approval.payload.note } : {}),
      },
    });
  });
}
