import {
  centsToDollars,
  type TAdminOverview,
  type TPortfolio,
  type TPortfolioSummary,
  type TPublicStats,
} from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import type { Clock } from '../../deps.ts';
import { iso } from '../../lib/dates.ts';
import { platformSums } from '../ledger/ledger.repo.ts';
import { lastLedgerCheck, platformDifferenceCents } from '../ledger/ledger.service.ts';
import type { MarketService } from '../market/market.service.ts';
import {
  deskCounts,
  interestDueBefore,
  ledgerSeries,
  portfolioTotals,
  principalByPlan,
  publicCounts,
} from './overview.repo.ts';

const DAY_MS = 86_400_000;
/** The home page's figures are cached this long: they move slowly and every visitor asks. */
const PUBLIC_STATS_TTL_MS = 60_000;

const statsCaches = new WeakMap<Database, () => Promise<TPublicStats>>();

/** Home page figures from the data (accounts, active investors, amount invested, coins tracked), cached. */
export function publicStats(deps: { db: Database; market: MarketService; clock: Clock }): Promise<TPublicStats> {
  let get = statsCaches.get(deps.db);
  if (!get) {
    get = createPublicStats(deps.db, deps.market, deps.clock);
    statsCaches.set(deps.db, get);
  }
  return get();
}

function createPublicStats(db: Database, market: MarketService, clock: Clock) {
  let cached: { at: number; value: Promise<TPublicStats> } | null = null;
  return function publicStats(): Promise<TPublicStats> {
    const now = clock.now().getTime();
    if (!cached || now - cached.at >= PUBLIC_STATS_TTL_MS) {
      const value = (async () => {
        const [counts, coins] = await Promise.all([publicCounts(db), market.getCoins()]);
        return {
          accounts: counts.accounts,
          activeInvestors: counts.investors,
          amountInvested: centsToDollars(counts.investedCents),
          coinsTracked: coins.coins.length,
        };
      })();
      cached = { at: now, value };
      value.catch(() => {
        cached = null;
      });
    }
    return cached.value;
  };
}

/**
 * The figures an operator checks each morning. Everything is read live except the per-user ledger check
 * (every balance against the sum of its entries, a read of the whole ledger): that one is the last recorded
 * full check with its time, re-run in the background when it is a few minutes old (lastLedgerCheck). The
 * platform check is live: it sums balances, positions, withdrawals, deposits and the platform's payments.
 */
export async function adminOverview(db: Database, clock: Clock): Promise<TAdminOverview> {
  const now = clock.now();
  const until = new Date(now.getTime() + 30 * DAY_MS);
  const [desk, plans, interestDueCents, sums, ledger] = await Promise.all([
    deskCounts(db),
    principalByPlan(db),
    interestDueBefore(db, until),
    platformSums(db),
    lastLedgerCheck({ db, clock }),
  ]);
  const difference = platformDifferenceCents(sums);
  const byPlan = plans
    .filter((p) => p.status === 'active' || Number(p.principal_cents) > 0)
    .map((p) => ({
      planId: p.id,
      planName: p.investment_plan_name,
      principal: centsToDollars(Number(p.principal_cents)),
      positions: Number(p.positions),
    }));
  return {
    users: desk.users,
    balancesHeld: centsToDollars(desk.balancesCents),
    principalByPlan: byPlan,
    principalInvested: centsToDollars(plans.reduce((s, p) => s + Number(p.principal_cents), 0)),
    interestDueNext30Days: centsToDollars(interestDueCents),
    pendingDeposits: { count: desk.pendingDeposits.count, amount: centsToDollars(desk.pendingDeposits.cents) },
    pendingWithdrawals: {
      count: desk.pendingWithdrawals.count,
      amount: centsToDollars(desk.pendingWithdrawals.cents),
    },
    platform: { ok: difference === 0, difference: centsToDollars(difference) },
    ledgerOk: ledger.ok,
    ledgerCheckedAt: ledger.at,
  };
}

/** Most points a portfolio chart gets (older points are thinned out evenly). */
const MAX_POINTS = 400;

/** The user's available balance, invested principal and interest received, now and over time. */
export async function portfolioOf(db: Database, userId: string): Promise<TPortfolio> {
  const rows = await ledgerSeries(db, userId);
  let invested = 0;
  let interest = 0;
  const history: TPortfolio['history'] = [];
  for (const r of rows) {
    if (r.kind === 'investment') invested -= r.amount_cents;
    if (r.kind === 'principal_return') invested -= r.amount_cents;
    if (r.kind === 'interest') interest += r.amount_cents;
    history.push({
      at: iso(r.created_at),
      available: centsToDollars(r.balance_after_cents),
      invested: centsToDollars(invested),
      interestReceived: centsToDollars(interest),
    });
  }
  const last = rows[rows.length - 1];
  const step = Math.ceil(history.length / MAX_POINTS);
  const thinned = step > 1 ? history.filter((_, i) => i % step === 0 || i === history.length - 1) : history;
  return {
    available: centsToDollars(last?.balance_after_cents ?? 0),
    invested: centsToDollars(invested),
    interestReceived: centsToDollars(interest),
    history: thinned,
  };
}

/**
 * The portfolio's figures now (what the dashboard's sidebar shows on every page): the balance, the principal
 * of open positions and the interest they paid, read from the user's row and positions, not their ledger.
 * The same figures as portfolioOf's (a test holds them equal).
 */
export async function portfolioSummaryOf(db: Database, userId: string): Promise<TPortfolioSummary> {
  const t = await portfolioTotals(db, userId);
  return {
    available: centsToDollars(t.balanceCents),
    invested: centsToDollars(t.investedCents),
    interestReceived: centsToDollars(t.interestCents),
  };
}
