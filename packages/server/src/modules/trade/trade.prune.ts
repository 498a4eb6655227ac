// The `trade-quotes-prune` job: a quote is a row per ask (a member's ticket asks again whenever one runs out), and
// one never accepted is worth nothing once it has run out. Daily (and at start) those that ran out more than
// QUOTE_KEEP_MS ago are deleted, in batches so no statement holds many rows at once. An accepted quote is its
// trade's record (trades.quote_id) and is never deleted.
import type { AppDeps } from '../../deps.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { deleteStaleQuotes } from './trade.repo.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** How long an unaccepted quote is kept after it ran out (a member's question about one is answered meanwhile). */
export const QUOTE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** How often the job runs (it also runs once at start). */
export const QUOTE_PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

/** Deletes every unaccepted quote that ran out more than QUOTE_KEEP_MS ago; answers how many. */
export async function pruneStaleQuotes(deps: Deps, batch = BATCH): Promise<bigint> {
  const before = new Date(deps.clock.now().getTime() - QUOTE_KEEP_MS);
  let total = 0n;
  for (;;) {
    const n = await deleteStaleQuotes(deps.db, before, batch);
    total += n;
    if (n < BigInt(batch)) return total;
  }
}

/** The `trade-quotes-prune` job: now, then daily. */
export function startQuotePruneJob(deps: Deps & Pick<AppDeps, 'log'>, jobs?: JobRunner): { stop(): Promise<void> } {
  const job = runnerFor(deps, jobs).add({
    name: 'trade-quotes-prune',
    everyMs: QUOTE_PRUNE_INTERVAL_MS,
    async tick() {
      const n = await pruneStaleQuotes(deps);
      if (n > 0n) deps.log.info({ quotes: String(n) }, `trade quotes: removed ${n} unaccepted quote(s) that ran out`);
    },
  });
  return { stop: () => job.stop() };
}
