// #33: identity records after the relationship ends. Closing an account keeps them (restricted: only admins
// read them, see kyc.documents.service.ts), and KYC_RETENTION_YEARS after it ended the daily `kyc-retention`
// job (which also runs once at start) deletes the files and the personal data, leaving ids only.
import type { AppDeps } from '../../deps.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { documentsToDelete, erasePersonalData, findDueForErasure } from './kyc.retention.repo.ts';
import { documentStore } from './kyc.store.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

export { markRelationshipEnded } from './kyc.retention.repo.ts';

/** How often the job looks (it also runs once at start). */
export const KYC_RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/** The moment before which an ended relationship's records are due: now less KYC_RETENTION_YEARS (calendar years). */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * Erases every member's identity records that are due; answers how many members'. Files first (deleting a missing
 * file is not an error), then the rows in one transaction with an audit row that names ids only: a run that dies
 * between the two finds the member again and finishes.
 */
export async function eraseDueIdentityRecords(deps: Deps): Promise<number> {
  const store = documentStore(deps.config);
  let erased = 0;
  for (;;) {
    const now = deps.clock.now();
    const due = await findDueForErasure(deps.db, retentionCutoff(now, deps.config.KYC_RETENTION_YEARS), BATCH);
    for (const userId of due) {
      const docs = await documentsToDelete(deps.db, userId);
      for (const doc of docs) await store.delete(doc.storage_key);
      const done = await deps.db.transaction().execute(async (trx) => {
        if (!(await erasePersonalData(trx, userId, now))) return false;
        await recordAudit(trx, {
          actorId: null,
          action: 'kyc.retention_erase',
          entityType: 'kyc_member',
          entityId: userId,
          before: null,
          after: { userId, documentIds: docs.map((d) => d.id), retentionYears: deps.config.KYC_RETENTION_YEARS },
        });
        return true;
      });
      if (done) erased++;
    }
    if (due.length < BATCH) return erased;
  }
}

/** The `kyc-retention` job: now, then daily. */
export function startKycRetentionJob(deps: Deps & Pick<AppDeps, 'log'>, jobs?: JobRunner): { stop(): Promise<void> } {
  const job = runnerFor(deps, jobs).add({
    name: 'kyc-retention',
    everyMs: KYC_RETENTION_INTERVAL_MS,
    async tick() {
      const n = await eraseDueIdentityRecords(deps);
      if (n > 0) deps.log.info({ members: n }, `kyc retention: erased the identity records of ${n} member(s)`);
    },
  });
  return { stop: () => job.stop() };
}
