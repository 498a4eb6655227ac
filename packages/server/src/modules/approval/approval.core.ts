// Money a person decides (#27): the rules every proposal and every decision follows, in the caller's
// transaction. Domain modules propose through here; approval.service runs a decision and its effect.
import { randomUUID } from 'node:crypto';
import { tr, type TApproval, type TApprovalRef } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { ApprovalKind, DB } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { type FlowEnv, refuseNewAdminReview } from '../money/money.core.ts';
import { findAdminGrant } from '../money/money.repo.ts';
import type { Viewer } from '../../lib/scope.ts';
import {
  type ApprovalListRow,
  type ApprovalRow,
  decideApproval,
  findApproval,
  insertApproval,
} from './approval.repo.ts';

export const OWN_PROPOSAL_MESSAGE = tr(
  'approval.ownProposal',
  'You proposed this, so you cannot approve it: another administrator must.',
);
export const ABOUT_YOU_APPROVAL_MESSAGE = tr(
  'approval.aboutYou',
  'This proposal is about your own money, so you cannot decide it: another administrator must.',
);
export const PROPOSED_BY_PROMOTER_MESSAGE = tr(
  'approval.proposedByPromoter',
  'The administrator who asked for your promotion proposed this, so you cannot approve it: another administrator must.',
);
export const APPROVAL_NOT_FOUND_MESSAGE = tr('approval.notFound', 'No proposal with that id exists.');
export const PARTICIPANT_PAYOUT_MESSAGE = tr(
  'approval.participantPayout',
  'You took part in approving money credited to this member (you proposed or approved it), so you cannot approve their payout: another administrator must.',
);

/** A proposal as the wire shows it (cents to dollars, dates to ISO). */
export function toApproval(row: ApprovalListRow): TApproval {
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    userEmail: row.user_email,
    amount: row.amount_cents === null ? null : Number(row.amount_cents) / 100,
    reason: row.reason,
    details: row.payload,
    proposedBy: row.proposed_by,
    proposedByEmail: row.proposer_email,
    createdAt: iso(row.created_at),
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: isoOrNull(row.decided_at),
    decisionReason: row.decision_reason,
  };
}

/**
 * Who may propose: an admin in their review cooldown may not (nor propose about the money of the admin who
 * asked for their promotion). `ownerId` is the member whose money it is, null for platform records.
 */
export async function refuseProposer(
  trx: Transaction<DB>,
  actorId: string,
  ownerId: string | null,
  env: FlowEnv,
): Promise<void> {
  await refuseNewAdminReview(trx, actorId, ownerId ?? actorId, env);
}

/**
 * Who may approve: not the proposer (the database refuses it too), not the member concerned, not an admin in
 * their cooldown, not an admin promoted at the proposer's request (one person with a sock account is not two).
 */
export async function refuseApprover(
  trx: Transaction<DB>,
  approval: ApprovalRow,
  actorId: string,
  env: FlowEnv,
): Promise<void> {
  if (approval.proposed_by === actorId) throw new AppError('FORBIDDEN', OWN_PROPOSAL_MESSAGE);
  if (approval.user_id === actorId) throw new AppError('FORBIDDEN', ABOUT_YOU_APPROVAL_MESSAGE);
  await refuseNewAdminReview(trx, actorId, approval.user_id ?? actorId, env);
  const grant = await findAdminGrant(trx, actorId);
  if (grant?.admin_granted_by === approval.proposed_by) throw new AppError('FORBIDDEN', PROPOSED_BY_PROMOTER_MESSAGE);
}

/** Refuses a decision on a proposal that is no longer pending. */
export function refuseDecided(approval: ApprovalRow): void {
  if (approval.status !== 'pending') {
    throw new AppError(
      'INVALID_STATE',
      tr('approval.alreadyDecided', 'This proposal was already {status}; nothing changed.', {
        status: approval.status,
      }),
    );
  }
}

/**
 * Writes a pending proposal (audited `approval.propose`) in the caller's transaction and answers its reference:
 * nothing else changes until a second admin approves it.
 */
export async function proposeIn(
  trx: Transaction<DB>,
  p: {
    kind: ApprovalKind;
    payload: Record<string, unknown>;
    userId: string | null;
    amountCents: number | null;
    reason: string;
    proposedBy: string;
    now: Date;
  },
): Promise<TApprovalRef> {
  const row = await insertApproval(trx, { id: randomUUID(), ...p });
  const named = await findApproval(trx, row.id);
  if (!named) throw new Error('approval vanished inside its own transaction');
  await recordAudit(trx, {
    actorId: p.proposedBy,
    action: 'approval.propose',
    entityType: 'approval',
    entityId: row.id,
    before: null,
    after: toApproval(named),
  });
  return { id: row.id, status: 'pending' };
}

/**
 * A second admin approves `approval` (locked by the caller) and its effect runs, in the caller's transaction:
 * the rules above, then the guarded decision (`status = 'pending'`, so two approvals apply once), then the
 * effect, then the audit row `approval.approve`. Answers what the effect answers.
 */
export async function approveIn<T>(
  trx: Transaction<DB>,
  approval: ApprovalRow,
  actor: Viewer,
  env: FlowEnv,
  effect: () => Promise<T>,
): Promise<T> {
  refuseDecided(approval);
  await refuseApprover(trx, approval, actor.id, env);
  const decided = await decideApproval(trx, approval.id, {
    status: 'approved',
    by: actor.id,
    at: env.now,
    reason: null,
  });
  if (!decided) throw new AppError('INVALID_STATE', DECIDED_MEANWHILE_MESSAGE);
  const result = await effect();
  await auditDecision(trx, approval.id, actor.id, 'approval.approve');
  return result;
}

/** Rejects `approval` (locked by the caller) with a reason; nothing else changes. Audited `approval.reject`. */
export async function rejectIn(
  trx: Transaction<DB>,
  approval: ApprovalRow,
  actorId: string,
  reason: string,
  now: Date,
): Promise<void> {
  refuseDecided(approval);
  const decided = await decideApproval(trx, approval.id, { status: 'rejected', by: actorId, at: now, reason });
  if (!decided) throw new AppError('INVALID_STATE', DECIDED_MEANWHILE_MESSAGE);
  await auditDecision(trx, approval.id, actorId, 'approval.reject');
}

const DECIDED_MEANWHILE_MESSAGE = tr(
  'approval.decidedMeanwhile',
  'This proposal was decided by someone else meanwhile; reload.',
);

async function auditDecision(
  trx: Transaction<DB>,
  id: string,
  actorId: string,
  action: 'approval.approve' | 'approval.reject',
): Promise<void> {
  const after = await findApproval(trx, id);
  if (!after) throw new Error('approval vanished inside its own transaction');
  await recordAudit(trx, {
    actorId,
    action,
    entityType: 'approval',
    entityId: id,
    before: { status: 'pending' },
    after: toApproval(after),
  });
}
