import { randomBytes, randomUUID } from 'node:crypto';
import type { TDataExport, TDataExportLink } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { composeMail, enqueueMail } from '../mail/mail.outbox.ts';
import { hashToken } from '../session/session.service.ts';
import {
  claimNextExport,
  countExportsSince,
  type DataExportListRow,
  dropExpiredExportFiles,
  exportAuditRows,
  exportDeposits,
  exportEmails,
  exportInvestments,
  exportKnownDevices,
  exportLedger,
  exportNotificationsIfPresent,
  exportPayouts,
  exportProfile,
  exportReferralRewards,
  exportSessions,
  exportWithdrawals,
  findExportByTokenForUpdate,
  findExportOfUserForUpdate,
  findOpenExport,
  insertPendingExport,
  listExportsOfUser,
  markExportFailed,
  markExportReady,
  markExportUsed,
  releaseExport,
  setExportToken,
} from './dataexport.repo.ts';
import { buildExportZip, type ExportTable } from './dataexport.zip.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** A ready export can be downloaded this long (once). */
export const EXPORT_VALID_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A builder holds an export this long; one that died is replaced after it. */
export const EXPORT_LEASE_MS = 5 * 60 * 1000;
/** Attempts before an export is given up as failed. */
export const EXPORT_MAX_ATTEMPTS = 3;
/** A member may ask for this many exports a day (each is a file stored for a day). */
export const EXPORTS_PER_DAY = 5;
/** The member's list shows this many exports, newest first. */
const LIST_LIMIT = 10;
/** Where a download link points (served by dataexport.http.ts). */
export const DOWNLOAD_PATH = '/data-export/download';

export const EXPORT_NOT_FOUND_MESSAGE = 'There is no such export in your account.';

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
        `You asked for ${EXPORTS_PER_DAY} copies of your data in the last 24 hours: the next one can be asked for 24 hours after the oldest of them.`,
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

const NOT_DOWNLOADABLE: Record<Exclude<TDataExport['state'], 'ready'>, string> = {
  preparing: 'This export is still being prepared. The page shows a download button once it is ready.',
  downloaded: 'This export was already downloaded: an export downloads once. Request a new one.',
  expired: 'This export expired (a download is possible for 24 hours after it is ready). Request a new one.',
  failed: 'This export could not be prepared. Request a new one.',
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

/** Reads every table of one member (one consistent snapshot) and builds the ZIP; undefined if the member is gone. */
export async function buildMemberZip(
  deps: Deps,
  userId: string,
): Promise<{ zip: Uint8Array; email: string } | undefined> {
  const now = deps.clock.now();
  return deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const profile = await exportProfile(trx, userId);
      if (!profile) return undefined;
      const tables: ExportTable[] = [
        table('profile', 'your account as it stands', [profile]),
        table('ledger', 'every change of your balance, with the balance after it', await exportLedger(trx, userId)),
        table('deposits', 'deposits you reported or that were credited to you', await exportDeposits(trx, userId)),
        table('withdrawals', 'your withdrawal requests', await exportWithdrawals(trx, userId)),
        table('investments', 'your investment positions and their terms', await exportInvestments(trx, userId)),
        table('payouts', 'every interest and principal payment of your positions', await exportPayouts(trx, userId)),
        table('referral_rewards', 'referral rewards', await exportReferralRewards(trx, userId)),
        table('sessions', 'devices signed in now', await exportSessions(trx, userId)),
        table('devices', 'devices you signed in from', await exportKnownDevices(trx, userId)),
        table('emails', 'messages sent or queued to you (subjects, not bodies)', await exportEmails(trx, userId)),
        table(
          'audit',
          'audit log rows by you or about your account and money',
          (await exportAuditRows(trx, userId)).map((r) => ({
            ...r,
            before: withoutStaffIds(r.before, userId),
            after: withoutStaffIds(r.after, userId),
          })),
        ),
      ];
      const notifications = await exportNotificationsIfPresent(trx, userId);
      if (notifications) tables.push(table('notifications', 'your in-app notifications', notifications));
      const zip = buildExportZip({
        folder: `vestora-data-${now.toISOString().slice(0, 10)}`,
        generatedAt: now,
        tables,
      });
      return { zip, email: profile.email };
    });
}

/** Fields of audit snapshots that name who acted: an id other than the member's own becomes `staff`. */
const ACTOR_FIELDS =
  /^(reviewedBy|assignedBy|actorId|requestedBy|decidedBy|approvedBy|importedBy|resolvedBy|updatedBy|referredBy)$/;

/** An audit snapshot with other people's ids replaced (an admin's id is not the member's data). */
export function withoutStaffIds(value: unknown, userId: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutStaffIds(v, userId));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      ACTOR_FIELDS.test(k) && typeof v === 'string' && v !== userId ? 'staff' : withoutStaffIds(v, userId),
    ]),
  );
}

/** A table whose columns are its rows' keys (the repos select explicit columns, so every row has the same keys). */
function table(name: string, about: string, rows: readonly object[]): ExportTable {
  const records = rows as readonly Record<string, unknown>[];
  return { name, about, columns: records[0] ? Object.keys(records[0]) : [], rows: records };
}

const dataReadyMail = (to: string, userId: string) => ({
  kind: 'data_export.ready' as const,
  to,
  userId,
  subject: 'Your data is ready to download',
  ...composeMail({
    paragraphs: [
      'The copy of your data you asked for is ready. Sign in and open Settings → Your data to download it.',
      'It can be downloaded once, within 24 hours. If you did not ask for it, change your password at once.',
    ],
  }),
});

/**
 * Builds every export waiting (or whose builder died), one at a time; answers how many became ready. Each is
 * claimed by one builder (several instances may run one), built outside any lock, then stored with its notice
 * in one transaction. A failed attempt goes back to the queue, up to EXPORT_MAX_ATTEMPTS.
 */
export async function buildPendingExports(deps: Deps & { log: Pick<AppDeps['log'], 'error'> }): Promise<number> {
  let built = 0;
  await dropExpiredExportFiles(deps.db, deps.clock.now());
  for (;;) {
    const now = deps.clock.now();
    const claimed = await claimNextExport(deps.db, now, new Date(now.getTime() + EXPORT_LEASE_MS));
    if (!claimed) return built;
    try {
      const made = await buildMemberZip(deps, claimed.user_id);
      const readyAt = deps.clock.now();
      await deps.db.transaction().execute(async (trx) => {
        if (!made) return markExportFailed(trx, claimed.id, 'member not found');
        const stored = await markExportReady(trx, claimed.id, made.zip, {
          readyAt,
          expiresAt: new Date(readyAt.getTime() + EXPORT_VALID_MS),
        });
        // The "your data is ready" notice, in the transaction that makes it ready. When the notification centre
        // (#21, notify) lands, its call goes here beside (or instead of) this mail.
        if (stored) await enqueueMail(trx, dataReadyMail(made.email, claimed.user_id), readyAt);
      });
      if (made) built++;
    } catch (err) {
      deps.log.error({ err, exportId: claimed.id }, 'data export: building failed');
      if (claimed.attempts >= EXPORT_MAX_ATTEMPTS) await markExportFailed(deps.db, claimed.id, String(err));
      else await releaseExport(deps.db, claimed.id);
      // Do not spin on a failing export: the next tick tries again.
      return built;
    }
  }
}

/** Looks for requested exports every DATA_EXPORT_POLL_MS (and at start); stop() ends it. */
export function startDataExportRunner(deps: Deps & Pick<AppDeps, 'log'>): { stop(): void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    buildPendingExports(deps)
      .then((n) => {
        if (n > 0) deps.log.info({ built: n }, `data export: ${n} ready`);
      })
      .catch((err: unknown) => deps.log.error({ err }, 'data export runner failed; it tries again'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, deps.config.DATA_EXPORT_POLL_MS);
  timer.unref();
  setImmediate(tick);
  return { stop: () => clearInterval(timer) };
}
