// #33: after approval, a changed legal name or an expired document returns the member to review for that item.
// In the caller's transaction: the tier falls at once to the highest tier still backed (an identity item backs
// tier 1 and so everything; a proof of address or a selfie backs tier 2), an application in `retry` for that item
// tells the member why (their other accepted items are carried over), the earlier open application is superseded,
// the member is told, the change is audited (ids only), and withdrawals above the new limit go back to review.
import { randomUUID } from 'node:crypto';
import { type Msg, type TKycItem, tr } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { notify } from '../notification/notification.service.ts';
import {
  acceptedDocuments,
  findKycMember,
  insertApplication,
  lowerMemberTier,
  supersedeOpenApplications,
} from './kyc.applications.repo.ts';
import { recheckAfterDowngrade } from './kyc.downgrade.ts';
import { lockMemberTier } from './kyc.repo.ts';
import { nameLeavesLegalName, tierOfItem } from './kyc.rules.ts';

/** Why the platform itself asked for an item again. */
export type ReturnCause = 'document_expired' | 'name_changed';

/**
 * A retry the platform opened keeps its cause, not a sentence, in member_reason (`system:<cause>`): kyc.status
 * says it in the member's language (an admin's reason is their own words, shown as written).
 */
export const SYSTEM_REASON_PREFIX = 'system:';
export const SYSTEM_REASONS: Record<ReturnCause, Msg> = {
  document_expired: tr('kyc.reason.documentExpired', 'This document has expired: please send a valid one.'),
  name_changed: tr(
    'kyc.reason.nameChanged',
    'Your name no longer matches your verified legal name: please verify your identity again.',
  ),
};

/** What returnToReviewIn did: the tier before and after (equal: nothing changed), and the retry application. */
export interface ReturnResult {
  from: number;
  to: number;
  retryId: string | null;
}

/**
 * Returns the member to review for `item` (see the file's comment). Nothing happens when the tier the item backs is
 * not held. `openRetry: false` when the member's own new application takes the retry's place (kyc.submit).
 */
export async function returnToReviewIn(
  trx: Transaction<DB>,
  deps: Pick<AppDeps, 'config'>,
  p: { userId: string; item: TKycItem; cause: ReturnCause; now: Date; openRetry?: boolean },
): Promise<ReturnResult> {
  const from = await lockMemberTier(trx, p.userId);
  const to = Math.min(from, tierOfItem(p.item) - 1);
  if (to >= from) return { from, to: from, retryId: null };
  await lowerMemberTier(trx, p.userId, to, p.now);
  const superseded = await supersedeOpenApplications(trx, p.userId, p.now);
  let retryId: string | null = null;
  if (p.openRetry !== false) {
    const verified = await findKycMember(trx, p.userId);
    const kept = (await acceptedDocuments(trx, p.userId)).filter((d) => d.kind !== p.item && d.deleted_at === null);
    retryId = randomUUID();
    await insertApplication(trx, {
      id: retryId,
      userId: p.userId,
      tier: from,
      status: 'retry',
      legalName: verified?.legal_name ?? null,
      dateOfBirth: verified?.date_of_birth ?? null,
      address: verified?.address ?? null,
      documentIds: kept.map((d) => d.id),
      retryItem: p.item,
      memberReason: `${SYSTEM_REASON_PREFIX}${p.cause}`,
      now: p.now,
    });
  }
  await recordAudit(trx, {
    actorId: null,
    action: 'kyc.return_to_review',
    entityType: 'kyc_application',
    entityId: retryId,
    before: { userId: p.userId, tier: from, ...(superseded.length ? { superseded } : {}) },
    after: { userId: p.userId, tier: to, item: p.item, cause: p.cause },
  });
  await notify(trx, {
    userId: p.userId,
    kind: 'account.kyc_returned',
    title: tr('kyc.returnedTitle', 'Your identity needs checking again'),
    body: [
      SYSTEM_REASONS[p.cause],
      tr('kyc.returnedBody', 'Your identity tier is now {tier}; your withdrawal limits changed with it.', { tier: to }),
    ],
    link: '/dashboard/verification',
    eventKey: `kyc:${p.userId}:returned:${p.item}:${p.now.toISOString()}`,
    at: p.now,
    mail: {},
  });
  await recheckAfterDowngrade(trx, deps.config, p.userId, p.now);
  return { from, to, retryId };
}

/**
 * After a member's name changed (their own profile, or an admin's edit), in the same transaction: a verified member
 * whose new name leaves their verified legal name is returned to review for it (kyc.rules.ts nameLeavesLegalName).
 */
export async function returnIfNameLeftLegalName(
  trx: Transaction<DB>,
  deps: Pick<AppDeps, 'config'>,
  p: {
    userId: string;
    before: { first_name: string; last_name: string };
    after: { first_name?: string; last_name?: string };
    now: Date;
  },
): Promise<void> {
  const verified = await findKycMember(trx, p.userId);
  if (!verified || verified.tier < 1 || !nameLeavesLegalName(verified.legal_name, p.before, p.after)) return;
  await returnToReviewIn(trx, deps, { userId: p.userId, item: 'legal_name', cause: 'name_changed', now: p.now });
}
