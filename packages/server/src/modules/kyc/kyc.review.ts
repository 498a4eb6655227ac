// #33: an admin's decision on an identity application, with four eyes.
// - approve: the first admin's approval answers `awaiting_second_review`; a second, different admin's approves it,
//   writing the tier and the verified details to kyc_members (tier_changed_at set). One admin approves an
//   application at most once (the unique index kyc_reviews_one_approval: a second try is a 409).
// - retry: which item to send again (`item`) and why (`reason`, which the member reads).
// - reject: final; the member cannot apply again (`reason` is shown to them).
// Neither the member nor an admin who created, promoted or changed the member's account may decide
// (kyc.applications.repo's adminChangedMember). Two admins at once: the member's row is locked first, then the
// application, and every move is a guarded update from the status read. Each decision is audited (ids only) and
// told to the member in their language; the admin's note never leaves the admins' views.
import { randomUUID } from 'node:crypto';
import { type Msg, type TKycReviewInput, type TKycReviewResult, tr } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { notify } from '../notification/notification.service.ts';
import {
  adminChangedMember,
  findApplication,
  findDocumentsOf,
  insertReview,
  type KycApplicationRow,
  listReviewsOf,
  lockApplication,
  moveApplication,
  writeVerifiedMember,
} from './kyc.applications.repo.ts';
import { lockMemberTier, memberTier } from './kyc.repo.ts';
import { isoDay } from './kyc.rules.ts';

export const APPLICATION_NOT_FOUND = tr('kyc.applicationNotFound', 'No identity application with that id exists.');
export const OWN_APPLICATION = tr(
  'kyc.ownApplication',
  'This is your own identity application, so you cannot review it: another administrator must.',
);
export const CHANGED_MEMBER = tr(
  'kyc.changedMember',
  'You created, promoted or changed this account, so you cannot review its identity: another administrator must.',
);
export const ALREADY_APPROVED = tr(
  'kyc.alreadyApproved',
  'You already approved this application: a second, different administrator must approve it.',
);

const conflict = (m: Msg) => new AppError('INVALID_STATE', m);

function notOpen(app: KycApplicationRow): AppError {
  return conflict(
    tr(
      'kyc.notOpen',
      'This application is {status, select, approved {approved} retry {waiting for the member to send an item again} rejected {rejected} superseded {replaced by a newer one} other {closed}}; nothing changed.',
      { status: app.status },
    ),
  );
}

/** kyc.review: one admin's decision (see the file's comment). */
export async function reviewApplication(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  admin: Viewer,
  input: TKycReviewInput,
): Promise<TKycReviewResult> {
  const now = deps.clock.now();
  const reason = input.reason.trim();
  if (input.decision === 'retry' && !input.item)
    throw new AppError('BAD_INPUT', tr('kyc.retryNeedsItem', 'Say which item the member must send again.'));
  if (input.decision !== 'approve' && reason.length === 0)
    throw new AppError('BAD_INPUT', tr('kyc.reasonRequired', 'Give the member a reason: they will read it.'));
  const first = await findApplication(deps.db, input.id);
  if (!first) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      // Lock order: the member's row, then the application (as kyc.submit and the downgrade take them).
      await lockMemberTier(trx, first.user_id);
      const app = await lockApplication(trx, input.id);
      if (!app) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
      if (app.user_id === admin.id) throw new AppError('FORBIDDEN', OWN_APPLICATION);
      if (await adminChangedMember(trx, admin.id, app.user_id)) throw new AppError('FORBIDDEN', CHANGED_MEMBER);
      if (app.status !== 'pending' && app.status !== 'awaiting_second_review') throw notOpen(app);
      const approvals = (await listReviewsOf(trx, [app.id])).filter((r) => r.decision === 'approve');
      if (input.decision === 'approve' && approvals.some((r) => r.reviewer_id === admin.id))
        throw conflict(ALREADY_APPROVED);
      await insertReview(trx, {
        id: randomUUID(),
        applicationId: app.id,
        reviewerId: admin.id,
        decision: input.decision,
        reason: reason || null,
        item: input.item ?? null,
        note: input.note?.trim() || null,
        now,
      });
      const result = await decide(trx, app, input, reason, now);
      await recordAudit(trx, {
        actorId: admin.id,
        action: `kyc.${input.decision}`,
        entityType: 'kyc_application',
        entityId: app.id,
        before: { userId: app.user_id, status: app.status },
        after: { userId: app.user_id, status: result.status, tier: result.tier, item: input.item ?? null },
      });
      return result;
    });
  } catch (err) {
    // The same admin approving twice at once: the second insert meets the unique index.
    if (pgErrorCode(err) === '23505') throw new AppError('INVALID_STATE', ALREADY_APPROVED, { cause: err });
    throw err;
  }
}

/** The move a decision makes (guarded by the status read under the lock), and the member's notice. */
async function decide(
  trx: Transaction<DB>,
  app: KycApplicationRow,
  input: TKycReviewInput,
  reason: string,
  now: Date,
): Promise<TKycReviewResult> {
  const moved = (row: KycApplicationRow | undefined) => {
    if (!row) throw notOpen(app);
    return row;
  };
  const tell = (event: string, title: Msg, body: Msg) =>
    notify(trx, {
      userId: app.user_id,
      kind: `account.kyc_${event}`,
      title,
      body,
      link: '/dashboard/verification',
      eventKey: `kyc:${app.id}:${event}`,
      at: now,
      mail: {},
    });

  if (input.decision === 'retry') {
    moved(
      await moveApplication(trx, app.id, app.status, 'retry', {
        retryItem: input.item!,
        memberReason: reason,
        decided: true,
        now,
      }),
    );
    await tell(
      'retry',
      tr('kyc.retryTitle', 'Please send an item of your identity application again'),
      tr(
        'kyc.retryBody',
        'A reviewer asks you to send {item, select, identity {your identity document} proof_of_address {your proof of address} selfie {your selfie} legal_name {your legal name} date_of_birth {your date of birth} address {your address} other {an item}} again: {reason}',
        { item: input.item!, reason },
      ),
    );
    return { id: app.id, status: 'retry', tier: app.tier };
  }
  if (input.decision === 'reject') {
    moved(await moveApplication(trx, app.id, app.status, 'rejected', { memberReason: reason, decided: true, now }));
    await tell(
      'rejected',
      tr('kyc.rejectedTitle', 'Your identity verification was refused'),
      tr('kyc.rejectedBody', 'The decision is final: {reason}', { reason }),
    );
    return { id: app.id, status: 'rejected', tier: app.tier };
  }
  if (app.status === 'pending') {
    moved(await moveApplication(trx, app.id, 'pending', 'awaiting_second_review', { decided: false, now }));
    return { id: app.id, status: 'awaiting_second_review', tier: app.tier };
  }
  await refuseStaleApproval(trx, app, now);
  moved(await moveApplication(trx, app.id, 'awaiting_second_review', 'approved', { decided: true, now }));
  await writeVerifiedMember(trx, app.user_id, {
    tier: app.tier,
    legalName: app.legal_name,
    dateOfBirth: app.date_of_birth,
    address: app.address,
    now,
  });
  await tell(
    'approved',
    tr('kyc.approvedTitle', 'Your identity is verified'),
    tr('kyc.approvedBody', 'You now hold identity tier {tier}; your withdrawal limits rose with it.', {
      tier: app.tier,
    }),
  );
  return { id: app.id, status: 'approved', tier: app.tier };
}

/**
 * What changed since the submission may forbid the approval: a document deleted or expired meanwhile, or (a tier-2
 * application without an identity document) a tier 1 the member no longer holds.
 */
async function refuseStaleApproval(trx: Transaction<DB>, app: KycApplicationRow, now: Date): Promise<void> {
  const docs = await findDocumentsOf(trx, app.user_id, app.document_ids);
  const today = isoDay(now);
  if (docs.length !== app.document_ids.length || docs.some((d) => d.deleted_at !== null))
    throw conflict(
      tr('kyc.documentGone', 'A document of this application was deleted; ask the member to send it again.'),
    );
  if (docs.some((d) => d.expires_on !== null && d.expires_on < today))
    throw conflict(
      tr('kyc.documentExpiredReview', 'A document of this application has expired; ask the member for a valid one.'),
    );
  const held = await memberTier(trx, app.user_id);
  if (app.tier === 2 && held < 1 && !docs.some((d) => d.kind === 'identity'))
    throw conflict(
      tr(
        'kyc.tier1Lost',
        'The member no longer holds tier 1, and this application has no identity document: ask for one.',
      ),
    );
}
