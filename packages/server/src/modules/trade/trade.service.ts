// Trading (#30): the platform is the member's counterparty at a quoted price that is firm for TRADE_QUOTE_TTL_S.
// A quote is stored; accepting it fills exactly the stored numbers, once, before its expiry, if the member's
// balance and the platform's limits still allow it. Coins move only between members and the treasury (which
// cannot go below zero: full reserve); spread and fee go to the platform's dollar revenue account.
import { randomUUID } from 'node:crypto';
import {
  toCsv,
  formatEnglish,
  formatUnits,
  parseUnits,
  type Msg,
  type TAsset,
  type TAssetUpdateInput,
  type TTrade,
  type TTradeList,
  type TTradeQuote,
  type TTradeQuoteInput,
  tr,
} from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { DB } from '../../db/schema.ts';
import { iso } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { MarketService } from '../market/market.service.ts';
import { type AccountKey, available, type Movement, moveMoneyMany } from '../money/money.move.ts';
import { centsToUsd, type Fill, fillForGet, fillForGive, type Side, parsePrice, valueDownCents } from './trade.math.ts';
import { currentPrices, type PriceLookup } from './trade.prices.ts';
import {
  type AssetRow,
  coverOf,
  findTradeByQuote,
  insertQuote,
  insertTrade,
  listAssetRows,
  listTradeRows,
  lockAssetRow,
  lockMember,
  lockQuote,
  markQuoteAccepted,
  type QuoteRow,
  type TradeRow,
  treasuryUnits,
  updateAssetRow,
} from './trade.repo.ts';

export interface TradeDeps {
  db: Database;
  market: MarketService;
  clock: { now(): Date };
  config: Config;
}

const bad = (m: Msg) => new AppError('BAD_INPUT', m);
const QUOTE_NOT_FOUND = () => new AppError('NOT_FOUND', tr('trade.quoteNotFound', 'No such quote.'));

/** Cents from a decimal dollar amount an admin typed ("12.50"); refused beyond cents. */
function centsOf(text: string, field: string): bigint {
  const p = parseUnits(text, 2, { positive: true });
  if (!p.ok) throw bad(tr('trade.badDollars', '{field}: {why}', { field, why: formatEnglish(p.message) }));
  return p.value;
}

/** The price record a quote and a trade keep, per coin. */
export interface PriceRecord {
  asset: string;
  priceUsd: string;
  at: string;
}

function assetOut(a: AssetRow, lookup: PriceLookup | null): TAsset {
  return {
    symbol: a.code,
    name: a.name,
    coinId: a.coin_id,
    scale: a.scale,
    tradable: a.tradable,
    paused: a.paused,
    minUsd: centsToUsd(BigInt(a.min_usd_cents)),
    maxUsd: centsToUsd(BigInt(a.max_usd_cents)),
    spreadBps: a.spread_bps,
    feeBps: a.fee_bps,
    exposureLimitUsd: centsToUsd(BigInt(a.exposure_limit_usd_cents)),
    priceUsd: a.code === 'USD' ? '1' : lookup?.ok ? lookup.fresh.decimal : null,
    priceAt: a.code !== 'USD' && lookup?.ok ? iso(lookup.fresh.at) : null,
  };
}

/** asset.list (public): USD and every listed coin with its terms and the price a quote would use now. */
export async function listAssets(deps: TradeDeps): Promise<TAsset[]> {
  const [rows, prices] = await Promise.all([
    listAssetRows(deps.db),
    currentPrices(deps.market, deps.clock.now(), deps.config.TRADE_MAX_PRICE_AGE_S).catch(() => null),
  ]);
  return rows.map((a) => assetOut(a, a.coin_id && prices ? prices(a.coin_id, a.code) : null));
}

/** asset.update (admin): a coin's trading terms; audited `asset.update` with before and after. */
export async function updateAsset(deps: TradeDeps, actor: Viewer, input: TAssetUpdateInput): Promise<TAsset> {
  const now = deps.clock.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await lockAssetRow(trx, input.symbol);
    if (!before)
      throw new AppError(
        'NOT_FOUND',
        tr('trade.unknownAsset', 'No asset {symbol} is listed.', { symbol: input.symbol }),
      );
    if (before.code === 'USD' && (input.tradable || input.paused !== undefined))
      throw bad(tr('trade.usdNotTradable', 'USD is what coins are traded for; it is not a coin to list.'));
    const min = input.minUsd !== undefined ? centsOf(input.minUsd, 'minUsd') : BigInt(before.min_usd_cents);
    const max = input.maxUsd !== undefined ? centsOf(input.maxUsd, 'maxUsd') : BigInt(before.max_usd_cents);
    if (max < min) throw bad(tr('trade.maxBelowMin', 'maxUsd must be at least minUsd.'));
    const after = await updateAssetRow(
      trx,
      before.code,
      {
        tradable: input.tradable,
        paused: input.paused,
        min_usd_cents: String(min),
        max_usd_cents: String(max),
        spread_bps: input.spreadBps,
        fee_bps: input.feeBps,
        exposure_limit_usd_cents:
          input.exposureLimitUsd !== undefined
            ? String(centsOf(input.exposureLimitUsd, 'exposureLimitUsd'))
            : undefined,
      },
      now,
    );
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'asset.update',
      entityType: 'asset',
      entityId: before.code,
      before: assetOut(before, null),
      after: assetOut(after!, null),
    });
    return after!;
  });
  const prices = await currentPrices(deps.market, now, deps.config.TRADE_MAX_PRICE_AGE_S).catch(() => null);
  return assetOut(row, row.coin_id && prices ? prices(row.coin_id, row.code) : null);
}

/** The two sides of a trade, checked as tradable now, with the prices they use. */
export async function sidesOf(
  deps: TradeDeps,
  assets: Map<string, AssetRow>,
  fromCode: string,
  toCode: string,
  now: Date,
  priced?: PriceRecord[],
): Promise<{ from: Side; to: Side; prices: PriceRecord[]; rows: AssetRow[] }> {
  if (fromCode === toCode) throw bad(tr('trade.sameAsset', 'Choose two different assets to trade.'));
  const lookup = priced ? null : await currentPrices(deps.market, now, deps.config.TRADE_MAX_PRICE_AGE_S);
  const prices: PriceRecord[] = [];
  const rows: AssetRow[] = [];
  const side = (code: string): Side => {
    const a = assets.get(code);
    if (!a) throw new AppError('NOT_FOUND', tr('trade.unknownAsset', 'No asset {symbol} is listed.', { symbol: code }));
    if (a.code === 'USD') return { asset: 'USD', scale: a.scale, price: null, spreadBps: 0, feeBps: 0 };
    rows.push(a);
    if (!a.tradable || !a.coin_id)
      throw new AppError('INVALID_STATE', tr('trade.notTradable', '{symbol} is not traded here.', { symbol: a.code }));
    if (a.paused)
      throw new AppError(
        'INVALID_STATE',
        tr('trade.paused', 'Trading in {symbol} is paused by the platform; try again later.', { symbol: a.code }),
      );
    let record: PriceRecord;
    if (priced) {
      record = priced.find((p) => p.asset === a.code)!;
    } else {
      const p = lookup!(a.coin_id, a.code);
      if (!p.ok) throw new AppError('INVALID_STATE', p.why);
      record = { asset: a.code, priceUsd: p.fresh.decimal, at: iso(p.fresh.at) };
    }
    prices.push(record);
    return {
      asset: a.code,
      scale: a.scale,
      price: parsePrice(record.priceUsd)!,
      spreadBps: a.spread_bps,
      feeBps: a.fee_bps,
    };
  };
  const from = side(fromCode);
  const to = side(toCode);
  if (!from.price && !to.price) throw bad(tr('trade.sameAsset', 'Choose two different assets to trade.'));
  return { from, to, prices, rows };
}

/** The dollar value bounds of each coin in the trade (before spread and fee). */
export function checkBounds(rows: AssetRow[], gross: bigint): void {
  for (const a of rows) {
    if (gross < BigInt(a.min_usd_cents))
      throw bad(
        tr('trade.belowMin', 'A trade of {symbol} must be worth at least ${min} before fees.', {
          symbol: a.code,
          min: centsToUsd(BigInt(a.min_usd_cents)),
        }),
      );
    if (gross > BigInt(a.max_usd_cents))
      throw bad(
        tr('trade.aboveMax', 'A trade of {symbol} may be worth at most ${max} before fees.', {
          symbol: a.code,
          max: centsToUsd(BigInt(a.max_usd_cents)),
        }),
      );
  }
}

/** What the treasury pays out of each asset for a fill, and what it takes in. */
function treasuryNeeds(from: Side, to: Side, f: Fill): Map<string, bigint> {
  const needs = new Map<string, bigint>();
  if (to.price) needs.set(to.asset, f.toAmount);
  // Dollars the treasury pays: a sale's gross (the member's dollars and the charges); a conversion's charges.
  if (!to.price) needs.set('USD', f.grossCents);
  else if (from.price && f.spreadCents + f.feeCents > 0n) needs.set('USD', f.spreadCents + f.feeCents);
  return needs;
}

const NO_MORE = (symbol: string) =>
  new AppError(
    'INVALID_STATE',
    symbol === 'USD'
      ? tr('trade.treasuryNoDollars', 'The platform holds too few dollars to buy this from you right now.')
      : tr('trade.treasuryEmpty', 'The platform holds no more {symbol} to sell.', { symbol }),
  );

/** Refuses a fill the member's balance or the treasury cannot cover (see checkTreasury). */
function checkCover(
  cover: { available: bigint; treasury: Map<string, bigint> },
  assets: Map<string, AssetRow>,
  from: Side,
  to: Side,
  f: Fill,
): void {
  if (cover.available < f.fromAmount)
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      tr('trade.insufficient', 'Your {symbol} balance does not cover this trade.', { symbol: from.asset }),
    );
  checkTreasury(cover.treasury, assets, from, to, f);
}

/** Refuses a fill the treasury cannot cover, or a sale that would take its holding of a coin past the limit. */
export function checkTreasury(
  held: Map<string, bigint>,
  assets: Map<string, AssetRow>,
  from: Side,
  to: Side,
  f: Fill,
): void {
  for (const [asset, need] of treasuryNeeds(from, to, f)) if ((held.get(asset) ?? 0n) < need) throw NO_MORE(asset);
  if (from.price) checkExposure((held.get(from.asset) ?? 0n) + f.fromAmount, assets, from);
}

/** Refuses a treasury holding of the coin given beyond its exposure limit (in dollars at the quote's price). */
function checkExposure(after: bigint, assets: Map<string, AssetRow>, from: Side): void {
  const a = assets.get(from.asset)!;
  if (valueDownCents(after, from.scale, from.price!) > BigInt(a.exposure_limit_usd_cents))
    throw new AppError(
      'INVALID_STATE',
      tr(
        'trade.exposure',
        'The platform cannot take more {symbol} right now (its holding limit); try a smaller amount.',
        {
          symbol: from.asset,
        },
      ),
    );
}

function quoteOut(q: QuoteRow, fromScale: number, toScale: number): TTradeQuote {
  return {
    id: q.id,
    from: q.from_asset,
    to: q.to_asset,
    fromAmount: formatUnits(BigInt(q.from_amount), fromScale),
    toAmount: formatUnits(BigInt(q.to_amount), toScale),
    prices: q.prices as PriceRecord[],
    spreadUsd: centsToUsd(BigInt(q.spread_cents)),
    feeUsd: centsToUsd(BigInt(q.fee_cents)),
    grossUsd: centsToUsd(BigInt(q.usd_gross_cents)),
    createdAt: iso(q.created_at),
    expiresAt: iso(q.expires_at),
  };
}

export async function assetMap(db: Database | Transaction<DB>): Promise<Map<string, AssetRow>> {
  return new Map((await listAssetRows(db)).map((a) => [a.code, a]));
}

/**
 * trade.quote: a firm price for giving `fromAmount` or getting `toAmount`. Refused with the reason when the
 * amount is finer than the asset's unit, outside the coin's bounds, beyond the member's balance or what the
 * treasury holds, or when a price is not fresh.
 */
export async function quoteTrade(deps: TradeDeps, user: Viewer, input: TTradeQuoteInput): Promise<TTradeQuote> {
  const now = deps.clock.now();
  const assets = await assetMap(deps.db);
  const { from, to, prices, rows } = await sidesOf(deps, assets, input.from, input.to, now);
  const giving = 'fromAmount' in input;
  const text = giving ? input.fromAmount : input.toAmount;
  const scale = giving ? from.scale : to.scale;
  const parsed = parseUnits(text, scale, { positive: true });
  if (!parsed.ok) throw bad(parsed.message);
  const fill = giving ? fillForGive(from, to, parsed.value) : fillForGet(from, to, parsed.value);
  if (!fill) throw bad(tr('trade.tooSmall', 'That amount is too small to trade.'));
  checkBounds(rows, fill.grossCents);
  checkCover(await coverOf(deps.db, user.id, from.asset, [from.asset, to.asset, 'USD']), assets, from, to, fill);
  const row: QuoteRow = {
    id: randomUUID(),
    user_id: user.id,
    from_asset: from.asset,
    to_asset: to.asset,
    from_amount: String(fill.fromAmount),
    to_amount: String(fill.toAmount),
    usd_gross_cents: String(fill.grossCents),
    usd_net_cents: String(fill.netCents),
    spread_cents: String(fill.spreadCents),
    fee_cents: String(fill.feeCents),
    prices: JSON.stringify(prices) as unknown,
    created_at: now,
    expires_at: new Date(now.getTime() + deps.config.TRADE_QUOTE_TTL_S * 1000),
    accepted_at: null,
  };
  await insertQuote(deps.db, row);
  return quoteOut({ ...row, prices }, from.scale, to.scale);
}

function tradeOut(t: TradeRow, assets: Map<string, AssetRow>): TTrade {
  return {
    id: t.id,
    quoteId: t.quote_id,
    from: t.from_asset,
    to: t.to_asset,
    fromAmount: formatUnits(BigInt(t.from_amount), assets.get(t.from_asset)!.scale),
    toAmount: formatUnits(BigInt(t.to_amount), assets.get(t.to_asset)!.scale),
    prices: t.prices as PriceRecord[],
    spreadUsd: centsToUsd(BigInt(t.spread_cents)),
    feeUsd: centsToUsd(BigInt(t.fee_cents)),
    grossUsd: centsToUsd(BigInt(t.usd_gross_cents)),
    createdAt: iso(t.created_at),
  };
}

/** The journal's movements of one fill: one per asset, linked by the trade's id. */
function fillMovements(
  userId: string,
  tradeId: string,
  q: QuoteRow,
  from: Side,
  to: Side,
  now: Date,
  source: AccountKey,
): Movement[] {
  const base = {
    kind: 'trade' as const,
    ref: { type: 'trade' as const, id: tradeId },
    actorId: userId,
    at: now,
    exchangeId: tradeId,
  };
  const memo = `${q.from_asset} → ${q.to_asset}`;
  const fromAmount = BigInt(q.from_amount);
  const toAmount = BigInt(q.to_amount);
  const gross = BigInt(q.usd_gross_cents);
  const net = BigInt(q.usd_net_cents);
  const charges = BigInt(q.spread_cents) + BigInt(q.fee_cents);
  const treasury = { kind: 'treasury' as const };
  const revenue = { kind: 'revenue' as const };
  const moves: Movement[] = [];
  const usdLegs: Movement['legs'] = [];
  if (!from.price) {
    // Buy: the member's dollars to the treasury, the charges to revenue.
    usdLegs.push({ account: source, amount: -gross }, { account: treasury, amount: net });
    if (charges > 0n) usdLegs.push({ account: revenue, amount: charges });
  } else {
    moves.push({
      ...base,
      memo,
      asset: from.asset,
      legs: [
        { account: source, amount: -fromAmount },
        { account: treasury, amount: fromAmount },
      ],
    });
  }
  if (!to.price) {
    // Sale: the treasury pays the member's dollars and the charges.
    usdLegs.push(
      { account: treasury, amount: -(toAmount + charges) },
      { account: available(userId), amount: toAmount },
    );
    if (charges > 0n) usdLegs.push({ account: revenue, amount: charges });
  } else {
    moves.push({
      ...base,
      memo,
      asset: to.asset,
      legs: [
        { account: treasury, amount: -toAmount },
        { account: available(userId), amount: toAmount },
      ],
    });
  }
  // A conversion's dollar leg: the charges, from the treasury (which took the coin given at its gross) to revenue.
  if (from.price && to.price && charges > 0n)
    usdLegs.push({ account: treasury, amount: -charges }, { account: revenue, amount: charges });
  if (usdLegs.length > 0) moves.push({ ...base, memo, asset: 'USD', legs: usdLegs });
  return moves;
}

/**
 * trade.accept: fills the member's stored quote at exactly its numbers, once: concurrent accepts and retries
 * answer the one trade. Refused after the quote's expiry (server clock), while a coin is paused, or when the
 * member's balance or the treasury no longer covers it (nothing moves then).
 */
export async function acceptTrade(deps: TradeDeps, user: Viewer, quoteId: string): Promise<TTrade> {
  const now = deps.clock.now();
  return deps.db.transaction().execute((trx) => acceptTradeIn(trx, deps, user, quoteId, now));
}

/**
 * acceptTrade inside the caller's transaction (a recurring buy writes its period's row in the same one, so the
 * period and its fill commit together or not at all). Locks the member's row first, as every money request does.
 */
export async function acceptTradeIn(
  trx: Transaction<DB>,
  deps: TradeDeps,
  user: Viewer,
  quoteId: string,
  now: Date,
): Promise<TTrade> {
  // The member's row first, as every money request of theirs locks it, then the quote.
  await lockMember(trx, user.id);
  const q = await lockQuote(trx, quoteId);
  if (!q || q.user_id !== user.id) throw QUOTE_NOT_FOUND();
  const assets = await assetMap(trx);
  if (q.accepted_at) {
    const done = await findTradeByQuote(trx, q.id);
    if (done) return tradeOut(done, assets);
    throw new Error(`quote ${q.id} accepted without a trade`);
  }
  if (now.getTime() >= new Date(q.expires_at).getTime())
    throw new AppError('INVALID_STATE', tr('trade.quoteExpired', 'This quote has expired; ask for a fresh one.'));
  const { from, to } = await sidesOf(deps, assets, q.from_asset, q.to_asset, now, q.prices as PriceRecord[]);
  const fill: Fill = {
    fromAmount: BigInt(q.from_amount),
    toAmount: BigInt(q.to_amount),
    grossCents: BigInt(q.usd_gross_cents),
    netCents: BigInt(q.usd_net_cents),
    spreadCents: BigInt(q.spread_cents),
    feeCents: BigInt(q.fee_cents),
  };
  // The member's balance (under their row's lock) and what the treasury holds, read without a lock: the clear
  // refusal in all but a race. The treasury's rows are locked only by the postings below, the last statements
  // before the commit, in account order (every fill takes them in that order: no deadlock), so fills of one
  // coin queue for as short a time as possible.
  checkCover(await coverOf(trx, user.id, from.asset, [from.asset, to.asset, 'USD']), assets, from, to, fill);
  return fillQuoteIn(trx, { userId: user.id, actorId: user.id, quote: q, from, to, assets, now });
}

/**
 * The one fill of a stored quote, in the caller's transaction (after its checks, under the member's lock): marks the
 * quote accepted, writes the trade and its audit row, moves the money (the member's side from `source`, their
 * available balance unless a limit order's hold pays) and holds the exposure limit. A trade.accept and a limit
 * order's fill (#31) both end here, so a fill has the same guarantees whoever asked for it.
 */
export async function fillQuoteIn(
  trx: Transaction<DB>,
  f: {
    userId: string;
    actorId: string | null;
    quote: QuoteRow;
    from: Side;
    to: Side;
    assets: Map<string, AssetRow>;
    now: Date;
    source?: AccountKey;
  },
): Promise<TTrade> {
  const { quote: q, from, to, assets, now } = f;
  const user = { id: f.userId };
  if (!(await markQuoteAccepted(trx, q.id, now))) throw new Error(`quote ${q.id} accepted meanwhile under its lock`);
  const id = randomUUID();
  const trade = await insertTrade(trx, {
    id,
    quote_id: q.id,
    user_id: user.id,
    from_asset: q.from_asset,
    to_asset: q.to_asset,
    from_amount: q.from_amount,
    to_amount: q.to_amount,
    usd_gross_cents: q.usd_gross_cents,
    usd_net_cents: q.usd_net_cents,
    spread_cents: q.spread_cents,
    fee_cents: q.fee_cents,
    prices: JSON.stringify(q.prices) as unknown,
    created_at: now,
  });
  const out = tradeOut(trade, assets);
  await recordAudit(trx, {
    actorId: f.actorId,
    action: 'trade.fill',
    entityType: 'trade',
    entityId: id,
    before: null,
    after: out,
  });
  try {
    await moveMoneyMany(trx, fillMovements(user.id, id, q, from, to, now, f.source ?? available(user.id)));
  } catch (e) {
    // The member's balance was checked under their lock, so a refused posting is the treasury's floor: a
    // concurrent fill took what this one needed.
    if (e instanceof AppError && e.appCode === 'INSUFFICIENT_FUNDS') throw NO_MORE(to.price ? to.asset : 'USD');
    throw e;
  }
  // The coin taken in, under the row lock its posting holds now: the exposure limit holds whatever the concurrency.
  if (from.price) checkExposure((await treasuryUnits(trx, [from.asset])).get(from.asset) ?? 0n, assets, from);
  return out;
}

/** trade.list: the member's trades, newest first (CSV of every trade with format 'csv'). */
export async function listTrades(
  deps: TradeDeps,
  user: Viewer,
  input: { cursor?: string; limit: number; format?: 'json' | 'csv' },
): Promise<TTradeList> {
  const assets = await assetMap(deps.db);
  if (input.format === 'csv') {
    const rows = (await listTradeRows(deps.db, user.id, { limit: 100_000 })).map((t) => tradeOut(t, assets));
    return { items: [], nextCursor: null, csv: tradesCsv(rows) };
  }
  const before = input.cursor && /^\d{1,19}$/.test(input.cursor) ? input.cursor : undefined;
  const rows = await listTradeRows(deps.db, user.id, { beforeSeq: before, limit: input.limit + 1 });
  const more = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  return { items: page.map((t) => tradeOut(t, assets)), nextCursor: more ? String(page.at(-1)!.seq) : null };
}

/** Every trade as CSV (the project's CSV writer: RFC 4180, formula-safe). */
export function tradesCsv(trades: TTrade[]): string {
  return toCsv([
    ['date', 'trade_id', 'from', 'from_amount', 'to', 'to_amount', 'gross_usd', 'spread_usd', 'fee_usd', 'prices_usd'],
    ...trades.map((t) => [
      t.createdAt,
      t.id,
      t.from,
      t.fromAmount,
      t.to,
      t.toAmount,
      t.grossUsd,
      t.spreadUsd,
      t.feeUsd,
      t.prices.map((p) => `${p.asset}@${p.priceUsd}`).join(' '),
    ]),
  ]);
}
