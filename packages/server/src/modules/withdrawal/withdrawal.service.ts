import { randomUUID } from 'node:crypto';
import type { TWithdrawal, TWithdrawalMethod } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import type { WithdrawalRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { applyBalanceChange, findUserEmail } from '../ledger/ledger.repo.ts';
import { amountToCents, DEFAULT_PAGE_SIZE, parseSeqCursor, scopeToViewer, toPage } from '../ledger/ledger.shared.ts';
import { toWithdrawal } from './withdrawal.mapper.ts';
import {
  findWithdrawalById,
  findWithdrawalByKey,
  insertWithdrawalIfNew,
  listWithdrawals,
  markWithdrawalCancelled,
  markWithdrawalReviewed,
} from './withdrawal.repo.ts';

/**
 * Cashout: records a pending withdrawal and holds its funds at once (a negative `withdrawal_hold` entry),
 * in one transaction. Insufficient funds rolls the whole thing back, the withdrawal row included. The same
 * idempotency key answers the first withdrawal: concurrent twins wait on the unique key, see the winner's
 * row and apply no second hold.
 */
export async function requestWithdrawal(
  db: Database,
  user: UserRow,
  input: { amount: number; method: TWithdrawalMethod; details: string; idempotencyKey: string },
): Promise<TWithdrawal> {
  const amountCents = amountToCents(input.amount);
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertWithdrawalIfNew(trx, {
      id: randomUUID(),
      user_id: user.id,
      amount_cents: amountCents,
      method: input.method,
      details: input.details,
      idempotency_key: input.idempotencyKey,
    });
    if (inserted) {
      await applyBalanceChange(trx, {
        userId: user.id,
        kind: 'withdrawal_hold',
        amountCents: -amountCents,
        refType: 'withdrawal',
        refId: inserted.id,
        actorId: user.id,
        memo: 'Funds held for a withdrawal request',
      });
      return inserted;
    }
    // READ COMMITTED: this statement takes a fresh snapshot, so the committed winner is visible here.
    const existing = await findWithdrawalByKey(trx, user.id, input.idempotencyKey);
    if (!existing) throw new AppError('INTERNAL', `withdrawal with idempotency key vanished for user ${user.id}`);
    if (
      existing.amount_cents !== amountCents ||
      existing.method !== input.method ||
      existing.details !== input.details
    ) {
      throw new AppError(
        'IDEMPOTENCY_MISMATCH',
        'This idempotencyKey was already used for a different withdrawal (amount, method or details differ). Use a new key for a new request.',
      );
    }
    return existing;
  });
  return toWithdrawal(row, user.email);
}

const REVIEW_REFUSAL: Record<Exclude<WithdrawalRow['status'], 'pending'>, string> = {
  paid: 'This withdrawal was already approved and paid; only pending withdrawals can be reviewed.',
  rejected: 'This withdrawal was already rejected; only pending withdrawals can be reviewed.',
  cancelled: 'This withdrawal was cancelled; only pending withdrawals can be reviewed.',
};

const CANCEL_REFUSAL: Record<Exclude<WithdrawalRow['status'], 'pending'>, string> = {
  paid: 'This withdrawal was already paid, so it can no longer be cancelled.',
  rejected: 'This withdrawal was already rejected and its funds returned; there is nothing to cancel.',
  cancelled: 'This withdrawal is already cancelled.',
};

/**
 * Admin decision on a pending withdrawal: approve marks it paid (the held funds leave for good; no new
 * ledger entry), reject returns the funds (`withdrawal_release`). Guarded by the pending state in SQL.
 */
export async function reviewWithdrawal(
  db: Database,
  admin: UserRow,
  input: {
    id: string;
    decision: 'approve' | 'reject';
    reason?: string | undefined;
    payoutReference?: string | undefined;
  },
): Promise<TWithdrawal> {
  return db.transaction().execute(async (trx) => {
    const status = input.decision === 'approve' ? 'paid' : 'rejected';
    const updated = await markWithdrawalReviewed(trx, input.id, {
      status,
      reason: input.reason ? input.reason : null,
      payoutReference: status === 'paid' && input.payoutReference ? input.payoutReference : null,
      reviewedBy: admin.id,
    });
    if (!updated) {
      const current = await findWithdrawalById(trx, input.id);
      if (!current) throw new AppError('NOT_FOUND', 'No withdrawal with that id exists.');
      throw new AppError(
        'INVALID_STATE',
        current.status === 'pending'
          ? 'This withdrawal changed while you were acting on it; reload it and try again.'
          : REVIEW_REFUSAL[current.status],
      );
    }
    if (status === 'rejected') {
      await applyBalanceChange(trx, {
        userId: updated.user_id,
        kind: 'withdrawal_release',
        amountCents: updated.amount_cents,
        refType: 'withdrawal',
        refId: updated.id,
        actorId: admin.id,
        memo: `Withdrawal rejected: ${updated.reason ?? ''}`.trim(),
      });
    }
    const after = toWithdrawal(updated, await findUserEmail(trx, updated.user_id));
    // Only a pending withdrawal gets here, and a pending withdrawal has no review fields yet.
    const before: TWithdrawal = {
      ...after,
      status: 'pending',
      reason: null,
      payoutReference: null,
      reviewedBy: null,
      reviewedAt: null,
    };
    await recordAudit(trx, {
      actorId: admin.id,
      action: `withdrawal.${input.decision}`,
      entityType: 'withdrawal',
      entityId: updated.id,
      before,
      after,
    });
    return after;
  });
}

/**
 * The owner takes back a pending withdrawal; its funds return (`withdrawal_release`). An admin may cancel
 * anyone's (a support request); another user may not (FORBIDDEN, and the withdrawal is untouched).
 */
export async function cancelWithdrawal(db: Database, actor: UserRow, input: { id: string }): Promise<TWithdrawal> {
  return db.transaction().execute(async (trx) => {
    const isAdmin = actor.account_type === 'admin';
    const updated = await markWithdrawalCancelled(trx, input.id, isAdmin ? null : actor.id);
    if (!updated) {
      const current = await findWithdrawalById(trx, input.id);
      if (!current) throw new AppError('NOT_FOUND', 'No withdrawal with that id exists.');
      if (!isAdmin && current.user_id !== actor.id)
        throw new AppError('FORBIDDEN', 'You can only cancel your own withdrawals.');
      throw new AppError(
        'INVALID_STATE',
        current.status === 'pending'
          ? 'This withdrawal changed while you were acting on it; reload it and try again.'
          : CANCEL_REFUSAL[current.status],
      );
    }
    await applyBalanceChange(trx, {
      userId: updated.user_id,
      kind: 'withdrawal_release',
      amountCents: updated.amount_cents,
      refType: 'withdrawal',
      refId: updated.id,
      actorId: actor.id,
      memo: 'Withdrawal cancelled',
    });
    const after = toWithdrawal(updated, await findUserEmail(trx, updated.user_id));
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'withdrawal.cancel',
      entityType: 'withdrawal',
      entityId: updated.id,
      before: { ...after, status: 'pending', cancelledAt: null },
      after,
    });
    return after;
  });
}

/** Withdrawals page: a user sees their own (naming someone else is FORBIDDEN), an admin everyone's. */
export async function listWithdrawalsFor(
  db: Database,
  viewer: UserRow,
  input: {
    cursor?: string | undefined;
    limit?: number | undefined;
    status?: WithdrawalRow['status'] | undefined;
    userId?: string | undefined;
  },
): Promise<{ items: TWithdrawal[]; nextCursor: string | null }> {
  const userId = scopeToViewer(viewer, input.userId, 'withdrawals');
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listWithdrawals(db, {
    userId,
    status: input.status,
    beforeSeq: parseSeqCursor(input.cursor),
    limit,
  });
  return toPage(rows, limit, (r) => toWithdrawal(r, r.user_email));
}
