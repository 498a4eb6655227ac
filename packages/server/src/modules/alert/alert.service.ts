// Price alerts (#31): a member's "tell me when BTC is above / below a price". Created armed; the runner
// (alert.runner.ts) fires it once at the first fresh price past the level and re-arms it only once the price
// has moved back by PRICE_ALERT_REARM_PCT.
import { randomUUID } from 'node:crypto';
import { type TPriceAlert, type TPriceAlertCreateInput, type TPriceAlertList, tr } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { listAssetRows, lockMember } from '../trade/trade.repo.ts';
import {
  countLivePriceAlerts,
  deleteOwnPriceAlert,
  insertPriceAlert,
  listFiringsOf,
  listOwnPriceAlerts,
  trimDecimal,
} from './alert.repo.ts';

export interface AlertDeps {
  db: Database;
  clock: { now(): Date };
  config: Config;
}

/** Live alerts a member may have at once. */
export const MAX_PRICE_ALERTS = 50;
/** Crossings each alert lists (newest first). */
const FIRINGS_LISTED = 20;
/** What numeric(38, 18) holds: up to 20 digits before the point, 18 after. */
const PRICE_SHAPE = /^\d{1,20}(\.\d{1,18})?$/;

const NOT_FOUND = () => new AppError('NOT_FOUND', tr('alert.notFound', 'No such price alert.'));

/** The percentage as SQL reads it (a config number such as 1 or 0.5). */
export const rearmPct = (config: Config) => String(config.PRICE_ALERT_REARM_PCT);

/** priceAlert.create: an armed alert on a listed coin. */
export async function createPriceAlert(
  deps: AlertDeps,
  user: Viewer,
  input: TPriceAlertCreateInput,
): Promise<TPriceAlert> {
  const now = deps.clock.now();
  const asset = (await listAssetRows(deps.db)).find((a) => a.code === input.asset);
  if (!asset || asset.code === 'USD' || !asset.coin_id)
    throw new AppError(
      'NOT_FOUND',
      tr('alert.unknownCoin', 'No coin {symbol} is listed here.', { symbol: input.asset }),
    );
  const price = input.price.replace(/^0+(?=\d)/, '');
  if (!PRICE_SHAPE.test(price) || !/[1-9]/.test(price))
    throw new AppError(
      'BAD_INPUT',
      tr('alert.badPrice', 'Price: a dollar amount above zero, with at most 18 decimals (like 95000 or 0.25)'),
    );
  const id = await deps.db.transaction().execute(async (trx) => {
    // The member's row serialises their creates, so the cap holds under concurrency.
    await lockMember(trx, user.id);
    if ((await countLivePriceAlerts(trx, user.id)) >= MAX_PRICE_ALERTS)
      throw new AppError(
        'INVALID_STATE',
        tr('alert.tooMany', 'You can have at most {max} price alerts; delete one first.', { max: MAX_PRICE_ALERTS }),
      );
    const row = await insertPriceAlert(trx, {
      id: randomUUID(),
      user_id: user.id,
      asset: asset.code,
      direction: input.direction,
      price,
      created_at: now,
    });
    await recordAudit(trx, {
      actorId: user.id,
      action: 'price_alert.create',
      entityType: 'price_alert',
      entityId: row.id,
      before: null,
      after: { asset: row.asset, direction: row.direction, price },
    });
    return row.id;
  });
  return (await listPriceAlerts(deps, user)).items.find((a) => a.id === id)!;
}

/** priceAlert.list: the member's live alerts, newest first, each with its last crossings. */
export async function listPriceAlerts(deps: AlertDeps, user: Viewer): Promise<TPriceAlertList> {
  const alerts = await listOwnPriceAlerts(deps.db, user.id, rearmPct(deps.config));
  const firings = await listFiringsOf(
    deps.db,
    alerts.map((a) => a.id),
  );
  return {
    items: alerts.map((a) => ({
      id: a.id,
      asset: a.asset,
      direction: a.direction,
      price: trimDecimal(a.level),
      status: a.armed ? 'armed' : 'waiting',
      rearmPrice: trimDecimal(a.rearm),
      firedCount: a.fired_count,
      createdAt: iso(a.created_at),
      firings: firings
        .filter((f) => f.alert_id === a.id)
        .slice(0, FIRINGS_LISTED)
        .map((f) => ({ crossing: f.crossing, price: trimDecimal(f.price), at: iso(f.price_at) })),
    })),
  };
}

/** priceAlert.delete: at once (the runner's guarded update skips deleted alerts). */
export async function deletePriceAlert(
  deps: AlertDeps,
  user: Viewer,
  id: string,
): Promise<{ id: string; deleted: true }> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await deleteOwnPriceAlert(trx, user.id, id, now);
    if (!row) throw NOT_FOUND();
    await recordAudit(trx, {
      actorId: user.id,
      action: 'price_alert.delete',
      entityType: 'price_alert',
      entityId: id,
      before: { asset: row.asset, direction: row.direction, price: trimDecimal(row.price) },
      after: null,
    });
  });
  return { id, deleted: true };
}
