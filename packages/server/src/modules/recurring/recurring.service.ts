// Recurring buys (#31): a member's fixed dollar amount of a coin every week or month. Creating, pausing, resuming
// and deleting are immediate (the buy's row is locked, as the runner locks it before buying a period); the
// periods themselves are decided by the runner (recurring.runner.ts).
import { randomUUID } from 'node:crypto';
import {
  formatEnglish,
  parseUnits,
  type TLocale,
  type TRecurringBuy,
  type TRecurringBuyCreateInput,
  type TRecurringBuyList,
  tr,
} from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { renderIn } from '../../i18n/i18n.ts';
import { iso } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { centsToUsd } from '../trade/trade.math.ts';
import { listAssetRows, lockMember } from '../trade/trade.repo.ts';
import {
  countLiveRecurringBuys,
  insertRecurringBuy,
  listOwnRecurringBuys,
  listRunsOf,
  lockOwnRecurringBuy,
  type RecurringBuyRow,
  type RecurringRunRow,
  updateRecurringBuy,
} from './recurring.repo.ts';
import { dueAtOf, firstPeriodFrom } from './recurring.schedule.ts';

export interface RecurringDeps {
  db: Database;
  clock: { now(): Date };
}

/** Buys a member may have at once (active or paused). */
export const MAX_RECURRING_BUYS = 20;
/** Runs each buy lists (newest first). */
const RUNS_LISTED = 60;
/** A start this far in the past is read as "now" (a form's clock a little behind); further back is refused. */
const START_SLACK_MS = 5 * 60_000;
const MAX_AHEAD_MS = 366 * 86_400_000;

const bad = (m: ReturnType<typeof tr>) => new AppError('BAD_INPUT', m);
const NOT_FOUND = () => new AppError('NOT_FOUND', tr('recurring.notFound', 'No such recurring buy.'));

function runOut(r: RecurringRunRow, scale: number, locale: TLocale) {
  return {
    period: r.period,
    dueAt: iso(r.due_at),
    status: r.status,
    reasonCode: r.reason_code,
    reason: r.reason ? renderIn(locale, r.reason) : null,
    tradeId: r.trade_id,
    amount: r.to_amount === null ? null : formatScaled(r.to_amount, scale),
    createdAt: iso(r.created_at),
  };
}

/** Units as a decimal string of the asset's scale ("994000" at 8 → "0.00994000"). */
function formatScaled(units: string, scale: number): string {
  const s = units.padStart(scale + 1, '0');
  return scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

function buyOut(b: RecurringBuyRow, runs: RecurringRunRow[], scale: number, now: Date, locale: TLocale): TRecurringBuy {
  const start = new Date(b.start_at);
  const next =
    b.status === 'paused'
      ? dueAtOf(start, b.every, Math.max(b.next_period, firstPeriodFrom(start, b.every, now)))
      : b.next_due_at;
  return {
    id: b.id,
    asset: b.asset,
    amountUsd: centsToUsd(BigInt(b.amount_cents)),
    every: b.every,
    startAt: iso(b.start_at),
    status: b.status === 'paused' ? 'paused' : 'active',
    nextDueAt: iso(next),
    createdAt: iso(b.created_at),
    runs: runs.slice(0, RUNS_LISTED).map((r) => runOut(r, scale, locale)),
  };
}

/** recurringBuy.create: checked against the coin's listing and trade bounds; the first period at `startAt`. */
export async function createRecurringBuy(
  deps: RecurringDeps,
  user: Viewer,
  input: TRecurringBuyCreateInput,
  locale: TLocale = 'en',
): Promise<TRecurringBuy> {
  const now = deps.clock.now();
  const asset = (await listAssetRows(deps.db)).find((a) => a.code === input.asset);
  if (!asset || asset.code === 'USD' || !asset.tradable || !asset.coin_id)
    throw new AppError(
      'NOT_FOUND',
      tr('recurring.unknownCoin', 'No coin {symbol} is traded here.', { symbol: input.asset }),
    );
  const parsed = parseUnits(input.amountUsd, 2, { positive: true });
  if (!parsed.ok) throw bad(tr('recurring.badAmount', 'Amount: {why}', { why: formatEnglish(parsed.message) }));
  const cents = parsed.value;
  if (cents < BigInt(asset.min_usd_cents) || cents > BigInt(asset.max_usd_cents))
    throw bad(
      tr('recurring.outOfBounds', 'A recurring buy of {symbol} must be between ${min} and ${max}.', {
        symbol: asset.code,
        min: centsToUsd(BigInt(asset.min_usd_cents)),
        max: centsToUsd(BigInt(asset.max_usd_cents)),
      }),
    );
  let start = input.startAt ? new Date(input.startAt) : now;
  if (start.getTime() < now.getTime() - START_SLACK_MS)
    throw bad(tr('recurring.startInPast', 'The start must not be in the past.'));
  if (start.getTime() > now.getTime() + MAX_AHEAD_MS)
    throw bad(tr('recurring.startTooFar', 'The start must be within a year from now.'));
  if (start < now) start = now;
  const row = await deps.db.transaction().execute(async (trx) => {
    // The member's row serialises their creates, so the cap holds under concurrency.
    await lockMember(trx, user.id);
    if ((await countLiveRecurringBuys(trx, user.id)) >= MAX_RECURRING_BUYS)
      throw new AppError(
        'INVALID_STATE',
        tr('recurring.tooMany', 'You can have at most {max} recurring buys; delete one first.', {
          max: MAX_RECURRING_BUYS,
        }),
      );
    const created = await insertRecurringBuy(trx, {
      id: randomUUID(),
      user_id: user.id,
      asset: asset.code,
      amount_cents: String(cents),
      every: input.every,
      start_at: start,
      next_due_at: start,
      not_before: start,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(trx, {
      actorId: user.id,
      action: 'recurring_buy.create',
      entityType: 'recurring_buy',
      entityId: created.id,
      before: null,
      after: { asset: created.asset, amountUsd: centsToUsd(cents), every: created.every, startAt: iso(start) },
    });
    return created;
  });
  return buyOut(row, [], asset.scale, now, locale);
}

/** recurringBuy.list: the member's recurring buys (not deleted), newest first, each with its runs. */
export async function listRecurringBuys(
  deps: RecurringDeps,
  user: Viewer,
  locale: TLocale = 'en',
): Promise<TRecurringBuyList> {
  const now = deps.clock.now();
  const [buys, assets] = await Promise.all([listOwnRecurringBuys(deps.db, user.id), listAssetRows(deps.db)]);
  const runs = await listRunsOf(
    deps.db,
    buys.map((b) => b.id),
  );
  const scale = new Map(assets.map((a) => [a.code, a.scale]));
  return {
    items: buys.map((b) =>
      buyOut(
        b,
        runs.filter((r) => r.recurring_buy_id === b.id),
        scale.get(b.asset) ?? 8,
        now,
        locale,
      ),
    ),
  };
}

/** Pause, resume or delete, under the buy's row lock (the runner takes it before deciding a period). */
async function change(
  deps: RecurringDeps,
  user: Viewer,
  id: string,
  action: 'pause' | 'resume' | 'delete',
  locale: TLocale,
): Promise<TRecurringBuy | { id: string; deleted: true }> {
  const now = deps.clock.now();
  const out = await deps.db.transaction().execute(async (trx) => {
    const before = await lockOwnRecurringBuy(trx, user.id, id);
    if (!before) throw NOT_FOUND();
    let after: RecurringBuyRow;
    if (action === 'pause') {
      if (before.status === 'paused') return before;
      after = await updateRecurringBuy(trx, id, { status: 'paused' }, now);
    } else if (action === 'resume') {
      if (before.status === 'active') return before;
      // Periods that fell due while paused are not bought: the next one is the first due from now on.
      const start = new Date(before.start_at);
      const next = Math.max(before.next_period, firstPeriodFrom(start, before.every, now));
      after = await updateRecurringBuy(
        trx,
        id,
        { status: 'active', next_period: next, next_due_at: dueAtOf(start, before.every, next), not_before: now },
        now,
      );
    } else {
      after = await updateRecurringBuy(trx, id, { status: 'deleted' }, now);
    }
    await recordAudit(trx, {
      actorId: user.id,
      action: `recurring_buy.${action}`,
      entityType: 'recurring_buy',
      entityId: id,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
  if (out.status === 'deleted') return { id, deleted: true };
  const assets = await listAssetRows(deps.db);
  const runs = await listRunsOf(deps.db, [id]);
  return buyOut(out, runs, assets.find((a) => a.code === out.asset)?.scale ?? 8, now, locale);
}

export const pauseRecurringBuy = (deps: RecurringDeps, user: Viewer, id: string, locale: TLocale = 'en') =>
  change(deps, user, id, 'pause', locale) as Promise<TRecurringBuy>;
export const resumeRecurringBuy = (deps: RecurringDeps, user: Viewer, id: string, locale: TLocale = 'en') =>
  change(deps, user, id, 'resume', locale) as Promise<TRecurringBuy>;
export const deleteRecurringBuy = (deps: RecurringDeps, user: Viewer, id: string) =>
  change(deps, user, id, 'delete', 'en') as Promise<{ id: string; deleted: true }>;
