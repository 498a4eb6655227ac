// A deposit report waits for its bank statement line ("waiting for the bank"); one that no line confirms within
// REPORT_EXPIRY_DAYS expires, with a notice. Run by the `deposit-report-expiry` job in the server (startReportExpiry) and by tests
// with their own clock.
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/create-db.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { type FlowEnv, flowEnv, runTransition } from '../money/money.core.ts';
import { findStaleReports } from './deposit.repo.ts';
import { depositFlow } from './deposit.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Expires every stale report (by the env's clock and setting); answers how many expired. */
export async function expireStaleReports(db: Database, env: FlowEnv): Promise<number> {
  const before = new Date(env.now.getTime() - env.config.REPORT_EXPIRY_DAYS * DAY_MS);
  let expired = 0;
  for (;;) {
    const stale = await findStaleReports(db, before, 200);
    for (const { id } of stale) {
      try {
        await runTransition(db, depositFlow, 'expire', { id, actor: null, env, set: { reviewed_at: env.now } });
        expired++;
      } catch {
        // Confirmed or rejected meanwhile: nothing to expire.
      }
    }
    if (stale.length < 200) return expired;
  }
}

/** How often stale reports are looked for. */
export const REPORT_EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

/** The `deposit-report-expiry` job: checks for stale reports every hour (and at start). */
export function startReportExpiry(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config'>,
  jobs?: JobRunner,
): { stop(): Promise<void> } {
  const job = runnerFor(deps, jobs).add({
    name: 'deposit-report-expiry',
    everyMs: REPORT_EXPIRY_INTERVAL_MS,
    async tick() {
      const n = await expireStaleReports(deps.db, flowEnv(deps));
      if (n > 0) deps.log.info({ expired: n }, `deposit reports: ${n} expired without a bank statement line`);
    },
  });
  return { stop: () => job.stop() };
}
