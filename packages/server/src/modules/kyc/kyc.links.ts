// #33: a document's link. Documents are served only through links that expire after 15 minutes, each signed
// (HMAC-SHA256 with a key from APP_SECRET) for one document, one viewer and one expiry: a link copied to another
// account, altered or kept past its expiry is refused by GET /api/kyc/documents/:id (kyc.documents.http.ts),
// which also checks that the signed-in viewer is the owner or an admin at the moment of viewing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { linkKey } from './kyc.store.ts';

/** How long a link works. */
export const DOCUMENT_LINK_TTL_MS = 15 * 60 * 1000;

/** Where documents are uploaded (POST) and served (GET `${DOCUMENTS_PATH}/:id`). */
export const DOCUMENTS_PATH = '/api/kyc/documents';

function signature(key: Buffer, documentId: string, viewerId: string, expires: number): string {
  return createHmac('sha256', key).update(`kyc-document\n${documentId}\n${viewerId}\n${expires}`).digest('base64url');
}

/**
 * The link with which `viewerId` (the member who owns the document, or an admin) may open the document until
 * `now` + 15 minutes: `/api/kyc/documents/<id>?expires=<ms since epoch>&sig=<HMAC>`. Null when the server has no
 * APP_SECRET (documents cannot be stored or served then: ZKycDocumentLink's `url` is null).
 */
export function documentLink(config: Config, link: { documentId: string; viewerId: string }, now: Date): string | null {
  const key = linkKey(config);
  if (!key) return null;
  const expires = now.getTime() + DOCUMENT_LINK_TTL_MS;
  const sig = signature(key, link.documentId, link.viewerId, expires);
  return `${DOCUMENTS_PATH}/${encodeURIComponent(link.documentId)}?expires=${expires}&sig=${sig}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** Whether a link's `expires` and `sig` were made for this document and this viewer, and are still in time. */
export function checkDocumentLink(
  config: Config,
  link: { documentId: string; viewerId: string; expires: unknown; sig: unknown },
  now: Date,
): LinkCheck {
  const key = linkKey(config);
  if (!key || typeof link.expires !== 'string' || typeof link.sig !== 'string') return 'invalid';
  if (!/^\d{1,15}$/.test(link.expires)) return 'invalid';
  const expires = Number(link.expires);
  const want = Buffer.from(signature(key, link.documentId, link.viewerId, expires));
  const got = Buffer.from(link.sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return 'invalid';
  // A signed expiry further out than a link is ever made for cannot come from documentLink: refused too.
  if (expires - now.getTime() > DOCUMENT_LINK_TTL_MS) return 'invalid';
  return now.getTime() < expires ? 'valid' : 'expired';
}
