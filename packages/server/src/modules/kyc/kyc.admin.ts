// #33: what admins read of identity applications: the queue (oldest first, with who already approved) and one
// application with its member, its documents (with links) and its whole review history, notes included.
import type { TKycApplicationDetail, TKycItem, TKycQueue } from '@vestora/contract';
import { tr } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { findUserById } from '../user/user.repo.ts';
import { findApplication, findDocuments, listOpenApplications, listReviewsOf } from './kyc.applications.repo.ts';
import { toDocumentLink, toReviewView } from './kyc.mapper.ts';
import { memberTier } from './kyc.repo.ts';
import { APPLICATION_NOT_FOUND } from './kyc.review.ts';

/** The most applications the queue shows at once (the oldest; the next appear as these are decided). */
export const QUEUE_LIMIT = 200;

/** kyc.queue: applications waiting for a review, oldest first. */
export async function kycQueue(deps: Pick<AppDeps, 'db'>): Promise<TKycQueue> {
  const rows = await listOpenApplications(deps.db, QUEUE_LIMIT);
  const reviews = await listReviewsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      email: r.email,
      tier: r.tier,
      status: r.status as 'pending' | 'awaiting_second_review',
      submittedAt: iso(r.submitted_at),
      approvedBy: reviews
        .filter((v) => v.application_id === r.id && v.decision === 'approve')
        .map((v) => ({ id: v.reviewer_id, email: v.reviewer_email })),
    })),
  };
}

/** kyc.get: one application as admins see it. */
export async function kycApplication(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  admin: Viewer,
  id: string,
): Promise<TKycApplicationDetail> {
  const app = await findApplication(deps.db, id);
  if (!app) throw new AppError('NOT_FOUND', APPLICATION_NOT_FOUND);
  const member = await findUserById(deps.db, app.user_id);
  if (!member)
    throw new AppError('NOT_FOUND', tr('kyc.memberGone', 'The member of this application no longer exists.'));
  const docs = await findDocuments(deps.db, app.document_ids);
  const reviews = await listReviewsOf(deps.db, [app.id]);
  return {
    id: app.id,
    tier: app.tier,
    status: app.status,
    legalName: app.legal_name,
    dateOfBirth: app.date_of_birth,
    address: app.address,
    retryItem: app.retry_item as TKycItem | null,
    memberReason: app.member_reason,
    submittedAt: iso(app.submitted_at),
    decidedAt: isoOrNull(app.decided_at),
    member: {
      id: member.id,
      email: member.email,
      firstName: member.first_name,
      lastName: member.last_name,
      tier: await memberTier(deps.db, member.id),
      createdAt: iso(member.created_at),
    },
    documents: docs
      .filter((d) => d.user_id === app.user_id)
      .map((d) => ({
        ...toDocumentLink(d, deps, admin.id),
        expiresOn: d.expires_on,
        deleted: d.deleted_at !== null,
      })),
    reviews: reviews.map(toReviewView),
  };
}
