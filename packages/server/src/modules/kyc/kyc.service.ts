// #33: a member submits an application for an identity tier. Decisions (two admins approve, one asks again or
// rejects) are in kyc.review.ts; what the member sees in kyc.status.ts; a tier falling after approval in
// kyc.return.ts.
//
// Rules of a submission:
// - the documents are the member's own, not deleted and not expired, and of the kinds the tier needs (tier 1: an
//   identity document; tier 2: a proof of address, and a selfie when KYC_REQUIRE_SELFIE);
// - tier 2 needs tier 1: held, or applied for in the same submission (the same application then carries an
//   identity document too, and one approval grants tier 2);
// - a tier the member already holds is not applied for again;
// - an earlier open (pending, awaiting a second review) or retry application is superseded by the new one;
// - a rejected member cannot apply again: a reject is final;
// - the member is an adult, born on a date in the past;
// - a legal name other than the verified one returns the member to review at once (kyc.return.ts), so the
//   submission must then carry an identity document.
import { randomUUID } from 'node:crypto';
import { type Msg, type TKycSubmitInput, type TKycSubmitResult, tr } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { lockMemberTier } from './kyc.repo.ts';
import {
  findDocumentsOf,
  findKycMember,
  hasRejectedApplication,
  insertApplication,
  supersedeOpenApplications,
} from './kyc.applications.repo.ts';
import { returnToReviewIn } from './kyc.return.ts';
import { checkDateOfBirth, documentKindsFor, isoDay, sameName } from './kyc.rules.ts';

export const REJECTED_FINAL = tr(
  'kyc.rejectedFinal',
  'Your identity verification was refused, and that decision is final: you cannot apply again. Contact support if you think this is a mistake.',
);

const bad = (m: Msg) => new AppError('BAD_INPUT', m);

/** kyc.submit: checks the application, supersedes the member's earlier open one, writes it pending (audited). */
export async function submitApplication(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  member: Viewer,
  input: TKycSubmitInput,
): Promise<TKycSubmitResult> {
  const now = deps.clock.now();
  checkDateOfBirth(input.dateOfBirth, now);
  const ids = [...new Set(input.documentIds)];
  if (ids.length !== input.documentIds.length)
    throw bad(tr('kyc.duplicateDocument', 'The same document is listed twice.'));

  return deps.db.transaction().execute(async (trx) => {
    // The member's row first (lock order): two submissions of one member run one after another.
    const held = await lockMemberTier(trx, member.id);
    if (await hasRejectedApplication(trx, member.id)) throw new AppError('FORBIDDEN', REJECTED_FINAL);
    const verified = await findKycMember(trx, member.id);
    const nameChanged = held >= 1 && verified?.legal_name != null && !sameName(verified.legal_name, input.legalName);
    // With a new legal name nothing is held any more: tier 1 is applied for again.
    if (input.tier <= (nameChanged ? 0 : held))
      throw new AppError(
        'INVALID_STATE',
        tr('kyc.tierHeld', 'You already hold tier {tier}; there is nothing to apply for at that tier.', {
          tier: held,
        }),
      );

    const docs = await findDocumentsOf(trx, member.id, ids);
    // Another member's document is as unknown as one that never existed.
    if (docs.length !== ids.length)
      throw new AppError('NOT_FOUND', tr('kyc.documentUnknown', 'One of these documents is not one of yours.'));
    if (docs.some((d) => d.deleted_at !== null))
      throw bad(tr('kyc.documentDeleted', 'One of these documents was deleted; please upload it again.'));
    const today = isoDay(now);
    if (docs.some((d) => d.expires_on !== null && d.expires_on < today))
      throw bad(tr('kyc.documentExpired', 'One of these documents has expired; please upload a valid one.'));

    // A new legal name is a new identity: tier 1's document again.
    const needsTier1 = input.tier === 1 || held < 1 || nameChanged;
    const kinds = new Set(docs.map((d) => d.kind));
    const needed = [
      ...(needsTier1 ? documentKindsFor(1, deps.config) : []),
      ...(input.tier === 2 ? documentKindsFor(2, deps.config) : []),
    ];
    const missing = needed.filter((k) => !kinds.has(k));
    if (missing.length > 0)
      throw bad(
        tr(
          'kyc.documentMissing',
          'This application needs {kind, select, identity {an identity document} proof_of_address {a proof of address} selfie {a selfie} other {another document}}.',
          { kind: missing[0]! },
        ),
      );
    const extra = [...kinds].filter((k) => !needed.includes(k));
    if (extra.length > 0)
      throw bad(
        tr(
          'kyc.documentExtra',
          'This application does not take {kind, select, identity {an identity document} proof_of_address {a proof of address} selfie {a selfie} other {another document}}.',
          { kind: extra[0]! },
        ),
      );

    if (nameChanged)
      await returnToReviewIn(trx, deps, {
        userId: member.id,
        item: 'legal_name',
        cause: 'name_changed',
        now,
        // The member's own new application below replaces the retry one the downgrade would open.
        openRetry: false,
      });

    const superseded = await supersedeOpenApplications(trx, member.id, now);
    const row = await insertApplication(trx, {
      id: randomUUID(),
      userId: member.id,
      tier: input.tier,
      status: 'pending',
      legalName: input.legalName,
      dateOfBirth: input.dateOfBirth,
      address: input.address,
      documentIds: ids,
      now,
    });
    // Ids and the tier only: the audit log names no one's legal name, birth date or address.
    await recordAudit(trx, {
      actorId: member.id,
      action: 'kyc.submit',
      entityType: 'kyc_application',
      entityId: row.id,
      before: superseded.length ? { superseded } : null,
      after: { userId: member.id, tier: input.tier, status: 'pending', documentIds: ids },
    });
    return { id: row.id, status: 'pending' as const, tier: input.tier };
  });
}
