import { JOB_NAMES, type TJobName, type TJobStatus } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { listJobLeases } from './job.repo.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const isJobName = (name: string): name is TJobName => (JOB_NAMES as readonly string[]).includes(name);

/** overview.jobs: every background job that has run here, with its last run and last error, by the clock's `now`. */
export async function listJobStatuses(db: Database, now: Date): Promise<TJobStatus[]> {
  const rows = await listJobLeases(db);
  return rows.flatMap((r) => {
    if (!isJobName(r.name)) return [];
    const leased = r.holder !== null && r.lease_until !== null && new Date(r.lease_until) > now;
    return [
      {
        name: r.name,
        runningOn: leased ? r.holder : null,
        lastStartedAt: iso(r.last_started_at),
        lastFinishedAt: iso(r.last_finished_at),
        lastError: r.last_error,
        lastErrorAt: iso(r.last_error_at),
        failing:
          r.last_error_at !== null &&
          r.last_started_at !== null &&
          new Date(r.last_error_at) >= new Date(r.last_started_at),
      },
    ];
  });
}
