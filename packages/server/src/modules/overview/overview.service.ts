import {
  centsToDollars,
  type TAdminCounts,
  type TAdminOverview,
  type TPortfolio,
  type TPortfolioSummary,
  type TPublicStats,
} from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { findDepositAccount } from '../account/account.repo.ts';
import { isPlaceholderAccount } from '../account/account.service.ts';
import type { Clock } from '../../deps.ts';
import { iso } from '../../lib/dates.ts';
import { lastLedgerCheck } from '../ledger/ledger.service.ts';
import { orderCounts } from '../order/order.repo.ts';
import type { MarketService } from '../market/market.service.ts';
import {
  balancesHeldCents,
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

/** The overview's heavy figures (every user, every active position), computed together. */
interface Books {
  at: Date;
  balancesCents: number;
  plans: Awaited<ReturnType<typeof principalByPlan>>;
  interestDueCents: number;
}

/** The heavy figures are reused this long (the page says when they were computed). */
export const OVERVIEW_FIGURES_MAX_AGE_MS = 60_000;

const booksCaches = new WeakMap<Database, { at: number; value: Promise<Books> }>();

async function computeBooks(db: Database, now: Date): Promise<Books> {
  const until = new Date(now.getTime() + 30 * DAY_MS);
  const [balancesCents, plans, interestDueCents] = await Promise.all([
    balancesHeldCents(db),
    principalByPlan(db),
    interestDueBefore(db, until),
  ]);
  return { at: now, balancesCents, plans, interestDueCents };
}

/**
 * Balances held, principal per plan and interest due in the next 30 days: read every user and every active
 * position (a few hundred milliseconds at 100,000 of each), so they are computed at most once a minute per
 * process and served with their time. Figures older than that minute are never shown: the load that finds
 * them stale computes fresh ones and waits for them (loads arriving meanwhile share that one computation).
 */
function books(db: Database, clock: Clock): Promise<Books> {
  const now = clock.now();
  const cached = booksCaches.get(db);
  if (cached && now.getTime() - cached.at < OVERVIEW_FIGURES_MAX_AGE_MS) return cached.value;
  const value = computeBooks(db, now);
  const entry = { at: now.getTime(), value };
  booksCaches.set(db, entry);
  // A failed computation (database busy or closing) is not kept: the next load tries again.
  value.catch(() => {
    if (booksCaches.get(db) === entry) booksCaches.delete(db);
  });
  return value;
}

/**
 * The figures an operator checks each morning. The user count and the pending queues are read on every load
 * (cheap, and what the admin acts on); the heavy figures come from `books` (never more than a minute old,
 * with their time); both checks (every balance against its ledger, and the platform's books) are the last full check
 * with its time (lastLedgerCheck: re-run in the background once it is a few minutes old, and by ledger.verify).
 */
export async function adminOverview(
  db: Database,
  clock: Clock,
  config: Pick<Config, 'SMTP_URL'>,
): Promise<TAdminOverview> {
  const [desk, figures, ledger, account, limitOrders] = await Promise.all([
    deskCounts(db),
    books(db, clock),
    lastLedgerCheck({ db, clock }),
    findDepositAccount(db),
    orderCounts(db),
  ]);
  const byPlan = figures.plans
    .filter((p) => p.status === 'active' || Number(p.principal_cents) > 0)
    .map((p) => ({
      planId: p.id,
      planName: p.investment_plan_name,
      principal: centsToDollars(Number(p.principal_cents)),
      positions: Number(p.positions),
    }));
  return {
    users: desk.users,
    balancesHeld: centsToDollars(figures.balancesCents),
    principalByPlan: byPlan,
    principalInvested: centsToDollars(figures.plans.reduce((s, p) => s + Number(p.principal_cents), 0)),
    interestDueNext30Days: centsToDollars(figures.interestDueCents),
    figuresAt: iso(figures.at),
    pendingDeposits: { count: desk.pendingDeposits.count, amount: centsToDollars(desk.pendingDeposits.cents) },
    pendingWithdrawals: {
      count: desk.pendingWithdrawals.count,
      amount: centsToDollars(desk.pendingWithdrawals.cents),
    },
    platform: {
      ok: ledger.platformDifferenceCents === 0,
      difference: centsToDollars(ledger.platformDifferenceCents),
    },
    ledgerOk: ledger.ok,
    ledgerCheckedAt: ledger.at,
    limitOrders,
    setup: {
      depositAccountSet: account !== undefined && account !== null && !isPlaceholderAccount(account),
      mailDelivered: config.SMTP_URL !== undefined,
      activeAdmins: desk.activeAdmins,
    },
  };
}

/** What waits for an admin (the menu's badges): pending deposits and withdrawals, unread contact messages. */
export async function adminCounts(db: Database): Promise<TAdminCounts> {
  const desk = await deskCounts(db);
  return {
    pendingDeposits: desk.pendingDeposits.count,
    pendingWithdrawals: desk.pendingWithdrawals.count,
    unreadMessages: desk.unreadMessages,
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
