// The treasury (#30): the coins (and dollars) the platform trades from. It is funded only with what the operator
// really holds: by a proposal a second administrator approves (treasury.fund → approval.approve), or by a server
// operator on the command line (`pnpm cli treasury:fund`, audited). It grows with what members sell.
import {
  unitsToCents,
  formatUnits,
  parseUnits,
  tr,
  type TApprovalRef,
  type TTreasuryFundInput,
  type TTreasurySummary,
} from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { proposeIn, refuseProposer } from '../approval/approval.core.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { FlowEnv } from '../money/money.core.ts';
import { moveMoney, transfer } from '../money/money.move.ts';
import { centsToUsd, parsePrice, valueDownCents } from './trade.math.ts';
import { currentPrices } from './trade.prices.ts';
import { listAssetRows, revenueCents, treasuryRows } from './trade.repo.ts';
import type { TradeDeps } from './trade.service.ts';

/** treasury.summary (admin): per asset the treasury, what members hold, the treasury's value and the revenue. */
export async function treasurySummary(deps: TradeDeps): Promise<TTreasurySummary> {
  const [assets, rows, revenue, prices] = await Promise.all([
    listAssetRows(deps.db),
    treasuryRows(deps.db),
    revenueCents(deps.db),
    currentPrices(deps.market, deps.clock.now(), deps.config.TRADE_MAX_PRICE_AGE_S).catch(() => null),
  ]);
  const byCode = new Map(assets.map((a) => [a.code, a]));
  return {
    revenueUsd: centsToUsd(revenue),
    assets: rows.map((r) => {
      const a = byCode.get(r.asset)!;
      const held = BigInt(r.treasury);
      const lookup = a.coin_id && prices ? prices(a.coin_id, a.code) : null;
      const exposure =
        a.code === 'USD' ? held : lookup?.ok ? valueDownCents(held, a.scale, parsePrice(lookup.fresh.decimal)!) : null;
      return {
        asset: a.code,
        treasury: formatUnits(held, a.scale),
        membersHold: formatUnits(BigInt(r.members), a.scale),
        exposureUsd: exposure === null ? null : centsToUsd(exposure),
        exposureLimitUsd: centsToUsd(BigInt(a.exposure_limit_usd_cents)),
        revenueUsd: centsToUsd(BigInt(r.revenue)),
      };
    }),
  };
}

/** The asset and amount of a funding, checked against the asset's scale. */
async function fundingOf(db: Database | Transaction<DB>, asset: string, amount: string) {
  const a = (await listAssetRows(db)).find((x) => x.code === asset);
  if (!a) throw new AppError('NOT_FOUND', tr('trade.unknownAsset', 'No asset {symbol} is listed.', { symbol: asset }));
  const p = parseUnits(amount, a.scale, { positive: true });
  if (!p.ok) throw new AppError('BAD_INPUT', p.message);
  return { asset: a.code, scale: a.scale, units: p.value };
}

/** treasury.fund (admin): proposes funding the treasury; nothing moves until a second administrator approves. */
export async function proposeTreasuryFund(
  db: Database,
  actor: Viewer,
  input: TTreasuryFundInput,
  env: FlowEnv,
): Promise<TApprovalRef> {
  return db.transaction().execute(async (trx) => {
    const f = await fundingOf(trx, input.asset, input.amount);
    await refuseProposer(trx, actor.id, null, env);
    return proposeIn(trx, {
      kind: 'treasury_fund',
      payload: { asset: f.asset, amount: formatUnits(f.units, f.scale), units: String(f.units) },
      userId: null,
      amountCents: f.asset === 'USD' ? unitsToCents(f.units) : null,
      reason: input.reason,
      proposedBy: actor.id,
      now: env.now,
    });
  });
}

/**
 * Moves the funding onto the treasury, in the caller's transaction: dollars from the bank, coins from the chain
 * (what the operator holds there). `refId` is the approval, or a fresh id for the command line.
 */
export async function fundTreasuryIn(
  trx: Transaction<DB>,
  f: { asset: string; units: bigint },
  refId: string,
  actorId: string | null,
  reason: string,
  now: Date,
): Promise<void> {
  await moveMoney(trx, {
    asset: f.asset,
    kind: 'treasury_fund',
    legs: transfer({ kind: f.asset === 'USD' ? 'bank' : 'chain' }, { kind: 'treasury' }, f.units),
    ref: { type: 'treasury', id: refId },
    actorId,
    memo: reason,
    at: now,
  });
}

/** The approved proposal's effect (approval.service runs it through approveIn). */
export async function applyTreasuryFundIn(
  trx: Transaction<DB>,
  payload: Record<string, unknown>,
  approvalId: string,
  actorId: string,
  reason: string,
  now: Date,
) {
  await fundTreasuryIn(
    trx,
    { asset: String(payload.asset), units: BigInt(String(payload.units)) },
    approvalId,
    actorId,
    reason,
    now,
  );
}

/** `pnpm cli treasury:fund`: a server operator funds the treasury directly; audited `treasury.fund`. */
export async function fundTreasuryFromCli(
  db: Database,
  input: { asset: string; amount: string; reason: string; refId: string },
  now: Date,
): Promise<{ asset: string; treasury: string }> {
  return db.transaction().execute(async (trx) => {
    const f = await fundingOf(trx, input.asset.toUpperCase(), input.amount);
    await fundTreasuryIn(trx, f, input.refId, null, input.reason, now);
    await recordAudit(trx, {
      actorId: null,
      action: 'treasury.fund',
      entityType: 'treasury',
      entityId: input.refId,
      before: null,
      after: { asset: f.asset, amount: formatUnits(f.units, f.scale), reason: input.reason, by: 'command line' },
    });
    const row = (await treasuryRows(trx)).find((r) => r.asset === f.asset)!;
    return { asset: f.asset, treasury: formatUnits(BigInt(row.treasury), f.scale) };
  });
}
