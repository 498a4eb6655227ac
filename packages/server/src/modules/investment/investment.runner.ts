import { formatCents } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { flowEnv } from '../money/money.core.ts';
import { payDuePeriods, type PayoutTotals } from './investment.payouts.ts';

/** Payments one wake-up makes at most; a larger backlog continues at once in the next batch. */
const BATCH = 500;

export interface PayoutRunner {
  /** Pays everything due now (batch after batch); resolves with what it paid (nothing while another instance pays). */
  runOnce(): Promise<PayoutTotals>;
  stop(): Promise<void>;
}

const zero = (): PayoutTotals => ({ payments: 0, interestCents: 0, principalCents: 0, matured: 0 });

/**
 * The `payouts` job: wakes every PAYOUT_INTERVAL_S (and once at start) and pays what is due by the injected clock,
 * yielding between batches so requests keep flowing, and logs what it paid. Several instances may run it on one
 * PostgreSQL: the job's lease lets one pay at a time, and the database's keys decide who pays what, so nothing is
 * paid twice.
 */
export function startPayoutRunner(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config'>,
  jobs?: JobRunner,
): PayoutRunner {
  const job = runnerFor(deps, jobs).add({
    name: 'payouts',
    everyMs: deps.config.PAYOUT_INTERVAL_S * 1000,
    async tick({ signal }) {
      const sum = zero();
      for (;;) {
        const t = await payDuePeriods(deps.db, flowEnv(deps), { max: BATCH });
        sum.payments += t.payments;
        sum.interestCents += t.interestCents;
        sum.principalCents += t.principalCents;
        sum.matured += t.matured;
        if (t.payments < BATCH || signal.aborted) break;
        await new Promise((r) => setImmediate(r));
      }
      if (sum.payments > 0) {
        deps.log.info(
          { payouts: sum.payments, interest: formatCents(sum.interestCents), matured: sum.matured },
          `payout runner: paid ${sum.payments} period(s), $${formatCents(sum.interestCents)} interest, ${sum.matured} matured`,
        );
      }
      return sum;
    },
  });
  return { runOnce: async () => (await job.runNow()) ?? zero(), stop: () => job.stop() };
}
