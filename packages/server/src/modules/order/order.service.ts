// Limit orders (#31): a member buys or sells a listed coin at a limit price (dollars per whole coin, spread and fee
// included), good until cancelled or until its expiry. What it needs is set aside on the journal when it is placed
// (their order_hold account of that asset: dollars for a buy, the coin for a sale), so it cannot be spent twice;
// cancelling or expiry gives it back at once. Fills happen in order.fill.ts, at a fresh feed price, as a trade.
import { randomUUID } from 'node:crypto';
import {
  formatUnits,
  type Msg,
  parseUnits,
  type TOrder,
  type TOrderList,
  type TOrderPlaceInput,
  type TOrderStatus,
  tr,
} from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { iso } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { available, type AccountKey, moveMoney, transfer } from '../money/money.move.ts';
import { notify } from '../notification/notification.service.ts';
import { centsToUsd, type Fill, fillForGet, fillForGive, parsePrice, type Side } from '../trade/trade.math.ts';
import { currentPrices, type PriceLookup } from '../trade/trade.prices.ts';
import { type AssetRow, lockMember } from '../trade/trade.repo.ts';
import { assetMap, checkBounds, type TradeDeps } from '../trade/trade.service.ts';
import { allInCents, crossesLimit, heldFor, type OrderAmount } from './order.math.ts';
import { closeOrder, findOrder, insertOrder, listOrderRows, lockOpenOrder, type OrderRow } from './order.repo.ts';

const bad = (m: Msg) => new AppError('BAD_INPUT', m);
const ORDER_NOT_FOUND = () => new AppError('NOT_FOUND', tr('order.notFound', 'No such order.'));

/** A member's hold account of an asset. */
export const orderHold = (userId: string): AccountKey => ({ userId, kind: 'order_hold' });

/** What an order names, from its row. */
export function amountOf(o: OrderRow): OrderAmount {
  return o.amount_units !== null ? { units: BigInt(o.amount_units) } : { cents: BigInt(o.amount_usd_cents!) };
}

/** The two sides of an order's trade at a price (USD and the coin), with the coin's charges. */
export function orderSides(o: Pick<OrderRow, 'side'>, coin: AssetRow, usd: AssetRow, price: Side['price']) {
  const c: Side = { asset: coin.code, scale: coin.scale, price, spreadBps: coin.spread_bps, feeBps: coin.fee_bps };
  const u: Side = { asset: 'USD', scale: usd.scale, price: null, spreadBps: 0, feeBps: 0 };
  return o.side === 'buy' ? { from: u, to: c } : { from: c, to: u };
}

/**
 * The fill `trade.quote` would answer for the order's amount at a coin price: dollars or coins given
 * (`fromAmount`) or coins or dollars wanted (`toAmount`), through the same arithmetic. null: nothing fills.
 */
export function orderFill(o: Pick<OrderRow, 'side'>, amount: OrderAmount, from: Side, to: Side): Fill | null {
  const giving = o.side === 'buy' ? 'cents' in amount : 'units' in amount;
  const units = 'cents' in amount ? amount.cents : amount.units;
  return giving ? fillForGive(from, to, units) : fillForGet(from, to, units);
}

function orderOut(o: OrderRow, assets: Map<string, AssetRow>, waiting: Msg | null): TOrder {
  const coin = assets.get(o.asset)!;
  const heldScale = assets.get(o.held_asset)!.scale;
  return {
    id: o.id,
    side: o.side,
    asset: o.asset,
    amount: o.amount_units === null ? null : formatUnits(BigInt(o.amount_units), coin.scale),
    amountUsd: o.amount_usd_cents === null ? null : centsToUsd(BigInt(o.amount_usd_cents)),
    limitPrice: o.limit_text,
    held: o.status === 'open' ? formatUnits(BigInt(o.held_units), heldScale) : formatUnits(0n, heldScale),
    heldAsset: o.held_asset,
    status: o.status,
    waiting: o.status === 'open' ? waiting : null,
    expiresAt: o.expires_at ? iso(o.expires_at) : null,
    createdAt: iso(o.created_at),
    closedAt: o.closed_at ? iso(o.closed_at) : null,
    tradeId: o.trade_id,
  };
}

/**
 * order.place: sets aside what the order needs and opens it. Refused (nothing held) for a coin not traded or
 * paused, an amount finer than its unit, a value at the limit outside the coin's trade bounds, an expiry not in the
 * future, or a balance that does not cover what it needs.
 */
export async function placeOrder(deps: TradeDeps, user: Viewer, input: TOrderPlaceInput): Promise<TOrder> {
  const now = deps.clock.now();
  const limit = parsePrice(input.limitPrice);
  if (!limit) throw bad(tr('order.badLimit', 'The limit price must be more than zero.'));
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw bad(tr('order.expiryPast', 'The expiry must be in the future.'));
  return deps.db.transaction().execute(async (trx) => {
    await lockMember(trx, user.id);
    const assets = await assetMap(trx);
    const coin = assets.get(input.asset);
    if (!coin || coin.code === 'USD')
      throw new AppError(
        'NOT_FOUND',
        tr('trade.unknownAsset', 'No asset {symbol} is listed.', { symbol: input.asset }),
      );
    if (!coin.tradable || !coin.coin_id)
      throw new AppError(
        'INVALID_STATE',
        tr('trade.notTradable', '{symbol} is not traded here.', { symbol: coin.code }),
      );
    if (coin.paused)
      throw new AppError(
        'INVALID_STATE',
        tr('trade.paused', 'Trading in {symbol} is paused by the platform; try again later.', { symbol: coin.code }),
      );
    const usd = assets.get('USD')!;
    let amount: OrderAmount;
    if (input.amount !== undefined) {
      const p = parseUnits(input.amount, coin.scale, { positive: true });
      if (!p.ok) throw bad(p.message);
      amount = { units: p.value };
    } else {
      const p = parseUnits(input.amountUsd!, usd.scale, { positive: true });
      if (!p.ok) throw bad(p.message);
      amount = { cents: p.value };
    }
    const held = heldFor(input.side, coin.scale, limit, amount);
    // At the limit itself (its value as the trade bounds read it): what a fill at the limit would be worth.
    const { from, to } = orderSides(input, coin, usd, limit);
    const atLimit = orderFill(input, amount, from, to);
    if (held <= 0n || !atLimit) throw bad(tr('trade.tooSmall', 'That amount is too small to trade.'));
    checkBounds([coin], atLimit.grossCents);
    const heldAsset = input.side === 'buy' ? 'USD' : coin.code;
    const row = await insertOrder(trx, {
      id: randomUUID(),
      user_id: user.id,
      side: input.side,
      asset: coin.code,
      amount_units: 'units' in amount ? String(amount.units) : null,
      amount_usd_cents: 'cents' in amount ? String(amount.cents) : null,
      limit_price: input.limitPrice,
      limit_text: input.limitPrice,
      held_asset: heldAsset,
      held_units: String(held),
      status: 'open',
      expires_at: expiresAt,
      created_at: now,
      closed_at: null,
      trade_id: null,
      waiting: null,
      waiting_at: null,
    });
    // The balance is refused below zero by the database: INSUFFICIENT_FUNDS, and nothing of this stays.
    await moveMoney(trx, {
      asset: heldAsset,
      kind: 'order_hold',
      legs: transfer(available(user.id), orderHold(user.id), held),
      ref: { type: 'order', id: row.id },
      actorId: user.id,
      memo: `${input.side} ${coin.code} @ ${input.limitPrice}`,
      at: now,
    });
    const out = orderOut(row, assets, null);
    await recordAudit(trx, {
      actorId: user.id,
      action: 'order.place',
      entityType: 'limit_order',
      entityId: row.id,
      before: null,
      after: out,
    });
    return out;
  });
}

/**
 * Closes an open order without a fill (cancelled by its member, or expired) and gives back what it held, in the
 * caller's transaction (the member's row locked first). undefined when it is no longer open.
 */
export async function releaseOrderIn(
  trx: Transaction<DB>,
  id: string,
  status: 'cancelled' | 'expired',
  actorId: string | null,
  now: Date,
): Promise<OrderRow | undefined> {
  const o = await lockOpenOrder(trx, id);
  if (!o) return undefined;
  if (!(await closeOrder(trx, o.id, status, now))) return undefined;
  await moveMoney(trx, {
    asset: o.held_asset,
    kind: 'order_release',
    legs: transfer(orderHold(o.user_id), available(o.user_id), BigInt(o.held_units)),
    ref: { type: 'order', id: o.id },
    actorId,
    memo: status === 'cancelled' ? 'Order cancelled' : 'Order expired',
    at: now,
  });
  return { ...o, status, closed_at: now, waiting: null };
}

/** order.cancel: the member's open order is cancelled and what it held is back at once; a closed one is refused. */
export async function cancelOrder(deps: TradeDeps, user: Viewer, id: string): Promise<TOrder> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await lockMember(trx, user.id);
    const found = await findOrder(trx, id);
    if (!found || found.user_id !== user.id) throw ORDER_NOT_FOUND();
    const assets = await assetMap(trx);
    const closed = await releaseOrderIn(trx, id, 'cancelled', user.id, now);
    if (!closed)
      throw new AppError(
        'INVALID_STATE',
        tr(
          'order.notOpen',
          'This order is no longer open: it {status, select, filled {filled} cancelled {was cancelled} other {expired}}.',
          { status: found.status },
        ),
      );
    const out = orderOut(closed, assets, null);
    await recordAudit(trx, {
      actorId: user.id,
      action: 'order.cancel',
      entityType: 'limit_order',
      entityId: id,
      before: orderOut(found, assets, null),
      after: out,
    });
    return out;
  });
}

/** Why an open order has not filled yet, at the current price. */
function waitingOf(
  o: OrderRow,
  assets: Map<string, AssetRow>,
  prices: ((id: string, s: string) => PriceLookup) | null,
): Msg {
  const coin = assets.get(o.asset)!;
  if (!coin.tradable || !coin.coin_id)
    return tr('trade.notTradable', '{symbol} is not traded here.', { symbol: coin.code });
  if (coin.paused)
    return tr('trade.paused', 'Trading in {symbol} is paused by the platform; try again later.', { symbol: coin.code });
  const lookup = prices ? prices(coin.coin_id, coin.code) : null;
  if (!lookup) return tr('order.noFeed', 'Waiting for the market feed to answer with a fresh price.');
  if (!lookup.ok) return lookup.why;
  const { from, to } = orderSides(o, coin, assets.get('USD')!, lookup.fresh.price);
  const fill = orderFill(o, amountOf(o), from, to);
  const limit = parsePrice(o.limit_text)!;
  if (!fill) return tr('trade.tooSmall', 'That amount is too small to trade.');
  if (!crossesLimit(o.side, coin.scale, limit, fill)) {
    const now = centsToUsd(allInCents(o.side, coin.scale, fill));
    return o.side === 'buy'
      ? tr(
          'order.waitingBuy',
          'Waiting for the price: this buy fills when {symbol} costs ${limit} or less per coin with spread and fee (now ${now}).',
          { symbol: coin.code, limit: o.limit_text, now },
        )
      : tr(
          'order.waitingSell',
          'Waiting for the price: this sale fills when {symbol} fetches ${limit} or more per coin after spread and fee (now ${now}).',
          { symbol: coin.code, limit: o.limit_text, now },
        );
  }
  if (o.waiting) return o.waiting as Msg;
  return tr('order.waitingCheck', 'The price is reached: the order fills at the next price check.');
}

/** order.list: the member's orders, newest first; an open one says why it has not filled yet. */
export async function listOrders(deps: TradeDeps, user: Viewer, status?: TOrderStatus): Promise<TOrderList> {
  const [rows, assets] = await Promise.all([listOrderRows(deps.db, user.id, status), assetMap(deps.db)]);
  const prices = rows.some((r) => r.status === 'open')
    ? await currentPrices(deps.market, deps.clock.now(), deps.config.TRADE_MAX_PRICE_AGE_S).catch(() => null)
    : null;
  return { items: rows.map((o) => orderOut(o, assets, o.status === 'open' ? waitingOf(o, assets, prices) : null)) };
}

/** Tells the member an order filled or expired (notification centre; e-mail as their preferences say). */
export async function notifyOrder(
  trx: Transaction<DB>,
  o: OrderRow,
  event: 'filled' | 'expired',
  now: Date,
): Promise<void> {
  const what = { side: o.side, symbol: o.asset, limit: o.limit_text };
  const title =
    event === 'filled'
      ? tr('order.filledTitle', 'Your limit order filled')
      : tr('order.expiredTitle', 'Your limit order expired');
  const body =
    event === 'filled'
      ? tr(
          'order.filledBody',
          'Your {side, select, buy {buy} other {sale}} of {symbol} at a limit of ${limit} filled; the trade is in your history.',
          what,
        )
      : tr(
          'order.expiredBody',
          'Your {side, select, buy {buy} other {sale}} of {symbol} at a limit of ${limit} expired unfilled; what it set aside is back in your balance.',
          what,
        );
  await notify(trx, {
    userId: o.user_id,
    kind: `order.${event}`,
    title,
    body,
    link: '/dashboard/orders?tab=limit',
    eventKey: `order:${o.id}:${event}`,
    at: now,
    mail: {},
  });
}
