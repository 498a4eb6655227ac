import type { AppDeps } from '../../deps.ts';
import { type Msg, tm, translatorFor } from '../../i18n/i18n.ts';
import { notify } from '../notification/notification.service.ts';
import {
  claimNextExport,
  dropExpiredExportFiles,
  markExportFailed,
  markExportReady,
  releaseExport,
} from './dataexport.repo.ts';
import {
  exportAuditRows,
  exportDeposits,
  exportEmails,
  exportInvestments,
  exportKnownDevices,
  exportLedger,
  exportJournal,
  exportTrades,
  exportNotifications,
  exportPayouts,
  exportProfile,
  exportReferralRewards,
  exportSessions,
  exportWithdrawals,
} from './dataexport.tables.repo.ts';
import { buildExportZip, type ExportTable } from './dataexport.zip.ts';
import { exportKycApplications, exportKycDocuments, exportKycMember } from '../kyc/kyc.documents.repo.ts';
import { readDocumentBytes } from '../kyc/kyc.documents.service.ts';
import { EXTENSIONS } from '../kyc/kyc.filetype.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';

// The background half of "Download my data" (#21): claims requested exports, reads the member's tables in one
// snapshot, stores the ZIP and queues the "your data is ready" notice.

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** A ready export can be downloaded this long (once). */
export const EXPORT_VALID_MS = 24 * 60 * 60 * 1000;
/** A builder holds an export this long; one that died is replaced after it. */
export const EXPORT_LEASE_MS = 5 * 60 * 1000;
/** Attempts before an export is given up as failed. */
export const EXPORT_MAX_ATTEMPTS = 3;

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
      // #33: the member's identity documents, decrypted, beside the tables (never reviewers' notes).
      const kycDocuments = await exportKycDocuments(trx, userId);
      const files: { path: string; bytes: Uint8Array }[] = [];
      for (const doc of kycDocuments) {
        if (doc.deleted_at !== null) continue;
        const bytes = await readDocumentBytes(deps, doc);
        if (bytes) files.push({ path: `identity_documents/${doc.id}.${EXTENSIONS[doc.mime][0]}`, bytes });
      }
      const tables: ExportTable[] = [
        table('profile', tm('dataExport.table.profile', 'your account as it stands'), [profile]),
        table(
          'ledger',
          tm('dataExport.table.ledger', 'every change of your balance, with the balance after it'),
          await exportLedger(trx, userId),
        ),
        table(
          'trades',
          tm('dataExport.table.trades', 'your trades with the platform, at their quoted prices'),
          await exportTrades(trx, userId),
        ),
        table(
          'journal',
          tm(
            'dataExport.table.journal',
            'every movement of every asset you hold (dollars and coins, in their smallest units), with the balance after it',
          ),
          await exportJournal(trx, userId),
        ),
        table(
          'deposits',
          tm('dataExport.table.deposits', 'deposits you reported or that were credited to you'),
          await exportDeposits(trx, userId),
        ),
        table(
          'withdrawals',
          tm('dataExport.table.withdrawals', 'your withdrawal requests'),
          await exportWithdrawals(trx, userId),
        ),
        table(
          'investments',
          tm('dataExport.table.investments', 'your investment positions and their terms'),
          await exportInvestments(trx, userId),
        ),
        table(
          'payouts',
          tm('dataExport.table.payouts', 'every interest and principal payment of your positions'),
          await exportPayouts(trx, userId),
        ),
        table(
          'referral_rewards',
          tm('dataExport.table.referralRewards', 'referral rewards'),
          await exportReferralRewards(trx, userId),
        ),
        table('sessions', tm('dataExport.table.sessions', 'devices signed in now'), await exportSessions(trx, userId)),
        table(
          'devices',
          tm('dataExport.table.devices', 'devices you signed in from'),
          await exportKnownDevices(trx, userId),
        ),
        table(
          'emails',
          tm('dataExport.table.emails', 'messages sent or queued to you (subjects, not bodies)'),
          await exportEmails(trx, userId),
        ),
        table(
          'audit',
          tm('dataExport.table.audit', 'audit log rows by you or about your account and money'),
          (await exportAuditRows(trx, userId)).map((r) => ({
            ...r,
            before: withoutStaffIds(r.before, userId),
            after: withoutStaffIds(r.after, userId),
          })),
        ),
        table(
          'identity',
          tm('dataExport.table.identity', 'your identity details and tier'),
          await exportKycMember(trx, userId),
        ),
        table(
          'identity_applications',
          tm(
            'dataExport.table.identityApplications',
            'your identity verifications: what you submitted, their statuses and the reasons you were given',
          ),
          await exportKycApplications(trx, userId),
        ),
        table(
          'identity_documents',
          tm(
            'dataExport.table.identityDocuments',
            'the identity documents you uploaded (the files are in the identity_documents folder)',
          ),
          kycDocuments.map(({ storage_key: _key, ...doc }) => doc),
        ),
        table(
          'notifications',
          tm('dataExport.table.notifications', 'your notifications'),
          await exportNotifications(trx, userId),
        ),
      ];
      const zip = buildExportZip({
        folder: `vestora-data-${now.toISOString().slice(0, 10)}`,
        generatedAt: now,
        tables,
        // README.txt in the member's language (#22); the tables keep their column names and values.
        t: translatorFor(profile.locale),
        files,
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
function table(name: string, about: Msg, rows: readonly object[]): ExportTable {
  const records = rows as readonly Record<string, unknown>[];
  return { name, about, columns: records[0] ? Object.keys(records[0]) : [], rows: records };
}

const DATA_READY_PARAGRAPHS = [
  tm(
    'mail.dataReady.body',
    'The copy of your data you asked for is ready. Sign in and open Settings → Your data to download it.',
  ),
  tm(
    'mail.dataReady.once',
    'It can be downloaded once, within 24 hours. If you did not ask for it, change your password at once.',
  ),
];

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
        // The "your data is ready" notice (the bell, and a security mail admins cannot read), in the transaction
        // that makes it ready, once per export.
        if (stored) {
          await notify(trx, {
            userId: claimed.user_id,
            kind: 'account.export_ready',
            title: tm('notification.dataReady.title', 'Your data is ready to download'),
            body: DATA_READY_PARAGRAPHS,
            link: '/dashboard/settings',
            eventKey: `data-export:${claimed.id}`,
            at: readyAt,
            mail: {
              kind: 'data_export.ready',
              to: made.email,
              paragraphs: DATA_READY_PARAGRAPHS,
            },
          });
        }
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

/** The `data-exports` job: looks for requested exports every DATA_EXPORT_POLL_MS (and at start); stop() ends it. */
export function startDataExportRunner(deps: Deps & Pick<AppDeps, 'log'>, jobs?: JobRunner): { stop(): Promise<void> } {
  const job = runnerFor(deps, jobs).add({
    name: 'data-exports',
    everyMs: deps.config.DATA_EXPORT_POLL_MS,
    async tick() {
      const n = await buildPendingExports(deps);
      if (n > 0) deps.log.info({ built: n }, `data export: ${n} ready`);
    },
  });
  return { stop: () => job.stop() };
}
