import type { AppDeps } from '../../deps.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { checkOrders, type OrderCheck } from './order.fill.ts';

export interface LimitOrderRunner {
  /** One check now on this instance (null while another instance holds the job's lease). */
  runOnce(): Promise<OrderCheck | null>;
  stop(): Promise<void>;
}

/**
 * The `limit-orders` job (#31): every ORDER_CHECK_INTERVAL_S it reads the market through its cache (which asks
 * the feed once MARKET_CACHE_TTL_S has passed), so each fresh price the feed gives is checked against the open
 * orders, and expiries are applied. One instance at a time by the job's lease; the orders' guarded close and the
 * trades' unique quote decide exactly once.
 */
export function startLimitOrderRunner(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config' | 'market'>,
  jobs?: JobRunner,
): LimitOrderRunner {
  const job = runnerFor(deps, jobs).add({
    name: 'limit-orders',
    everyMs: deps.config.ORDER_CHECK_INTERVAL_S * 1000,
    spacing: 'end',
    async tick() {
      const r = await checkOrders(deps);
      if (r.filled + r.expired + r.waiting > 0)
        deps.log.info(r, `limit orders: ${r.filled} filled, ${r.expired} expired, ${r.waiting} waiting`);
      return r;
    },
  });
  return { runOnce: () => job.runNow(), stop: () => job.stop() };
}
