import { centsToDollars, formatUnits, type TLedgerEntry, tr } from '@vestora/contract';
import { AppError } from '../../lib/errors.ts';
import type { Database } from '../../db/create-db.ts';
import type { LedgerKind } from '../../db/schema.ts';
import { iso } from '../../lib/dates.ts';
import { DEFAULT_PAGE_SIZE, parseSeqCursor, toPage } from '../../lib/paging.ts';
import { scopeToViewer, type Viewer } from '../../lib/scope.ts';
import type { Clock } from '../../deps.ts';
import {
  type AssetCheck,
  checkLedgerInvariant,
  exactCents,
  findAsset,
  findRecordedLedgerCheck,
  type LedgerEntryView,
  listLedgerEntries,
  type PlatformSums,
  type RecordedLedgerCheck,
  recordLedgerCheck,
} from './ledger.repo.ts';

/** A ledger entry as the wire shows it: USD in signed dollars (legacy), every asset in exact decimal strings. */
export function toLedgerEntry(row: LedgerEntryView, scale: number): TLedgerEntry & { userEmail: string } {
  const usd = row.asset === 'USD';
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.user_email,
    asset: row.asset,
    kind: row.kind,
    amount: usd ? centsToDollars(exactCents(row.amount_units)) : null,
    balanceAfter: usd ? centsToDollars(exactCents(row.balance_after_units)) : null,
    amountUnits: formatUnits(BigInt(row.amount_units), scale),
    balanceAfterUnits: formatUnits(BigInt(row.balance_after_units), scale),
    refType: row.ref_type,
    refId: row.ref_id,
    actorId: row.actor_id,
    memo: row.memo,
    createdAt: iso(row.created_at),
    withdrawalPaidAt: row.withdrawal_paid_at ? iso(row.withdrawal_paid_at) : null,
  };
}

/** Ledger page: a user sees their own entries (naming someone else is FORBIDDEN), an admin everyone's. */
export async function listLedgerFor(
  db: Database,
  viewer: Viewer,
  input: {
    cursor?: string | undefined;
    limit?: number | undefined;
    kind?: LedgerKind | undefined;
    userId?: string | undefined;
    asset?: string | undefined;
  },
) {
  const userId = scopeToViewer(
    viewer,
    input.userId,
    tr('scope.ownLedger', 'You can only see your own ledger entries.'),
  );
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const asset = await findAsset(db, input.asset ?? 'USD');
  if (!asset) throw new AppError('BAD_INPUT', tr('ledger.unknownAsset', 'asset: No such asset is listed.'));
  const rows = await listLedgerEntries(db, {
    userId,
    kind: input.kind,
    asset: asset.code,
    beforeSeq: parseSeqCursor(input.cursor),
    limit,
  });
  return toPage(rows, limit, (r) => toLedgerEntry(r, asset.scale));
}

export interface LedgerVerifyResult {
  ok: boolean;
  /** Every asset's journal: accounts equal to their postings, movements summing to zero, books summing to zero. */
  assets: AssetCheck[];
  checkedUsers: number;
  /** Every mismatching user counted; `mismatches` lists the first 1,000 by id. */
  mismatchCount: number;
  mismatches: { userId: string; balance: number; ledgerSum: number }[];
  /** Money held (balances + open principal + pending withdrawals + open orders) = money in and paid by the platform. */
  platform: { ok: boolean; difference: number };
}

/**
 * Whether the members' held and invested accounts stand for exactly their withdrawals, positions and open limit
 * orders (#31: dollars and every coin).
 */
export function holdsMatchFlows(s: PlatformSums): boolean {
  return (
    s.investedAccounts === s.openPrincipal &&
    s.heldAccounts === s.heldForWithdrawals &&
    s.orderHoldAccounts === s.heldForOrders &&
    s.orderHoldMismatches === 0
  );
}

/** Held − sourced, in cents: 0 when every cent is accounted for. */
export function platformDifferenceCents(s: PlatformSums): number {
  const held = s.balances + s.openPrincipal + s.heldForWithdrawals + s.heldForOrders;
  const sourced =
    s.confirmedDeposits - s.paidWithdrawals + s.interestPaid + s.referralRewardsPaid + s.adjustments + s.tradedDollars;
  return held - sourced;
}

/** Checks balance = sum of ledger entries for every user; dollars on the way out. */
export async function verifyLedger(db: Database): Promise<LedgerVerifyResult> {
  return (await verifyLedgerInCents(db)).result;
}

/** verifyLedger, and the platform's difference in cents as the check found it (for the record). */
async function verifyLedgerInCents(db: Database): Promise<{ result: LedgerVerifyResult; differenceCents: number }> {
  const check = await checkLedgerInvariant(db);
  const difference = platformDifferenceCents(check.platform);
  const assetsOk = check.assets.every(
    (a) => a.accountMismatches === 0 && a.unbalancedMovements === 0 && a.total === '0',
  );
  const result = {
    ok: check.mismatchCount === 0 && assetsOk,
    assets: check.assets,
    platform: { ok: difference === 0 && holdsMatchFlows(check.platform), difference: centsToDollars(difference) },
    checkedUsers: check.checkedUsers,
    mismatchCount: check.mismatchCount,
    mismatches: check.mismatches.map((m) => ({
      userId: m.userId,
      balance: centsToDollars(m.balanceCents),
      ledgerSum: centsToDollars(m.ledgerSumCents),
    })),
  };
  return { result, differenceCents: difference };
}

/** ledger.verify: the full check (users and platform), recorded with the time it started for the overview. */
export async function runLedgerCheck(deps: { db: Database; clock: Clock }): Promise<LedgerVerifyResult> {
  const at = deps.clock.now();
  const { result, differenceCents } = await verifyLedgerInCents(deps.db);
  await recordLedgerCheck(deps.db, {
    at: at.toISOString(),
    ok: result.ok,
    mismatchCount: result.mismatchCount,
    checkedUsers: result.checkedUsers,
    platformDifferenceCents: differenceCents,
  });
  return result;
}

/** A recorded full check older than this is re-run (in the background) when the overview is loaded. */
export const LEDGER_CHECK_MAX_AGE_MS = 5 * 60_000;

/** One background re-check at a time per database (several overview loads share it). */
const refreshing = new WeakMap<Database, Promise<unknown>>();

/**
 * The last full ledger check, for pages that load often (the admin overview): the recorded one, re-run in
 * the background once it is older than LEDGER_CHECK_MAX_AGE_MS (this answer still shows the old one, with
 * its time); run now only when none was ever recorded. Reading every ledger entry on each load is what
 * made the overview slow at a million entries.
 */
export async function lastLedgerCheck(deps: { db: Database; clock: Clock }): Promise<RecordedLedgerCheck> {
  const recorded = await findRecordedLedgerCheck(deps.db);
  if (!recorded) {
    await runLedgerCheck(deps);
    return (await findRecordedLedgerCheck(deps.db))!;
  }
  const age = deps.clock.now().getTime() - Date.parse(recorded.at);
  if (age >= LEDGER_CHECK_MAX_AGE_MS && !refreshing.has(deps.db)) {
    const run = runLedgerCheck(deps)
      // A failed background check (database busy or closing) is tried again on a later load.
      .catch(() => undefined)
      .finally(() => refreshing.delete(deps.db));
    refreshing.set(deps.db, run);
  }
  return recorded;
}
