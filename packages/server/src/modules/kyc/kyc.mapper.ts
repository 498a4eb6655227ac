// #33: identity rows as the wire shows them (dates to ISO; a document with its expiring link for its viewer).
import type { TKycDocumentLink, TKycItem, TKycReviewView } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { iso } from '../../lib/dates.ts';
import type { KycDocumentRow, KycReviewRow } from './kyc.applications.repo.ts';
import { documentLink } from './kyc.links.ts';

/** A document for `viewerId` (its owner or an admin), with its 15-minute link. */
export function toDocumentLink(
  doc: KycDocumentRow,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  viewerId: string,
): TKycDocumentLink {
  return {
    id: doc.id,
    kind: doc.kind,
    mime: doc.mime,
    sizeBytes: doc.size_bytes,
    createdAt: iso(doc.created_at),
    url: doc.deleted_at === null ? documentLink(deps.config, { documentId: doc.id, viewerId }, deps.clock.now()) : null,
  };
}

/** A decision as admins see it (with its note: never sent to the member). */
export function toReviewView(r: KycReviewRow & { reviewer_email: string | null }): TKycReviewView {
  return {
    id: r.id,
    reviewerId: r.reviewer_id,
    reviewerEmail: r.reviewer_email,
    decision: r.decision,
    reason: r.reason,
    item: r.item as TKycItem | null,
    note: r.note,
    createdAt: iso(r.created_at),
  };
}
