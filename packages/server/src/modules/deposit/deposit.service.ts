import { randomUUID } from 'node:crypto';
import type { TDeposit } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import type { DepositRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { applyBalanceChange, findUserEmail } from '../ledger/ledger.repo.ts';
import { amountToCents, DEFAULT_PAGE_SIZE, parseSeqCursor, scopeToViewer, toPage } from '../ledger/ledger.shared.ts';
import { toDeposit } from './deposit.mapper.ts';
import {
  findDepositById,
  findDepositByKey,
  insertDepositIfNew,
  listDeposits,
  markDepositReviewed,
} from './deposit.repo.ts';

/**
 * "I have sent a transfer": a pending deposit, nothing credited yet. The same idempotency key from the
 * same user answers the first deposit (even for requests arriving together); a different amount or
 * reference under a used key is refused.
 */
export async function requestDeposit(
  db: Database,
  user: UserRow,
  input: { amount: number; reference: string; idempotencyKey: string },
): Promise<TDeposit> {
  const amountCents = amountToCents(input.amount);
  const inserted = await insertDepositIfNew(db, {
    id: randomUUID(),
    user_id: user.id,
    amount_cents: amountCents,
    reference: input.reference,
    idempotency_key: input.idempotencyKey,
  });
  if (inserted) return toDeposit(inserted, user.email);

  const existing = await findDepositByKey(db, user.id, input.idempotencyKey);
  if (!existing) throw new AppError('INTERNAL', `deposit with idempotency key vanished for user ${user.id}`);
  if (existing.amount_cents !== amountCents || existing.reference !== input.reference) {
    throw new AppError(
      'IDEMPOTENCY_MISMATCH',
      'This idempotencyKey was already used for a different deposit (amount or reference differ). Use a new key for a new request.',
    );
  }
  return toDeposit(existing, user.email);
}

/**
 * Admin decision on a pending deposit. Confirm credits the balance exactly once (the guarded UPDATE lets
 * one reviewer through, whatever the concurrency); reject credits nothing. The state change, the ledger
 * entry and the audit row commit together or not at all.
 */
export async function reviewDeposit(
  db: Database,
  admin: UserRow,
  input: { id: string; decision: 'confirm' | 'reject'; reason?: string | undefined },
): Promise<TDeposit> {
  return db.transaction().execute(async (trx) => {
    const reason = input.reason ? input.reason : null;
    const status = input.decision === 'confirm' ? 'confirmed' : 'rejected';
    const updated = await markDepositReviewed(trx, input.id, { status, reason, reviewedBy: admin.id });
    if (!updated) {
      const current = await findDepositById(trx, input.id);
      if (!current) throw new AppError('NOT_FOUND', 'No deposit with that id exists.');
      throw new AppError(
        'INVALID_STATE',
        `This deposit was already ${current.status}; only pending deposits can be reviewed.`,
      );
    }
    if (status === 'confirmed') {
      await applyBalanceChange(trx, {
        userId: updated.user_id,
        kind: 'deposit',
        amountCents: updated.amount_cents,
        refType: 'deposit',
        refId: updated.id,
        actorId: admin.id,
        memo: `Deposit confirmed (transfer reference ${updated.reference})`,
      });
    }
    const after = toDeposit(updated, await findUserEmail(trx, updated.user_id));
    // Only a pending deposit gets here, and a pending deposit has no review fields yet.
    const before: TDeposit = { ...after, status: 'pending', reason: null, reviewedBy: null, reviewedAt: null };
    await recordAudit(trx, {
      actorId: admin.id,
      action: `deposit.${input.decision}`,
      entityType: 'deposit',
      entityId: updated.id,
      before,
      after,
    });
    return after;
  });
}

/** Deposits page: a user sees their own (naming someone else is FORBIDDEN), an admin everyone's. */
export async function listDepositsFor(
  db: Database,
  viewer: UserRow,
  input: {
    cursor?: string | undefined;
    limit?: number | undefined;
    status?: DepositRow['status'] | undefined;
    userId?: string | undefined;
  },
): Promise<{ items: TDeposit[]; nextCursor: string | null }> {
  const userId = scopeToViewer(viewer, input.userId, 'deposits');
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await listDeposits(db, { userId, status: input.status, beforeSeq: parseSeqCursor(input.cursor), limit });
  return toPage(rows, limit, (r) => toDeposit(r, r.user_email));
}
