// Filling limit orders (#31). At each check (the `limit-orders` job) the open orders past their expiry are closed
// and given back; then, per coin with a fresh feed price (never a stale or bundled one: trade.prices.ts), the
// orders that price may fill are read in one range query by limit (limit_orders_open_idx), and each is filled as
// a trade: a quote at exactly that price and the order's amount, filled through the trade path (fillQuoteIn),
// paid from the order's hold. The order's guarded close (open → filled) and trades' unique quote, in the fill's
// transaction, make a fill happen once whatever the instances, restarts and retries. An order the treasury or
// the exposure limit cannot fill at that moment stays open and says why.
import { randomUUID } from 'node:crypto';
import { type Msg, tr } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { available, moveMoney, transfer } from '../money/money.move.ts';
import { type Price, parsePrice } from '../trade/trade.math.ts';
import { currentPrices, type FreshPrice } from '../trade/trade.prices.ts';
import { type AssetRow, insertQuote, lockMember, type QuoteRow, treasuryUnits } from '../trade/trade.repo.ts';
import { assetMap, checkBounds, checkTreasury, fillQuoteIn, type TradeDeps } from '../trade/trade.service.ts';
import { candidateBounds, crossesLimit, priceText } from './order.math.ts';
import { candidateOrders, closeOrder, dueForExpiry, lockOpenOrder, setWaiting } from './order.repo.ts';
import { amountOf, notifyOrder, orderFill, orderHold, orderSides, releaseOrderIn } from './order.service.ts';

const WAITS: ReadonlySet<string> = new Set(['INVALID_STATE', 'BAD_INPUT', 'INSUFFICIENT_FUNDS']);

/** Orders one check fills or expires at most per coin (a larger backlog continues at the next check). */
const BATCH = 1000;

export interface OrderCheck {
  expired: number;
  filled: number;
  /** Reached their price but could not fill now (treasury, exposure limit, trade bounds): they wait. */
  waiting: number;
}

/** Closes the orders whose expiry has come and gives back what they held; notifies each member once. */
export async function expireDueOrders(db: Database, now: Date): Promise<number> {
  let n = 0;
  for (const due of await dueForExpiry(db, now, BATCH)) {
    const done = await db.transaction().execute(async (trx) => {
      await lockMember(trx, due.user_id);
      const o = await releaseOrderIn(trx, due.id, 'expired', null, now);
      if (!o) return false;
      await recordAudit(trx, {
        actorId: null,
        action: 'order.expire',
        entityType: 'limit_order',
        entityId: o.id,
        before: null,
        after: { status: 'expired', held: o.held_units, heldAsset: o.held_asset },
      });
      await notifyOrder(trx, o, 'expired', now);
      return true;
    });
    if (done) n += 1;
  }
  return n;
}

type Attempt = { filled: true } | { filled: false; why: Msg | null };

/**
 * Fills one order at a fresh price if the quote for its amount there is at or better than its limit. Under the
 * member's lock and the order's; refusals of the trade path (treasury short, exposure limit, bounds) roll back
 * the whole fill and are answered as the reason it waits.
 */
async function fillOne(deps: TradeDeps, id: string, userId: string, coin: string, fresh: FreshPrice, now: Date) {
  return deps.db.transaction().execute(async (trx): Promise<Attempt> => {
    await lockMember(trx, userId);
    const o = await lockOpenOrder(trx, id);
    if (!o || (o.expires_at && new Date(o.expires_at).getTime() <= now.getTime())) return { filled: false, why: null };
    const assets = await assetMap(trx);
    const a = assets.get(coin)!;
    if (!a.tradable || a.paused) return { filled: false, why: null };
    const { from, to } = orderSides(o, a, assets.get('USD')!, fresh.price);
    const fill = orderFill(o, amountOf(o), from, to);
    if (!fill || !crossesLimit(o.side, a.scale, parsePrice(o.limit_text)!, fill)) return { filled: false, why: null };
    checkBounds([a], fill.grossCents);
    checkTreasury(await treasuryUnits(trx, [a.code, 'USD']), assets, from, to, fill);
    const prices = [{ asset: a.code, priceUsd: fresh.decimal, at: iso(fresh.at) }];
    const quote: QuoteRow = {
      id: randomUUID(),
      user_id: o.user_id,
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
    await insertQuote(trx, quote);
    const trade = await fillQuoteIn(trx, {
      userId: o.user_id,
      actorId: null,
      quote: { ...quote, prices },
      from,
      to,
      assets,
      now,
      source: orderHold(o.user_id),
    });
    // What the hold kept beyond the fill (a buy that cost less than at its limit) goes back at once.
    const used = o.side === 'buy' ? fill.grossCents : fill.fromAmount;
    const left = BigInt(o.held_units) - used;
    if (left < 0n) throw new Error(`limit order ${o.id}: the fill needs more than its hold`);
    if (left > 0n)
      await moveMoney(trx, {
        asset: o.held_asset,
        kind: 'order_release',
        legs: transfer(orderHold(o.user_id), available(o.user_id), left),
        ref: { type: 'order', id: o.id },
        actorId: null,
        memo: 'Order filled for less than it held',
        at: now,
      });
    if (!(await closeOrder(trx, o.id, 'filled', now, trade.id)))
      throw new Error(`limit order ${o.id} closed meanwhile under its lock`);
    await recordAudit(trx, {
      actorId: null,
      action: 'order.fill',
      entityType: 'limit_order',
      entityId: o.id,
      before: null,
      after: { tradeId: trade.id, price: fresh.decimal, at: iso(fresh.at) },
    });
    await notifyOrder(trx, o, 'filled', now);
    return { filled: true };
  });
}

/** Checks one coin's open orders against its fresh price. */
async function checkCoin(deps: TradeDeps, a: AssetRow, fresh: FreshPrice, now: Date, sum: OrderCheck) {
  const { buyAtLeast, sellAtMost } = candidateBounds(fresh.price, a.spread_bps + a.fee_bps);
  const candidates = await candidateOrders(deps.db, a.code, priceText(buyAtLeast), priceText(sellAtMost), now, BATCH);
  for (const c of candidates) {
    let attempt: Attempt;
    try {
      attempt = await fillOne(deps, c.id, c.user_id, a.code, fresh, now);
    } catch (e) {
      // The trade path's refusals of the moment (treasury short, exposure limit, bounds): the order waits.
      if (!(e instanceof AppError) || !WAITS.has(e.appCode)) throw e;
      attempt = { filled: false, why: e.msg ?? tr('order.cannotFill', '{why}', { why: e.message }) };
    }
    if (attempt.filled) sum.filled += 1;
    else if (attempt.why) {
      sum.waiting += 1;
      await setWaiting(deps.db, c.id, attempt.why, now);
    }
  }
}

/** One check of every open order: expiries first (an expired order never fills), then fills at fresh prices. */
export async function checkOrders(deps: TradeDeps): Promise<OrderCheck> {
  const now = deps.clock.now();
  const sum: OrderCheck = { expired: await expireDueOrders(deps.db, now), filled: 0, waiting: 0 };
  const prices = await currentPrices(deps.market, now, deps.config.TRADE_MAX_PRICE_AGE_S);
  for (const a of (await assetMap(deps.db)).values()) {
    if (a.code === 'USD' || !a.coin_id || !a.tradable || a.paused) continue;
    const lookup = prices(a.coin_id, a.code);
    if (!lookup.ok) continue; // stale, bundled or missing: no order fills on it
    await checkCoin(deps, a, lookup.fresh, now, sum);
  }
  return sum;
}

/** The candidates a price would read for a coin (the bench times this query). */
export function candidatesAt(deps: TradeDeps, a: AssetRow, price: Price, now: Date) {
  const { buyAtLeast, sellAtMost } = candidateBounds(price, a.spread_bps + a.fee_bps);
  return candidateOrders(deps.db, a.code, priceText(buyAtLeast), priceText(sellAtMost), now, BATCH);
}
