import type {
  TAccount,
  TApproval,
  TApprovalListInput,
  TApprovalRejectInput,
  TDeposit,
  TWithdrawal,
} from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { applyDepositAccountIn } from '../account/account.service.ts';
import { confirmProposedDepositIn } from '../deposit/deposit.service.ts';
import type { FlowEnv } from '../money/money.core.ts';
import { lockFlowRow } from '../money/money.repo.ts';
import { refuseCreditedTransfer } from '../bank-statement/bank-statement.once.ts';
import { adjustmentLegs, moveMoney } from '../money/money.move.ts';
import { applyCsvMappingIn } from '../bank-statement/bank-statement.mapping.ts';
import { applyTreasuryFundIn } from '../trade/trade.treasury.ts';
import { releaseCryptoIn } from '../withdrawal/withdrawal.release.ts';
import {
  ABOUT_YOU_APPROVAL_MESSAGE,
  APPROVAL_NOT_FOUND_MESSAGE,
  approveIn,
  refuseProposer,
  rejectIn,
  toApproval,
} from './approval.core.ts';
import { type ApprovalRow, findApproval, listApprovalRows, lockApproval } from './approval.repo.ts';

const LIST_LIMIT = 200;

/** approval.list: proposals (pending ones oldest first), at most 200. */
export async function listApprovals(db: Database, input: TApprovalListInput): Promise<TApproval[]> {
  return (await listApprovalRows(db, { status: input.status, limit: LIST_LIMIT })).map(toApproval);
}

/**
 * approval.approve: a second admin approves a pending proposal and its effect is made, in one transaction
 * (see approveIn: neither the proposer nor the member concerned, nobody in their cooldown; two approvals apply
 * once). A deposit's row is locked before the proposal, in the order deposit.review locks them.
 */
export async function approveApproval(db: Database, actor: Viewer, id: string, env: FlowEnv): Promise<TApproval> {
  return db.transaction().execute(async (trx) => {
    const peek = await findApproval(trx, id);
    if (!peek) throw new AppError('NOT_FOUND', APPROVAL_NOT_FOUND_MESSAGE);
    if (peek.kind === 'deposit_confirm') {
      // The member's credit lock first, then the deposit's row: the order deposit.review and a statement's
      // approval take them (#27: one bank transfer, one credit; a transfer the statement credited is refused).
      await refuseCreditedTransfer(trx, String(peek.payload.depositId));
      await lockFlowRow(trx, 'deposits', String(peek.payload.depositId));
    }
    // A payout's row before the proposal, in the order the proposal and the payout checker take them (#34).
    if (peek.kind === 'crypto_payout_release') await lockFlowRow(trx, 'withdrawals', String(peek.payload.withdrawalId));
    const approval = await lockApproval(trx, id);
    if (!approval) throw new AppError('NOT_FOUND', APPROVAL_NOT_FOUND_MESSAGE);
    await applyApproved(trx, approval, actor, env);
    const after = await findApproval(trx, id);
    if (!after) throw new Error('approval vanished inside its own transaction');
    return toApproval(after);
  });
}

/** Runs the effect of one kind of proposal through approveIn. */
function applyApproved(
  trx: Transaction<DB>,
  approval: ApprovalRow,
  actor: Viewer,
  env: FlowEnv,
): Promise<TDeposit | TAccount | TWithdrawal | unknown> {
  switch (approval.kind) {
    case 'deposit_confirm':
      return confirmProposedDepositIn(trx, approval, actor, env);
    case 'balance_adjustment':
      return approveIn(trx, approval, actor, env, () =>
        moveMoney(trx, {
          kind: 'adjustment',
          legs: adjustmentLegs(approval.user_id!, BigInt(approval.payload.deltaCents as number)),
          // The ledger entry names the approval: who proposed and who approved are on its row.
          ref: { type: 'adjustment', id: approval.id },
          actorId: actor.id,
          memo: approval.reason,
          at: env.now,
        }),
      );
    case 'deposit_account':
      return approveIn(trx, approval, actor, env, () =>
        applyDepositAccountIn(trx, approval.payload, actor.id, env.now),
      );
    case 'csv_mapping':
      return approveIn(trx, approval, actor, env, () => applyCsvMappingIn(trx, approval.payload, actor.id, env.now));
    case 'treasury_fund':
      return approveIn(trx, approval, actor, env, () =>
        applyTreasuryFundIn(trx, approval.payload, approval.id, actor.id, approval.reason, env.now),
      );
    case 'crypto_payout_release':
      return releaseCryptoIn(trx, approval, actor, env);
  }
}

/**
 * approval.reject: a pending proposal is turned down with a reason; nothing else changes. The proposer may
 * withdraw their own this way; the member concerned may not decide it, nor an admin in their cooldown.
 */
export async function rejectApproval(db: Database, actor: Viewer, input: TApprovalRejectInput, env: FlowEnv) {
  return db.transaction().execute(async (trx) => {
    const approval = await lockApproval(trx, input.id);
    if (!approval) throw new AppError('NOT_FOUND', APPROVAL_NOT_FOUND_MESSAGE);
    if (approval.user_id === actor.id) throw new AppError('FORBIDDEN', ABOUT_YOU_APPROVAL_MESSAGE);
    await refuseProposer(trx, actor.id, approval.user_id, env);
    await rejectIn(trx, approval, actor.id, input.reason, env.now);
    const after = await findApproval(trx, input.id);
    if (!after) throw new Error('approval vanished inside its own transaction');
    return toApproval(after);
  });
}
