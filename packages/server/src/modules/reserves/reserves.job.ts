// The `reserves-monthly` job (#32): every hour (and at start) it publishes the last closed month unless it was,
// so a month is written down in the first hour after it ends. The month's primary key keeps it to once, on any
// number of instances; the job's lease only keeps them from racing for it.
import type { AppDeps } from '../../deps.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { publishMonth } from './reserves.service.ts';

/** How often the job looks for a month to publish. */
export const RESERVES_JOB_INTERVAL_MS = 60 * 60 * 1000;

export function startReservesJob(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config'>,
  jobs?: JobRunner,
): { runOnce(): Promise<Awaited<ReturnType<typeof publishMonth>> | null>; stop(): Promise<void> } {
  const job = runnerFor(deps, jobs).add({
    name: 'reserves-monthly',
    everyMs: RESERVES_JOB_INTERVAL_MS,
    async tick() {
      const r = await publishMonth(deps);
      if (r.published) {
        deps.log.info({ month: r.month, root: r.root.hash }, `reserves: published ${r.month} (root ${r.root.hash})`);
      }
      return r;
    },
  });
  return { runOnce: () => job.runNow(), stop: () => job.stop() };
}
