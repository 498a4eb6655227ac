// A member's portfolio (#30): what they hold of every asset, its value at the current price, its cost by FIFO
// over their trades (spread and fee included), and the gains realised per year, as information for a tax
// adviser. Integers throughout: cents, and each asset's smallest unit.
import { formatUnits, type TGainRow, type TGains, type THoldings, toCsv } from '@vestora/contract';
import type { Viewer } from '../../lib/scope.ts';
import { iso } from '../../lib/dates.ts';
import { centsToUsd, parsePrice, valueDownCents } from './trade.math.ts';
import { currentPrices } from './trade.prices.ts';
import { allTradeRows, listAssetRows, memberBalances, memberHeld, receivedLots, type TradeRow } from './trade.repo.ts';
import type { TradeDeps } from './trade.service.ts';

/** a × b ÷ c, truncated (a share of an amount, in integers). */
const share = (a: bigint, b: bigint, c: bigint): bigint => (a * b) / c;

/** Coins received other than by a trade (a Bitcoin deposit), with their dollar value then as their cost. */
export interface ReceivedLot {
  asset: string;
  amount: bigint;
  cost: bigint;
  at: Date;
}

interface Lot {
  amount: bigint;
  cost: bigint;
  at: Date;
}

/** One disposal matched against one lot. */
export interface GainPiece {
  asset: string;
  amount: bigint;
  acquiredAt: Date;
  disposedAt: Date;
  proceeds: bigint;
  cost: bigint;
}

/**
 * FIFO over a member's trades, oldest first: every coin received is a lot (its cost: the dollars given for it,
 * spread and fee included, or for a conversion the net dollars it was bought with); every coin given is matched
 * against the oldest lots, its proceeds (the net dollars) and the lots' cost shared out by amount, the last
 * piece taking the remainder so the pieces add up exactly. Answers the lots still open and the pieces.
 */
export function fifo(
  trades: readonly TradeRow[],
  received: readonly ReceivedLot[] = [],
): { open: Map<string, Lot[]>; pieces: GainPiece[] } {
  const open = new Map<string, Lot[]>();
  const pieces: GainPiece[] = [];
  // Coins that arrived otherwise (a Bitcoin deposit) open a lot at their time, before any trade of that moment.
  const arrivals = [...received].sort((a, b) => a.at.getTime() - b.at.getTime());
  let next = 0;
  const arriveUntil = (at: Date | null) => {
    while (next < arrivals.length && (at === null || arrivals[next]!.at.getTime() <= at.getTime())) {
      const r = arrivals[next++]!;
      const lots = open.get(r.asset) ?? [];
      lots.push({ amount: r.amount, cost: r.cost, at: r.at });
      open.set(r.asset, lots);
    }
  };
  for (const t of trades) {
    arriveUntil(new Date(t.created_at));
    const at = new Date(t.created_at);
    const net = BigInt(t.usd_net_cents);
    if (t.from_asset !== 'USD') {
      const lots = open.get(t.from_asset) ?? [];
      let left = BigInt(t.from_amount);
      let proceedsLeft = net;
      const total = left;
      while (left > 0n && lots.length > 0) {
        const lot = lots[0]!;
        const take = lot.amount < left ? lot.amount : left;
        const cost = take === lot.amount ? lot.cost : share(lot.cost, take, lot.amount);
        left -= take;
        const proceeds = left === 0n ? proceedsLeft : share(net, take, total);
        proceedsLeft -= proceeds;
        pieces.push({ asset: t.from_asset, amount: take, acquiredAt: lot.at, disposedAt: at, proceeds, cost });
        lot.amount -= take;
        lot.cost -= cost;
        if (lot.amount === 0n) lots.shift();
      }
      // Coins given beyond every lot (held from before any trade: none today) have no known cost.
      if (left > 0n)
        pieces.push({
          asset: t.from_asset,
          amount: left,
          acquiredAt: at,
          disposedAt: at,
          proceeds: proceedsLeft,
          cost: 0n,
        });
      open.set(t.from_asset, lots);
    }
    if (t.to_asset !== 'USD') {
      const cost = t.from_asset === 'USD' ? BigInt(t.usd_gross_cents) : net;
      const lots = open.get(t.to_asset) ?? [];
      lots.push({ amount: BigInt(t.to_amount), cost, at });
      open.set(t.to_asset, lots);
    }
  }
  arriveUntil(null);
  return { open, pieces };
}

/** portfolio.holdings: every asset held with its amount, price, value, cost and unrealised gain; the total. */
export async function holdings(deps: TradeDeps, user: Viewer): Promise<THoldings> {
  const [assets, balances, setAside, trades, received, prices] = await Promise.all([
    listAssetRows(deps.db),
    memberBalances(deps.db, user.id),
    memberHeld(deps.db, user.id),
    allTradeRows(deps.db, user.id),
    receivedLots(deps.db, user.id),
    currentPrices(deps.market, deps.clock.now(), deps.config.TRADE_MAX_PRICE_AGE_S).catch(() => null),
  ]);
  const { open } = fifo(trades, received);
  const held = new Map(balances.map((b) => [b.asset, BigInt(b.balance)]));
  let total = 0n;
  let partial = false;
  const items: THoldings['items'] = [];
  for (const a of assets) {
    const amount = held.get(a.code) ?? 0n;
    const aside = setAside.get(a.code) ?? 0n;
    if (a.code === 'USD') {
      // Dollars set aside are still the member's (until a withdrawal is paid or an order fills).
      total += amount + aside;
      const usd = centsToUsd(amount + aside);
      items.push({
        asset: 'USD',
        name: a.name,
        amount: centsToUsd(amount),
        held: centsToUsd(aside),
        priceUsd: '1',
        valueUsd: usd,
        costUsd: usd,
        unrealizedUsd: '0.00',
      });
      continue;
    }
    if (amount === 0n && aside === 0n) continue;
    const cost = (open.get(a.code) ?? []).reduce((s, l) => s + l.cost, 0n);
    const lookup = a.coin_id && prices ? prices(a.coin_id, a.code) : null;
    const price = lookup?.ok ? lookup.fresh : null;
    // The coins set aside for a sale are still the member's: valued with the rest (their cost is in the lots).
    const value = price ? valueDownCents(amount + aside, a.scale, parsePrice(price.decimal)!) : null;
    if (value === null) partial = true;
    else total += value;
    items.push({
      asset: a.code,
      name: a.name,
      amount: formatUnits(amount, a.scale),
      held: formatUnits(aside, a.scale),
      priceUsd: price?.decimal ?? null,
      valueUsd: value === null ? null : centsToUsd(value),
      costUsd: centsToUsd(cost),
      unrealizedUsd: value === null ? null : centsToUsd(value - cost),
    });
  }
  return { totalUsd: centsToUsd(total), partial, items };
}

/** portfolio.gains: the gains realised in `year` (UTC) by FIFO, as rows and (with format 'csv') a CSV. */
export async function gains(
  deps: TradeDeps,
  user: Viewer,
  input: { year: number; format?: 'json' | 'csv' },
): Promise<TGains> {
  const [assets, trades, received] = await Promise.all([
    listAssetRows(deps.db),
    allTradeRows(deps.db, user.id),
    receivedLots(deps.db, user.id),
  ]);
  const scale = new Map(assets.map((a) => [a.code, a.scale]));
  const pieces = fifo(trades, received).pieces.filter((p) => p.disposedAt.getUTCFullYear() === input.year);
  let total = 0n;
  const rows: TGainRow[] = pieces.map((p) => {
    total += p.proceeds - p.cost;
    return {
      asset: p.asset,
      amount: formatUnits(p.amount, scale.get(p.asset) ?? 0),
      acquiredAt: iso(p.acquiredAt),
      disposedAt: iso(p.disposedAt),
      proceedsUsd: centsToUsd(p.proceeds),
      costUsd: centsToUsd(p.cost),
      gainUsd: centsToUsd(p.proceeds - p.cost),
    };
  });
  const out: TGains = { method: 'fifo', year: input.year, rows, totalGainUsd: centsToUsd(total) };
  if (input.format === 'csv') out.csv = gainsCsv(out);
  return out;
}

export function gainsCsv(g: TGains): string {
  return toCsv([
    [
      `# Realised gains ${g.year} by FIFO (first in, first out), spread and fee included in cost and proceeds. ` +
        'Information for a tax adviser, not tax advice.',
    ],
    ['asset', 'amount', 'acquired_at', 'disposed_at', 'proceeds_usd', 'cost_usd', 'gain_usd'],
    ...g.rows.map((r) => [r.asset, r.amount, r.acquiredAt, r.disposedAt, r.proceedsUsd, r.costUsd, r.gainUsd]),
    ['# total_gain_usd', g.totalGainUsd],
  ]);
}
