// #34 "Money that looks done but is not": a crypto payout marked sent with a Bitcoin transaction stays `sent` (its
// funds held) until the payout checker sees that transaction pay the member. One that never does is resolved by
// four eyes: one admin proposes to give the held money back to the member's balance (approval kind
// `crypto_payout_release`), a second approves, and the withdrawal flow's `releaseCrypto` moves it sent → returned
// (the journal's release, the audit row, the member's notice) in the approval's transaction. If the checker has
// meanwhile seen it paid, the guarded transition refuses and nothing changes.
import { tr, type TApprovalRef, type TCryptoReleaseInput, type TWithdrawal } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { approveIn, proposeIn, refuseProposer } from '../approval/approval.core.ts';
import { type ApprovalRow, findPendingCryptoRelease } from '../approval/approval.repo.ts';
import { resolvePayoutException } from '../bitcoin/bitcoin.repo.ts';
import { type FlowEnv, refuseOwnReview, runTransitionIn } from '../money/money.core.ts';
import { lockFlowRow } from '../money/money.repo.ts';
import { withdrawalFlow } from './withdrawal.service.ts';

const NOT_FOUND = tr('withdrawal.notFound', 'No withdrawal with that id exists.');
const NOT_CRYPTO = tr(
  'withdrawal.releaseNotCrypto',
  'Only a crypto payout waiting for the network can be given back this way; this withdrawal is not a crypto payout.',
);
const notSent = (status: string) =>
  tr(
    'withdrawal.releaseNotSent',
    'Only a crypto payout marked sent and still waiting for the network can be given back to the member; this one is {status}.',
    { status },
  );
const PAID_ALREADY = tr(
  'withdrawal.releaseAlreadyPaid',
  'The network confirmed this payout paid, so there is nothing to give back.',
);
const OWN_PAYOUT = tr(
  'withdrawal.releaseOwn',
  'This is your own payout: another administrator must propose and approve giving it back.',
);
const SENDER_PROPOSES = tr(
  'withdrawal.releaseSenderPropose',
  'You marked this payout sent: another administrator must propose giving it back, and a third approve it.',
);
const SENDER_APPROVES = tr(
  'withdrawal.releaseSenderApprove',
  'You marked this payout sent: another administrator must approve giving it back.',
);
const ALREADY_PROPOSED = tr(
  'withdrawal.releaseAlreadyProposed',
  'Giving this payout back is already proposed; it waits for another administrator.',
);
const CHANGED = tr(
  'withdrawal.releaseChanged',
  'This payout changed since the proposal (another transaction or method); reject the proposal and propose again.',
);

/**
 * withdrawal.proposeCryptoRelease: proposes (audited `approval.propose`) to give a crypto payout that is still `sent`
 * back to the member's balance; nothing moves until a second administrator approves. Refused for another method or
 * status, for the admin's own payout, for the admin who marked it sent, for an admin in their cooldown, and while an
 * earlier proposal waits.
 */
export async function proposeCryptoRelease(
  db: Database,
  admin: Viewer,
  input: TCryptoReleaseInput,
  env: FlowEnv,
): Promise<TApprovalRef> {
  return db.transaction().execute(async (trx) => {
    // The payout's row is locked first: two proposals for one payout are taken one after the other.
    const w = await lockFlowRow(trx, 'withdrawals', input.id);
    if (!w) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (w.method !== 'crypto') throw new AppError('INVALID_STATE', NOT_CRYPTO);
    if (w.status === 'paid') throw new AppError('INVALID_STATE', PAID_ALREADY);
    if (w.status !== 'sent') throw new AppError('INVALID_STATE', notSent(w.status));
    refuseOwnReview(admin.id, w.user_id, OWN_PAYOUT);
    // The admin who marked it sent (with its transaction id) does not decide whether it was paid (#34).
    if (w.reviewed_by === admin.id) throw new AppError('FORBIDDEN', SENDER_PROPOSES);
    await refuseProposer(trx, admin.id, w.user_id, env);
    if (await findPendingCryptoRelease(trx, w.id)) throw new AppError('INVALID_STATE', ALREADY_PROPOSED);
    return proposeIn(trx, {
      kind: 'crypto_payout_release',
      payload: { withdrawalId: w.id, txid: w.payout_reference, sats: Number(w.payout_sats), address: w.details },
      userId: w.user_id,
      amountCents: w.amount_cents,
      reason: input.reason,
      proposedBy: admin.id,
      now: env.now,
    });
  });
}

/**
 * The approved release's effect, through approveIn (the second admin's rules, the guarded decision, the audit):
 * the payout (locked by the caller) moves sent → returned with its release in the journal and the member's notice,
 * and its open payout exception is resolved by the approver. Refused whole if it is no longer sent, and for the
 * admin who marked it sent.
 */
export async function releaseCryptoIn(
  trx: Transaction<DB>,
  approval: ApprovalRow,
  actor: Viewer,
  env: FlowEnv,
): Promise<TWithdrawal> {
  const withdrawalId = String(approval.payload.withdrawalId);
  const w = await lockFlowRow(trx, 'withdrawals', withdrawalId);
  if (w && w.reviewed_by === actor.id) throw new AppError('FORBIDDEN', SENDER_APPROVES);
  return approveIn(trx, approval, actor, env, async () => {
    const released = await runTransitionIn(trx, withdrawalFlow, 'releaseCrypto', {
      id: withdrawalId,
      actor,
      env,
      check: (w) => {
        if (w.method !== 'crypto' || w.payout_reference !== approval.payload.txid)
          throw new AppError('INVALID_STATE', CHANGED);
      },
    });
    await resolvePayoutException(trx, withdrawalId, env.now, actor.id);
    return released;
  });
}
