import { formatCents } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { flowEnv } from '../money/money.core.ts';
import { payDuePeriods, type PayoutTotals } from './investment.payouts.ts';

/** Payments one wake-up makes at most; a larger backlog continues at once in the next batch. */
const BATCH = 500;

export interface PayoutRunner {
  /** Pays everything due now (batch after batch); resolves with what it paid. */
  runOnce(): Promise<PayoutTotals>;
  stop(): Promise<void>;
}

/**
 * Wakes every PAYOUT_INTERVAL_S (and once at start) and pays what is due by the injected clock. It never
 * overlaps itself, yields between batches so requests keep flowing, and logs what it paid. Several
 * instances may run it on one PostgreSQL: the database decides who pays what, and nothing is paid twice.
 */
export function startPayoutRunner(deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config'>): PayoutRunner {
  let running: Promise<PayoutTotals> | null = null;
  let stopped = false;

  const runOnce = async (): Promise<PayoutTotals> => {
    const sum: PayoutTotals = { payments: 0, interestCents: 0, principalCents: 0, matured: 0 };
    for (;;) {
      const t = await payDuePeriods(deps.db, flowEnv(deps), { max: BATCH });
      sum.payments += t.payments;
      sum.interestCents += t.interestCents;
      sum.principalCents += t.principalCents;
      sum.matured += t.matured;
      if (t.payments < BATCH || stopped) break;
      await new Promise((r) => setImmediate(r));
    }
    if (sum.payments > 0) {
      deps.log.info(
        { payouts: sum.payments, interest: formatCents(sum.interestCents), matured: sum.matured },
        `payout runner: paid ${sum.payments} period(s), $${formatCents(sum.interestCents)} interest, ${sum.matured} matured`,
      );
    }
    return sum;
  };

  const tick = () => {
    if (running || stopped) return;
    running = runOnce()
      .catch((err: unknown) => {
        deps.log.error({ err }, 'payout runner failed; it retries at the next wake-up');
        return { payments: 0, interestCents: 0, principalCents: 0, matured: 0 };
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, deps.config.PAYOUT_INTERVAL_S * 1000);
  timer.unref();
  setImmediate(tick);

  return {
    async runOnce() {
      if (running) await running;
      return runOnce();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
