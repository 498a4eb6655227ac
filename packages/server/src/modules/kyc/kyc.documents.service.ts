// #33: storing and serving identity documents. The bytes are sniffed (PNG, JPEG or PDF; the declared type and the
// name's extension must agree with them), images lose their metadata, and what is kept is encrypted
// (kyc.store.ts). A document is served only through a signed 15-minute link (kyc.links.ts), to its owner or to an
// admin; an admin's view is audited.
import { randomUUID, createHash } from 'node:crypto';
import { type TKycDocumentMime, tr, ZKycDocumentKind } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import {
  declaredMime,
  EXTENSIONS,
  extensionOf,
  MalformedImageError,
  sniffMime,
  stripMetadata,
} from './kyc.filetype.ts';
import { checkDocumentLink } from './kyc.links.ts';
import { countLiveDocuments, findLiveDocument, insertDocument } from './kyc.documents.repo.ts';
import { decryptDocument, documentStore, encryptDocument, linkKey, DOCUMENTS_UNAVAILABLE } from './kyc.store.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** Documents with files a member may hold at once (every submission names a few; this bounds the disk). */
export const MAX_DOCUMENTS_PER_MEMBER = 50;

const TYPE_WORDS: Record<TKycDocumentMime, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'application/pdf': 'a PDF',
};

export interface UploadInput {
  kind: unknown;
  expiresOn: unknown;
  fileName: string | undefined;
  /** The part's declared Content-Type. */
  contentType: string | undefined;
  bytes: Uint8Array;
}

export const MEMBERS_ONLY = tr(
  'kyc.document.membersOnly',
  'Identity documents are uploaded by members for their own account; an administrator account has none.',
);

/** Checks what the upload is and stores it; answers the new document's id. */
export async function uploadDocument(
  deps: Deps,
  member: { id: string; accountType: 'user' | 'admin' },
  input: UploadInput,
): Promise<{ id: string }> {
  if (member.accountType === 'admin') throw new AppError('FORBIDDEN', MEMBERS_ONLY);
  if (!linkKey(deps.config)) throw new AppError('UNAVAILABLE', DOCUMENTS_UNAVAILABLE);
  const kind = ZKycDocumentKind.safeParse(input.kind);
  if (!kind.success) {
    throw new AppError(
      'BAD_INPUT',
      tr('kyc.document.kind', 'kind: Say which document this is: identity, proof_of_address or selfie.'),
    );
  }
  const expiresOn = parseExpiresOn(input.expiresOn);
  if (input.bytes.byteLength === 0) {
    throw new AppError('BAD_INPUT', tr('kyc.document.empty', 'file: The file is empty. Choose the document again.'));
  }
  const mime = checkType(input);
  let bytes: Uint8Array;
  try {
    bytes = stripMetadata(mime, input.bytes);
  } catch (e) {
    if (!(e instanceof MalformedImageError)) throw e;
    throw new AppError(
      'BAD_INPUT',
      tr('kyc.document.malformed', 'file: The file is not a complete {type}: it may be damaged. Save it again.', {
        type: TYPE_WORDS[mime],
      }),
    );
  }
  if ((await countLiveDocuments(deps.db, member.id)) >= MAX_DOCUMENTS_PER_MEMBER) {
    throw new AppError(
      'INVALID_STATE',
      tr('kyc.document.tooMany', 'You have uploaded {max} documents already: submit them, or ask support.', {
        max: MAX_DOCUMENTS_PER_MEMBER,
      }),
    );
  }
  const id = randomUUID();
  const storageKey = randomUUID();
  const store = documentStore(deps.config);
  await store.put(storageKey, encryptDocument(deps.config, storageKey, bytes));
  try {
    await insertDocument(deps.db, {
      id,
      user_id: member.id,
      kind: kind.data,
      mime,
      size_bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storage_key: storageKey,
      expires_on: expiresOn,
      created_at: deps.clock.now(),
    });
  } catch (e) {
    // No file without its row: a failed insert leaves nothing behind.
    await store.delete(storageKey);
    throw e;
  }
  return { id };
}

function parseExpiresOn(value: unknown): string | null {
  if (value === undefined || value === '') return null;
  if (
    typeof value === 'string' &&
    /^\d{4}-\d\d-\d\d$/.test(value) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  ) {
    return value;
  }
  throw new AppError(
    'BAD_INPUT',
    tr('kyc.document.expiresOn', 'expiresOn: The expiry date must be a date such as 2031-04-21.'),
  );
}

/** The type the bytes are, when the declared type and the name agree with it; else a 415 that says why. */
function checkType(input: UploadInput): TKycDocumentMime {
  const actual = sniffMime(input.bytes);
  if (!actual) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      tr(
        'kyc.document.notAllowed',
        'file: Only PNG, JPEG and PDF files are accepted, and this file is none of them (whatever its name says).',
      ),
    );
  }
  const declared = declaredMime(input.contentType);
  if (declared !== actual) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      tr(
        'kyc.document.typeMismatch',
        'file: The file was sent as {declared} but its contents are {actual}: the declared type must match the file.',
        { declared: declared || 'no type', actual: TYPE_WORDS[actual] },
      ),
    );
  }
  const ext = extensionOf(input.fileName);
  if (ext !== null && !EXTENSIONS[actual].includes(ext)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      tr(
        'kyc.document.nameMismatch',
        'file: The file is named .{ext} but its contents are {actual}: rename it or export it again in the right format.',
        { ext, actual: TYPE_WORDS[actual] },
      ),
    );
  }
  return actual;
}

export interface ServedDocument {
  bytes: Uint8Array;
  mime: TKycDocumentMime;
  fileName: string;
}

const NOT_FOUND = tr('kyc.document.notFound', 'There is no such document.');

/**
 * The decrypted document, for a viewer holding a valid link: the link must be signed for this document and this
 * viewer and not have expired, and the viewer must be the owner (while the account is open) or an admin.
 * An admin's view is audited (`kyc.document_view`, ids only).
 */
export async function openDocument(
  deps: Deps,
  viewer: { id: string; accountType: 'user' | 'admin' } | null,
  link: { documentId: string; expires: unknown; sig: unknown },
): Promise<ServedDocument> {
  if (!viewer) {
    throw new AppError('UNAUTHENTICATED', tr('kyc.document.signIn', 'Sign in to open this document.'));
  }
  const now = deps.clock.now();
  const check = checkDocumentLink(deps.config, { ...link, viewerId: viewer.id }, now);
  if (check === 'expired') {
    throw new AppError(
      'FORBIDDEN',
      tr('kyc.document.linkExpired', 'This link has expired (links work for 15 minutes): open the document again.'),
    );
  }
  if (check === 'invalid') {
    throw new AppError('FORBIDDEN', tr('kyc.document.linkInvalid', 'This link is not valid for your account.'));
  }
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(link.documentId)) {
    throw new AppError('NOT_FOUND', NOT_FOUND);
  }
  const doc = await findLiveDocument(deps.db, link.documentId);
  if (!doc) throw new AppError('NOT_FOUND', NOT_FOUND);
  const isAdmin = viewer.accountType === 'admin';
  // After the relationship ended the records are restricted: only admins read them.
  if (!isAdmin && (doc.user_id !== viewer.id || doc.relationship_ended_at !== null)) {
    throw new AppError('NOT_FOUND', NOT_FOUND);
  }
  const stored = await documentStore(deps.config).get(doc.storage_key);
  if (!stored) throw new AppError('NOT_FOUND', NOT_FOUND);
  const bytes = decryptDocument(deps.config, doc.storage_key, stored);
  if (isAdmin) {
    await recordAudit(deps.db, {
      actorId: viewer.id,
      action: 'kyc.document_view',
      entityType: 'kyc_document',
      entityId: doc.id,
      before: null,
      after: { documentId: doc.id, userId: doc.user_id, kind: doc.kind },
    });
  }
  return { bytes, mime: doc.mime, fileName: `${doc.kind}-${doc.id.slice(0, 8)}.${EXTENSIONS[doc.mime][0]}` };
}

/** A stored document's plaintext (the data export; retention-deleted files are not asked for). */
export async function readDocumentBytes(
  deps: Pick<Deps, 'config'>,
  doc: { storage_key: string },
): Promise<Uint8Array | null> {
  const stored = await documentStore(deps.config).get(doc.storage_key);
  return stored ? decryptDocument(deps.config, doc.storage_key, stored) : null;
}
