// Checking price alerts (#31): at each wake-up, every watched coin's price, if fresh by the trading rule
// (trade.prices.ts: from the live feed, at most TRADE_MAX_PRICE_AGE_S old, never the bundled snapshot), fires the
// armed alerts it has reached and re-arms the fired ones it has moved back past by PRICE_ALERT_REARM_PCT. Firing is
// a guarded UPDATE with its crossing's row and its notification in one transaction: once per crossing, whatever
// the number of instances.
import { tr } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { iso } from '../../lib/dates.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { notifyMany, type NotifyInput } from '../notification/notification.service.ts';
import { currentPrices } from '../trade/trade.prices.ts';
import { listAssetRows } from '../trade/trade.repo.ts';
import { fireReached, insertFirings, rearmMovedBack, trimDecimal, watchedAssets } from './alert.repo.ts';
import { rearmPct } from './alert.service.ts';

/** Alerts fired in one transaction at most (a coin's crossing of many alerts is several short transactions). */
const FIRE_BATCH = 500;

/** The notice of one firing (in-app, and e-mail per the member's Investments preference). */
function noticeOf(
  f: { id: string; user_id: string; direction: 'above' | 'below'; level: string; fired_count: number },
  code: string,
  price: string,
  at: Date,
  pct: string,
  now: Date,
): NotifyInput {
  const level = trimDecimal(f.level);
  const title =
    f.direction === 'above'
      ? tr('alert.notice.aboveTitle', '{symbol} is at or above ${level}', { symbol: code, level })
      : tr('alert.notice.belowTitle', '{symbol} is at or below ${level}', { symbol: code, level });
  return {
    userId: f.user_id,
    kind: 'alert.fired',
    title,
    body: tr(
      'alert.notice.body',
      'The market feed priced {symbol} at ${price} ({at} UTC). This alert fires again once the price has moved back by {pct}% and crosses again.',
      { symbol: code, price, at: iso(at).slice(0, 16).replace('T', ' '), pct },
    ),
    link: '/dashboard/orders?tab=alerts',
    eventKey: `alert:${f.id}:${f.fired_count}`,
    at: now,
    mail: {},
  };
}

/** How often the alerts are checked (a fresh price reaches them within this, or within MARKET_CACHE_TTL_S). */
export const ALERT_TICK_MS = 15_000;

export interface AlertTotals {
  fired: number;
  rearmed: number;
}

type AlertDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'market'>;

/** One check of every watched coin at the clock's now. */
export async function checkPriceAlerts(deps: AlertDeps): Promise<AlertTotals> {
  const now = deps.clock.now();
  const totals: AlertTotals = { fired: 0, rearmed: 0 };
  const watched = await watchedAssets(deps.db);
  if (watched.length === 0) return totals;
  const [assets, prices] = await Promise.all([
    listAssetRows(deps.db),
    currentPrices(deps.market, now, deps.config.TRADE_MAX_PRICE_AGE_S),
  ]);
  const pct = rearmPct(deps.config);
  for (const code of watched) {
    const asset = assets.find((a) => a.code === code);
    if (!asset?.coin_id) continue;
    const p = prices(asset.coin_id, code);
    if (!p.ok) continue;
    const price = p.fresh.decimal;
    // In batches of FIRE_BATCH, each its own transaction (the firing, its crossings' rows and notices together).
    for (;;) {
      const n = await deps.db.transaction().execute(async (trx) => {
        const fired = await fireReached(trx, code, price, now, FIRE_BATCH);
        await insertFirings(
          trx,
          fired.map((f) => ({ alert_id: f.id, crossing: f.fired_count, price, price_at: p.fresh.at, created_at: now })),
        );
        await notifyMany(
          trx,
          fired.map((f) => noticeOf(f, code, price, p.fresh.at, pct, now)),
          now,
        );
        return fired.length;
      });
      totals.fired += n;
      if (n < FIRE_BATCH) break;
    }
    totals.rearmed += await rearmMovedBack(deps.db, code, price, pct);
  }
  return totals;
}

export interface AlertRunner {
  runOnce(): Promise<AlertTotals>;
  stop(): Promise<void>;
}

/** The `price-alerts` job: wakes every ALERT_TICK_MS (and at start) through the one runner's lease. */
export function startPriceAlertRunner(deps: AlertDeps & Pick<AppDeps, 'log'>, jobs?: JobRunner): AlertRunner {
  const job = runnerFor(deps, jobs).add({
    name: 'price-alerts',
    everyMs: ALERT_TICK_MS,
    async tick() {
      const t = await checkPriceAlerts(deps);
      if (t.fired > 0) deps.log.info(t, `price alerts: ${t.fired} fired, ${t.rearmed} re-armed`);
      return t;
    },
  });
  return { runOnce: async () => (await job.runNow()) ?? { fired: 0, rearmed: 0 }, stop: () => job.stop() };
}
