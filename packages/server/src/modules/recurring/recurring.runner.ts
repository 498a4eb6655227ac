// Running recurring buys (#31). A period is decided once: its row in recurring_buy_runs (unique (buy, period)) is
// written in the same transaction as its trade, under the buy's row lock, and only while the buy is active and
// the period is still its next. A bought period is a trade.quote + trade.accept of the member's dollars, the path
// a member's own trade takes (the same fresh-price rule, balance check, treasury floor and journal postings).
// A skipped one (balance short, coin paused or not traded, price still stale STALE_GRACE_MS after it fell due, the
// quote refused) is recorded with the reason and notified, and never retried. After downtime only the last period
// due is tried; the earlier ones are recorded as missed.
import { formatUnits, type Msg, tr } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { notify } from '../notification/notification.service.ts';
import { centsToUsd } from '../trade/trade.math.ts';
import { currentPrices } from '../trade/trade.prices.ts';
import { listAssetRows, lockMember } from '../trade/trade.repo.ts';
import { acceptTradeIn, quoteTrade, type TradeDeps } from '../trade/trade.service.ts';
import {
  dueRecurringBuyIds,
  findRecurringBuy,
  insertRuns,
  lockRecurringBuy,
  type NewRun,
  type RecurringBuyRow,
  updateRecurringBuy,
} from './recurring.repo.ts';
import { dueAtOf, lastDuePeriod } from './recurring.schedule.ts';

/** How long a period that fell due waits for a fresh price before it is skipped. */
export const STALE_GRACE_MS = 120_000;
/** How often the runner wakes (a period is bought within this of falling due, once the price is fresh). */
export const RECURRING_TICK_MS = 30_000;
/** Buys one wake-up decides at most; the rest follow at once in the next batch. */
const BATCH = 200;

export interface RecurringTotals {
  bought: number;
  skipped: number;
  /** Periods due whose price is not fresh yet (still within the grace). */
  waiting: number;
}

export const MISSED: Msg = tr('recurring.reason.missed', 'missed while the service was down');

type Outcome =
  | { kind: 'wait' }
  | { kind: 'skip'; code: 'balance' | 'paused' | 'stale' | 'refused'; reason: Msg }
  | { kind: 'buy'; quoteId: string };

const NOTICE_LINK = '/dashboard/orders';

/** What period `last` of a buy gets: bought with a fresh quote, skipped with a reason, or waiting for a price. */
async function decide(
  deps: TradeDeps,
  buy: RecurringBuyRow,
  dueAt: Date,
  graceFrom: Date,
  now: Date,
): Promise<Outcome> {
  const asset = (await listAssetRows(deps.db)).find((a) => a.code === buy.asset);
  if (!asset || !asset.tradable || !asset.coin_id)
    return {
      kind: 'skip',
      code: 'paused',
      reason: tr('trade.notTradable', '{symbol} is not traded here.', { symbol: buy.asset }),
    };
  if (asset.paused)
    return {
      kind: 'skip',
      code: 'paused',
      reason: tr('trade.paused', 'Trading in {symbol} is paused by the platform; try again later.', {
        symbol: asset.code,
      }),
    };
  const price = (await currentPrices(deps.market, now, deps.config.TRADE_MAX_PRICE_AGE_S))(asset.coin_id, asset.code);
  if (!price.ok) {
    const waitFrom = Math.max(dueAt.getTime(), graceFrom.getTime());
    if (now.getTime() < waitFrom + STALE_GRACE_MS) return { kind: 'wait' };
    return { kind: 'skip', code: 'stale', reason: price.why };
  }
  try {
    const q = await quoteTrade(
      deps,
      { id: buy.user_id, account_type: 'user' },
      { from: 'USD', to: asset.code, fromAmount: formatUnits(BigInt(buy.amount_cents), 2) },
    );
    return { kind: 'buy', quoteId: q.id };
  } catch (e) {
    if (!(e instanceof AppError) || !e.msg) throw e;
    return { kind: 'skip', code: e.appCode === 'INSUFFICIENT_FUNDS' ? 'balance' : 'refused', reason: e.msg };
  }
}

/** The rows of the missed periods before `last` (never those due before the buy's not_before). */
function missedRuns(buy: RecurringBuyRow, last: number, now: Date): NewRun[] {
  const start = new Date(buy.start_at);
  const out: NewRun[] = [];
  for (let p = buy.next_period; p < last; p++) {
    const dueAt = dueAtOf(start, buy.every, p);
    if (dueAt < new Date(buy.not_before)) continue;
    out.push({
      recurring_buy_id: buy.id,
      period: p,
      due_at: dueAt,
      status: 'skipped',
      reason_code: 'missed',
      reason: MISSED,
      trade_id: null,
      created_at: now,
    });
  }
  return out;
}

/** The buy, locked, if it still waits for exactly this period (active, not deleted or paused meanwhile). */
async function stillNext(trx: Transaction<DB>, buy: RecurringBuyRow): Promise<boolean> {
  const locked = await lockRecurringBuy(trx, buy.id);
  return !!locked && locked.status === 'active' && locked.next_period === buy.next_period;
}

async function notifyMissed(trx: Transaction<DB>, buy: RecurringBuyRow, missed: NewRun[], now: Date) {
  if (missed.length === 0) return;
  await notify(trx, {
    userId: buy.user_id,
    kind: 'recurring.missed',
    title: tr(
      'recurring.notice.missedTitle',
      'Recurring buy of {symbol}: {n, plural, one {# period} other {# periods}} skipped',
      {
        symbol: buy.asset,
        n: missed.length,
      },
    ),
    body: tr(
      'recurring.notice.missedBody',
      'The service was down when they fell due; only the latest period is bought, the earlier ones are not made up.',
    ),
    link: NOTICE_LINK,
    eventKey: `recurring:${buy.id}:missed:${missed[0]!.period}-${missed.at(-1)!.period}`,
    at: now,
  });
}

/** Decides the last due period of one buy (and records the missed ones before it). */
async function runBuy(deps: TradeDeps, id: string, graceFrom: Date, now: Date): Promise<keyof RecurringTotals | null> {
  const buy = await findRecurringBuy(deps.db, id);
  if (!buy || buy.status !== 'active' || new Date(buy.next_due_at) > now) return null;
  const start = new Date(buy.start_at);
  const last = lastDuePeriod(start, buy.every, now);
  if (last < buy.next_period) return null;
  const dueAt = dueAtOf(start, buy.every, last);
  const next = { next_period: last + 1, next_due_at: dueAtOf(start, buy.every, last + 1) };
  const missed = missedRuns(buy, last, now);
  const outcome = await decide(deps, buy, dueAt, graceFrom, now);
  if (outcome.kind === 'wait') return 'waiting';
  let skip = outcome.kind === 'skip' ? outcome : null;
  if (outcome.kind === 'buy') {
    try {
      const bought = await deps.db.transaction().execute(async (trx) => {
        // The member's row first (as every money request of theirs), then the buy's.
        await lockMember(trx, buy.user_id);
        if (!(await stillNext(trx, buy))) return false;
        const trade = await acceptTradeIn(trx, deps, { id: buy.user_id, account_type: 'user' }, outcome.quoteId, now);
        const written = await insertRuns(trx, [
          ...missed,
          {
            recurring_buy_id: buy.id,
            period: last,
            due_at: dueAt,
            status: 'bought',
            reason_code: null,
            reason: null,
            trade_id: trade.id,
            created_at: now,
          },
        ]);
        // Unreachable under the buy's lock; if it ever happens, the trade rolls back with it: bought once.
        if (!written.has(last)) throw new Error(`recurring buy ${buy.id} period ${last} was already decided`);
        await updateRecurringBuy(trx, buy.id, next, now);
        await notifyMissed(trx, buy, missed, now);
        await notify(trx, {
          userId: buy.user_id,
          kind: 'recurring.bought',
          title: tr('recurring.notice.boughtTitle', 'Recurring buy: {amount} {symbol} for ${usd}', {
            amount: trade.toAmount,
            symbol: buy.asset,
            usd: centsToUsd(BigInt(buy.amount_cents)),
          }),
          link: NOTICE_LINK,
          eventKey: `recurring:${buy.id}:${last}`,
          at: now,
        });
        return true;
      });
      return bought ? 'bought' : null;
    } catch (e) {
      // The fill was refused after the quote (the balance or the treasury moved meanwhile): nothing moved.
      if (!(e instanceof AppError) || !e.msg) throw e;
      skip = { kind: 'skip', code: e.appCode === 'INSUFFICIENT_FUNDS' ? 'balance' : 'refused', reason: e.msg };
    }
  }
  const s = skip!;
  const recorded = await deps.db.transaction().execute(async (trx) => {
    if (!(await stillNext(trx, buy))) return false;
    const written = await insertRuns(trx, [
      ...missed,
      {
        recurring_buy_id: buy.id,
        period: last,
        due_at: dueAt,
        status: 'skipped',
        reason_code: s.code,
        reason: s.reason,
        trade_id: null,
        created_at: now,
      },
    ]);
    if (!written.has(last)) return false;
    await updateRecurringBuy(trx, buy.id, next, now);
    await notifyMissed(trx, buy, missed, now);
    const title = tr('recurring.notice.skippedTitle', 'Recurring buy of {symbol} skipped', { symbol: buy.asset });
    await notify(trx, {
      userId: buy.user_id,
      kind: 'recurring.skipped',
      title,
      body: [
        tr('recurring.notice.skippedBody', 'The ${usd} of {symbol} due on {date} was not bought:', {
          usd: centsToUsd(BigInt(buy.amount_cents)),
          symbol: buy.asset,
          date: dueAt.toISOString().slice(0, 10),
        }),
        s.reason,
      ],
      link: NOTICE_LINK,
      eventKey: `recurring:${buy.id}:${last}`,
      at: now,
      mail: {},
    });
    return true;
  });
  return recorded ? 'skipped' : null;
}

/**
 * Decides every recurring buy due at the clock's now: for each, the last period due is bought or skipped (and the
 * earlier undecided ones recorded as missed). `graceFrom`: when this instance started, so after downtime a stale
 * price is waited for STALE_GRACE_MS from the restart too.
 */
export async function runDueRecurringBuys(
  deps: TradeDeps,
  opts: { graceFrom?: Date; max?: number; signal?: AbortSignal } = {},
): Promise<RecurringTotals> {
  const now = deps.clock.now();
  const totals: RecurringTotals = { bought: 0, skipped: 0, waiting: 0 };
  const ids = await dueRecurringBuyIds(deps.db, now, opts.max ?? BATCH);
  for (const id of ids) {
    if (opts.signal?.aborted) break;
    const r = await runBuy(deps, id, opts.graceFrom ?? new Date(0), now);
    if (r) totals[r] += 1;
  }
  return totals;
}

export interface RecurringRunner {
  runOnce(): Promise<RecurringTotals>;
  stop(): Promise<void>;
}

/** The `recurring-buys` job: wakes every RECURRING_TICK_MS (and at start) through the one runner's lease. */
export function startRecurringBuyRunner(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'config' | 'market'>,
  jobs?: JobRunner,
): RecurringRunner {
  const startedAt = deps.clock.now();
  const zero = (): RecurringTotals => ({ bought: 0, skipped: 0, waiting: 0 });
  const job = runnerFor(deps, jobs).add({
    name: 'recurring-buys',
    everyMs: RECURRING_TICK_MS,
    async tick({ signal }) {
      const t = await runDueRecurringBuys(deps, { graceFrom: startedAt, signal });
      if (t.bought + t.skipped > 0)
        deps.log.info(t, `recurring buys: ${t.bought} bought, ${t.skipped} skipped, ${t.waiting} waiting for a price`);
      return t;
    },
  });
  return { runOnce: async () => (await job.runNow()) ?? zero(), stop: () => job.stop() };
}
