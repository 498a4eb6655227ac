// #33: sending an identity document to POST /api/kyc/documents (multipart), with the upload's progress.
import { KYC_DOCUMENT_MIMES, translate, type MsgValues, type TKycDocumentKind } from '@vestora/contract';

/** The file types a document may be, for the file input's `accept` (the server sniffs the bytes either way). */
export const DOCUMENT_ACCEPT = [...KYC_DOCUMENT_MIMES, '.png', '.jpg', '.jpeg', '.pdf'].join(',');

/** Why the browser refuses a file before sending it (the server checks the same, and the bytes). */
export type FileRefusal = 'type' | 'size' | 'empty';

/** Checks a picked file's declared type and size against what the server takes; null when it may be sent. */
export function checkDocumentFile(file: { type: string; size: number }, maxBytes: number): FileRefusal | null {
  if (file.size === 0) return 'empty';
  if (!(KYC_DOCUMENT_MIMES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}

/** The server refused the upload (or it never reached it): `message` is ready to show. */
export class UploadError extends Error {}

/**
 * The message of an `{ err, i18n? }` answer in the reader's language (translated when the body names its message's
 * id), or null when the body is not one. The field a server message starts with (`file: ...`) is left out.
 */
export function refusalMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { err?: unknown; i18n?: { id?: unknown; values?: unknown } };
    if (typeof parsed.err !== 'string' || parsed.err.trim() === '') return null;
    const id = parsed.i18n?.id;
    const values = parsed.i18n?.values;
    const text =
      typeof id !== 'string'
        ? parsed.err
        : translate(
            values && typeof values === 'object'
              ? { id, message: parsed.err, values: values as MsgValues }
              : { id, message: parsed.err },
          );
    return text.replace(/^(?:file|kind|expiresOn): /, '');
  } catch {
    return null;
  }
}

export interface UploadWords {
  /** The request never got an answer. */
  network: string;
  /** An answer without a message we can show (a 5xx, a proxy's page). */
  failed: string;
}

/**
 * Uploads one document; resolves with its id. XMLHttpRequest rather than fetch: only it reports the upload's
 * progress (`onProgress` gets 0 to 100). The session cookie goes with it (same origin), and the browser's Origin.
 */
export function uploadKycDocument(
  input: { file: File; kind: TKycDocumentKind; expiresOn?: string },
  words: UploadWords,
  onProgress: (percent: number) => void,
): Promise<{ id: string }> {
  const form = new FormData();
  form.append('kind', input.kind);
  if (input.expiresOn) form.append('expiresOn', input.expiresOn);
  // The file last: a server that streams the body reads the fields before the bytes.
  form.append('file', input.file, input.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/kyc/documents');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => reject(new UploadError(words.network));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as { id?: unknown };
          if (typeof body.id === 'string') return resolve({ id: body.id });
        } catch {
          // falls through
        }
        return reject(new UploadError(words.failed));
      }
      const message = xhr.status < 500 ? refusalMessage(xhr.responseText) : null;
      reject(new UploadError(message ?? words.failed));
    };
    xhr.send(form);
  });
}
