// #33: the two REST paths of identity documents.
//   POST /api/kyc/documents   multipart (`file`, `kind`, optional `expiresOn`) → { id }: a signed-in member.
//   GET  /api/kyc/documents/:id?expires=…&sig=…   the decrypted file, through a link made by documentLink.
// Multipart is parsed in this scope only (@fastify/multipart); the app's request guards still refuse a
// cross-site Origin here, and refuse multipart bodies on every other path.
import multipart from '@fastify/multipart';
import { tr } from '@vestora/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, errorBody, toPublicError, toPublicI18n } from '../../lib/errors.ts';
import { sessionCookieName } from '../../lib/session-cookie.ts';
import { resolveSession } from '../session/session.service.ts';
import { openDocument, uploadDocument } from './kyc.documents.service.ts';
import { DOCUMENTS_PATH } from './kyc.links.ts';

const MB = 1024 * 1024;
/** Room for the multipart envelope and the small fields beside the file. */
const ENVELOPE_BYTES = 64 * 1024;
const MAX_FIELD_BYTES = 200;

/** The route config that lets a multipart body past the request guards (lib/request-guards.ts). */
export const MULTIPART_ROUTE = { acceptsMultipart: true } as const;

async function viewerOf(app: FastifyInstance, req: FastifyRequest) {
  const { deps } = app;
  const cookie = req.cookies[sessionCookieName(deps.config.publicUrl)];
  const session = cookie ? await resolveSession(deps, cookie) : null;
  return session ? { id: session.user.id, accountType: session.user.account_type } : null;
}

function tooLarge(maxMb: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    tr('kyc.document.tooLarge', 'file: The file is larger than {mb} MB. Send a smaller scan or photo.', { mb: maxMb }),
  );
}

export async function kycDocumentRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const maxMb = deps.config.KYC_MAX_UPLOAD_MB;
  const maxBytes = maxMb * MB;
  await app.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 4, fieldSize: MAX_FIELD_BYTES, parts: 5, headerPairs: 20 },
  });

  app.post(DOCUMENTS_PATH, { config: MULTIPART_ROUTE }, async (req, reply) => {
    // A refusal ends the connection: the rest of a too-large body is not read (nor kept alive for).
    // The body names its message's id and values (`i18n`), as tRPC's errors do, so the page shows it translated.
    const refuse = (err: unknown) => {
      const pub = toPublicError(err);
      if (pub.status >= 500) req.log.error({ err }, 'identity document upload failed');
      const i18n = toPublicI18n(err);
      return reply
        .code(pub.status)
        .header('connection', 'close')
        .header('cache-control', 'no-store')
        .send({ ...errorBody(pub), ...(i18n ? { i18n } : {}) });
    };
    try {
      const viewer = await viewerOf(app, req);
      if (!viewer)
        throw new AppError('UNAUTHENTICATED', tr('kyc.document.signInUpload', 'Sign in to upload a document.'));
      await deps.limits.consume('document', { account: viewer.id, address: req.ip });
      if (!req.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          tr('kyc.document.multipart', 'Send the document as multipart/form-data with a `file` field.'),
        );
      }
      // A declared length past the limit is refused before a byte of it is read.
      if (Number(req.headers['content-length'] ?? 0) > maxBytes + ENVELOPE_BYTES) throw tooLarge(maxMb);
      const fields: Record<string, string> = {};
      let file: { bytes: Uint8Array; fileName: string; contentType: string } | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value.trim();
          continue;
        }
        // Counted as it streams: past the limit, refused at once (never more than maxBytes + one chunk held).
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) throw tooLarge(maxMb);
          chunks.push(chunk);
        }
        if (part.file.truncated) throw tooLarge(maxMb);
        if (part.fieldname !== 'file') continue;
        file = { bytes: new Uint8Array(Buffer.concat(chunks)), fileName: part.filename, contentType: part.mimetype };
      }
      if (!file) {
        throw new AppError('BAD_INPUT', tr('kyc.document.noFile', 'file: Choose the document to upload.'));
      }
      const answer = await uploadDocument(deps, viewer, {
        kind: fields.kind,
        expiresOn: fields.expiresOn,
        fileName: file.fileName,
        contentType: file.contentType,
        bytes: file.bytes,
      });
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(tooLarge(maxMb));
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        return refuse(
          new AppError(
            'BAD_INPUT',
            tr('kyc.document.onePerUpload', 'Send one document per upload, with only `file`, `kind` and `expiresOn`.'),
          ),
        );
      }
      return refuse(err);
    }
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    `${DOCUMENTS_PATH}/:id`,
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const viewer = await viewerOf(app, req);
      const doc = await openDocument(deps, viewer, {
        documentId: req.params.id,
        expires: req.query.expires,
        sig: req.query.sig,
      });
      // Images inline (a review page shows them); a PDF is downloaded, never rendered on our origin.
      const disposition = doc.mime === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', doc.mime)
        .header('content-disposition', `${disposition}; filename="${doc.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(doc.bytes));
    },
  );
}
