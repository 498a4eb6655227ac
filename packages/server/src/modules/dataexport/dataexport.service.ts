import { type Msg, tr } from '@vestora/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import type { TDataExport, TDataExportLink } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { hashToken } from '../session/session.service.ts';
import {
  countExportsSince,
  type DataExportListRow,
  findExportByTokenForUpdate,
  findExportOfUserForUpdate,
  findOpenExport,
  insertPendingExport,
  listExportsOfUser,
  markExportUsed,
  setExportToken,
} from './dataexport.repo.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A member may ask for this many exports a day (each is a file stored for a day). */
export const EXPORTS_PER_DAY = 5;
/** The member's list shows this many exports, newest first. */
const LIST_LIMIT = 10;
/** Where a download link points (served by dataexport.http.ts). */
export const DOWNLOAD_PATH = '/data-export/download';

export const EXPORT_NOT_FOUND_MESSAGE = tr('export.notFound', 'There is no such export in your account.');

function toPublicExport(row: DataExportListRow, now: Date): TDataExport {
  const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
  let state: TDataExport['state'];
  if (row.status === 'pending' || row.status === 'building') state = 'preparing';
  else if (row.status === 'failed') state = 'failed';
  else if (row.used_at !== null) state = 'downloaded';
  else if (row.expires_at !== null && new Date(row.expires_at) <= now) state = 'expired';
  else state = 'ready';
  return {
    id: row.id,
    state,
    requestedAt: new Date(row.requested_at).toISOString(),
    readyAt: iso(row.ready_at),
    expiresAt: iso(row.expires_at),
    downloadedAt: iso(row.used_at),
    bytes: row.file_bytes,
  };
}

/**
 * dataExport.request: queues an export of the member's data, built in the background (startDataExportRunner).
 * While one is being prepared, asking again answers that one (one at a time per member, kept by the database);
 * at most EXPORTS_PER_DAY a day (429 with Retry-After beyond).
 */
export async function requestDataExport(deps: Deps, userId: string): Promise<TDataExport> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const open = await findOpenExport(trx, userId);
    if (open) return toPublicExport(open, now);
    const recent = await countExportsSince(trx, userId, new Date(now.getTime() - DAY_MS));
    if (recent.count >= EXPORTS_PER_DAY && recent.oldest) {
      throw new AppError(
        'RATE_LIMITED',
        tr(
          'export.dailyLimit',
          'You asked for {count, plural, other {# copies}} of your data in the last 24 hours: the next one can be asked for 24 hours after the oldest of them.',
          { count: EXPORTS_PER_DAY },
        ),
        { retryAfterS: (recent.oldest.getTime() + DAY_MS - now.getTime()) / 1000 },
      );
    }
    const created = await insertPendingExport(trx, { id: randomUUID(), userId, now });
    if (!created) {
      const open = await findOpenExport(trx, userId);
      if (!open) throw new Error('an open export blocked the insert and then vanished');
      return toPublicExport(open, now);
    }
    await recordAudit(trx, {
      actorId: userId,
      action: 'data_export.request',
      entityType: 'user',
      entityId: userId,
      before: null,
      after: { exportId: created.id },
    });
    return toPublicExport(created, now);
  });
}

/** dataExport.status: the member's exports, newest first. */
export async function listDataExports(deps: Deps, userId: string): Promise<TDataExport[]> {
  const now = deps.clock.now();
  return (await listExportsOfUser(deps.db, userId, LIST_LIMIT)).map((r) => toPublicExport(r, now));
}

/**
 * dataExport.link: a one-time download link for a ready export of the caller. Its token is 256 random bits,
 * stored only as its sha256; asking again replaces it (the earlier link stops working). The link works for the
 * signed-in member it was made for, once, until the export's 24 hours are over.
 */
export async function createDownloadLink(deps: Deps, userId: string, id: string): Promise<TDataExportLink> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await findExportOfUserForUpdate(trx, userId, id);
    if (!row) throw new AppError('NOT_FOUND', EXPORT_NOT_FOUND_MESSAGE);
    const state = toPublicExport(row, now).state;
    if (state !== 'ready') throw new AppError('INVALID_STATE', NOT_DOWNLOADABLE[state]);
    const token = randomBytes(32).toString('base64url');
    await setExportToken(trx, row.id, hashToken(token));
    return {
      url: `${deps.config.publicUrl}${DOWNLOAD_PATH}?token=${token}`,
      expiresAt: new Date(row.expires_at!).toISOString(),
    };
  });
}

const NOT_DOWNLOADABLE: Record<Exclude<TDataExport['state'], 'ready'>, Msg> = {
  preparing: tr(
    'export.preparing',
    'This export is still being prepared. The page shows a download button once it is ready.',
  ),
  downloaded: tr(
    'export.downloaded',
    'This export was already downloaded: an export downloads once. Request a new one.',
  ),
  expired: tr(
    'export.expired',
    'This export expired (a download is possible for 24 hours after it is ready). Request a new one.',
  ),
  failed: tr('export.failed', 'This export could not be prepared. Request a new one.'),
};

/** The answer of the download route: the file, or a refusal with its HTTP status and words. */
export type DownloadAnswer =
  | { ok: true; file: Uint8Array; fileName: string }
  | { ok: false; status: 400 | 401 | 404 | 410; message: string };

export const DOWNLOAD_MESSAGES = {
  malformed: 'This download link is not complete: use the Download button in Settings → Your data.',
  signedOut: 'Sign in to download your data, then use the Download button in Settings → Your data again.',
  unknown: 'This download link is not valid for this account. Use the Download button in Settings → Your data.',
  used: 'This download link was already used: an export downloads once. Request a new export in Settings → Your data.',
  expired:
    'This download link expired: an export can be downloaded for 24 hours after it is ready. Request a new export in Settings → Your data.',
} as const;

/**
 * GET /data-export/download?token=…: the export's ZIP, once, to the signed-in member it belongs to. A link of
 * another member's export answers 404 and stays unused (a link alone is not enough: the session must match).
 */
export async function downloadExport(
  deps: Deps,
  token: string | undefined,
  userId: string | null,
): Promise<DownloadAnswer> {
  if (!token || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) {
    return { ok: false, status: 400, message: DOWNLOAD_MESSAGES.malformed };
  }
  if (!userId) return { ok: false, status: 401, message: DOWNLOAD_MESSAGES.signedOut };
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx): Promise<DownloadAnswer> => {
    const row = await findExportByTokenForUpdate(trx, hashToken(token));
    if (!row || row.user_id !== userId || row.status !== 'ready') {
      return { ok: false, status: 404, message: DOWNLOAD_MESSAGES.unknown };
    }
    if (row.used_at !== null) return { ok: false, status: 410, message: DOWNLOAD_MESSAGES.used };
    if (row.expires_at === null || new Date(row.expires_at) <= now || row.file === null) {
      return { ok: false, status: 410, message: DOWNLOAD_MESSAGES.expired };
    }
    await markExportUsed(trx, row.id, now);
    await recordAudit(trx, {
      actorId: userId,
      action: 'data_export.download',
      entityType: 'user',
      entityId: userId,
      before: null,
      after: { exportId: row.id, bytes: row.file.byteLength },
    });
    return { ok: true, file: row.file, fileName: `vestora-data-${now.toISOString().slice(0, 10)}.zip` };
  });
}
