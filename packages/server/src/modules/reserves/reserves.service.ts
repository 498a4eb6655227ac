// Reserves in the open (#32): per asset what members hold (liabilities), what the treasury holds and what backs
// them: BTC the confirmed balance of our addresses on chain, USD the closing balance of the last approved bank
// statement, any other coin what the operator declares. Each closed month is written down once (a snapshot row per
// asset) with the Merkle-sum tree of every member's balances, whose root is public and whose leaves are private.
import {
  formatUnits,
  parseUnits,
  sumsJson,
  tr,
  type TLiabilityRoot,
  type TReserveAsset,
  type TReserveMonth,
  type TReserveSource,
  type TReservesDeclareInput,
  type TReservesMyProof,
  type TReservesProof,
  type TReservesPublishResult,
  type TReservesSummary,
  type TSums,
} from '@vestora/contract';
import type { Selectable } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { LiabilityTreeTable } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { readWatcher } from '../bitcoin/bitcoin.repo.ts';
import { accountKeyOf } from '../bitcoin/bitcoin.service.ts';
import { confirmedBalances } from '../bitcoin/bitcoin.utxo.repo.ts';
import * as repo from './reserves.repo.ts';
import { buildTree, siblingsOf } from './reserves.tree.ts';

export type ReservesDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;
type Exec = Parameters<typeof repo.listAssets>[0];

/** Closed months the history shows. */
const HISTORY_MONTHS = 24;

/** The month before the one `now` is in (UTC), as YYYY-MM: the last closed month. */
export function lastClosedMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** reserves ÷ liabilities with 4 decimals, rounded down (null without either). */
export function ratioOf(reserves: bigint | null, liabilities: bigint): string | null {
  if (reserves === null || liabilities <= 0n) return null;
  return formatUnits((reserves * 10_000n) / liabilities, 4);
}

/** What backs one asset now: its figure (smallest unit), its source and its date. */
interface Backing {
  units: bigint | null;
  source: TReserveSource;
  asOf: Date | string | null;
  addresses?: { address: string; sats: bigint }[];
}

/** Every asset's backing, read now. */
async function backings(db: Exec, deps: ReservesDeps, codes: string[]): Promise<Map<string, Backing>> {
  const out = new Map<string, Backing>();
  const declared = new Map((await repo.listDeclarations(db)).map((d) => [d.asset, d]));
  const onChain = accountKeyOf(deps.config) !== null;
  for (const code of codes) {
    if (code === 'BTC' && onChain) {
      const [balances, watcher] = await Promise.all([confirmedBalances(db), readWatcher(db)]);
      const addresses = balances.map((b) => ({ address: b.address, sats: BigInt(b.sats) }));
      out.set(code, {
        units: addresses.reduce((s, a) => s + a.sats, 0n),
        source: 'chain',
        asOf: watcher.checked_at,
        addresses,
      });
    } else if (code === 'USD') {
      const st = await repo.lastDollarStatement(db);
      out.set(code, {
        units: st ? BigInt(st.closing_cents) : null,
        source: 'bank_statement',
        asOf: st ? (st.to_date ?? st.approved_at) : null,
      });
    } else {
      const d = declared.get(code);
      out.set(code, { units: d ? BigInt(d.amount) : null, source: 'declared', asOf: d?.declared_at ?? null });
    }
  }
  return out;
}

const dateOrNull = (v: Date | string | null): string | null =>
  v === null ? null : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : isoOrNull(v);

const rootOf = (t: Selectable<LiabilityTreeTable>): TLiabilityRoot => ({
  month: t.month,
  hash: t.root_hash,
  sums: JSON.parse(t.root_sums) as TSums,
  leafCount: t.leaf_count,
  builtAt: iso(t.built_at),
});

/** reserves.summary() (public): every figure comes from the data; nothing known says null. */
export async function reservesSummary(deps: ReservesDeps): Promise<TReservesSummary> {
  const { db } = deps;
  const [assets, totals, snapshots, tree] = await Promise.all([
    repo.listAssets(db),
    repo.liabilityTotals(db),
    repo.listSnapshots(db, HISTORY_MONTHS),
    repo.findTree(db),
  ]);
  const scale = new Map(assets.map((a) => [a.code, a.scale]));
  const back = await backings(
    db,
    deps,
    assets.map((a) => a.code),
  );
  const rows: TReserveAsset[] = totals.map((t) => {
    const s = scale.get(t.asset)!;
    const b = back.get(t.asset)!;
    const liabilities = BigInt(t.members);
    return {
      asset: t.asset,
      scale: s,
      liabilities: formatUnits(liabilities, s),
      treasury: formatUnits(BigInt(t.treasury), s),
      reserves: b.units === null ? null : formatUnits(b.units, s),
      source: b.source,
      asOf: dateOrNull(b.asOf),
      ratio: ratioOf(b.units, liabilities),
      ...(b.addresses
        ? { addresses: b.addresses.map((a) => ({ address: a.address, amount: formatUnits(a.sats, s) })) }
        : {}),
    };
  });
  const months = new Map<string, TReserveMonth>();
  for (const r of snapshots) {
    const s = scale.get(r.asset) ?? 0;
    let m = months.get(r.month);
    if (!m) months.set(r.month, (m = { month: r.month, takenAt: iso(r.taken_at), assets: [] }));
    const reserves = r.reserves === null ? null : BigInt(r.reserves);
    m.assets.push({
      asset: r.asset,
      liabilities: formatUnits(BigInt(r.liabilities), s),
      treasury: formatUnits(BigInt(r.treasury), s),
      reserves: reserves === null ? null : formatUnits(reserves, s),
      source: r.source,
      ratio: ratioOf(reserves, BigInt(r.liabilities)),
    });
  }
  return { assets: rows, history: [...months.values()], root: tree ? rootOf(tree) : null };
}

/**
 * Publishes `month` (default: the last closed one) unless it was: the Merkle-sum tree of every user's balances
 * per asset and one snapshot row per asset, in one transaction on one snapshot of the journal (repeatable read),
 * so the root's sums are exactly the liabilities written beside them. The month's primary key makes it once.
 */
export async function publishMonth(
  deps: ReservesDeps,
  opts: { month?: string; actorId?: string | null } = {},
): Promise<TReservesPublishResult> {
  const now = deps.clock.now();
  const month = opts.month ?? lastClosedMonth(now);
  const existing = await repo.findTree(deps.db, month);
  if (existing) return { month, published: false, root: rootOf(existing) };
  const done = await deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const assets = await repo.listAssets(trx);
      const zero = Object.fromEntries(assets.map((a) => [a.code, 0n]));
      const byUser = new Map<string, Record<string, bigint>>();
      for (const r of await repo.memberBalances(trx)) {
        let u = byUser.get(r.user_id);
        if (!u) byUser.set(r.user_id, (u = { ...zero }));
        if (r.asset !== null && r.asset in u) u[r.asset]! += BigInt(r.balance);
      }
      if (byUser.size === 0) {
        throw new AppError('INVALID_STATE', tr('reserves.noMembers', 'There is nobody to publish balances of yet.'));
      }
      const sumsOf = (u: Record<string, bigint>): TSums =>
        Object.fromEntries(assets.map((a) => [a.code, formatUnits(u[a.code]!, a.scale)]));
      const { leaves, levels } = buildTree([...byUser].map(([userId, u]) => ({ userId, sums: sumsOf(u) })));
      const root = levels[levels.length - 1]![0]!;
      const inserted = await repo.insertTree(trx, {
        month,
        root_hash: root.hash,
        root_sums: sumsJson(root.sums),
        leaf_count: leaves.length,
        levels: levels.length,
        built_at: now,
      });
      if (!inserted) return null; // another instance published it meanwhile
      const nodes = levels.flatMap((lv, level) =>
        lv.map((n, position) => ({ month, level, position, hash: n.hash, sums: sumsJson(n.sums) })),
      );
      await repo.insertNodes(trx, nodes);
      await repo.insertLeaves(
        trx,
        leaves.map((l) => ({ month, user_id: l.userId, position: l.position, leaf_id: l.leafId, salt: l.salt })),
      );
      const totals = new Map((await repo.liabilityTotals(trx)).map((t) => [t.asset, t]));
      const back = await backings(
        trx,
        deps,
        assets.map((a) => a.code),
      );
      await repo.insertSnapshots(
        trx,
        assets.map((a) => {
          const b = back.get(a.code)!;
          const asOf = b.asOf === null ? null : new Date(b.asOf);
          return {
            month,
            asset: a.code,
            // The root's sums: the same snapshot as the members' accounts summed.
            liabilities: [...byUser.values()].reduce((s, u) => s + u[a.code]!, 0n).toString(),
            treasury: totals.get(a.code)?.treasury ?? '0',
            reserves: b.units === null ? null : b.units.toString(),
            source: b.source,
            reserves_as_of: asOf,
            taken_at: now,
          };
        }),
      );
      await recordAudit(trx, {
        actorId: opts.actorId ?? null,
        action: 'reserves.publish',
        entityType: 'reserves',
        entityId: null,
        before: null,
        after: { month, rootHash: root.hash, sums: root.sums, leaves: leaves.length },
      });
      return inserted;
    });
  const tree = done ?? (await repo.findTree(deps.db, month));
  if (!tree) throw new Error(`reserves: the tree of ${month} was neither written nor found`);
  return { month, published: done !== null, root: rootOf(tree) };
}

/** reserves.myProof() (a member): the latest month and their proof in it, null where there is none yet. */
export async function myProof(deps: ReservesDeps, viewer: Viewer): Promise<TReservesMyProof> {
  const tree = await repo.findTree(deps.db);
  if (!tree) return { month: null, proof: null };
  const leaf = await repo.findLeaf(deps.db, tree.month, viewer.id);
  if (!leaf) return { month: tree.month, proof: null };
  return { month: tree.month, proof: await proofFor(deps, viewer, tree.month) };
}

/** reserves.proof() (a member): their own leaf of the month's tree (latest by default) and the path to the root. */
export async function proofFor(deps: ReservesDeps, viewer: Viewer, month?: string): Promise<TReservesProof> {
  const tree = await repo.findTree(deps.db, month);
  if (!tree) {
    throw new AppError(
      'NOT_FOUND',
      month
        ? tr('reserves.noTreeFor', 'No balances were published for {month}.', { month })
        : tr('reserves.noTree', 'No month’s balances have been published yet.'),
    );
  }
  const leaf = await repo.findLeaf(deps.db, tree.month, viewer.id);
  if (!leaf) {
    throw new AppError(
      'NOT_FOUND',
      tr('reserves.noLeaf', 'Your account did not exist yet when the balances of {month} were published.', {
        month: tree.month,
      }),
    );
  }
  const steps = siblingsOf(leaf.position, tree.leaf_count);
  const nodes = await repo.findNodes(deps.db, tree.month, [{ level: 0, position: leaf.position }, ...steps]);
  const at = new Map(nodes.map((n) => [`${n.level}:${n.position}`, n]));
  const own = at.get(`0:${leaf.position}`)!;
  return {
    month: tree.month,
    root: { hash: tree.root_hash, sums: JSON.parse(tree.root_sums) as TSums },
    leaf: { hash: own.hash, sums: JSON.parse(own.sums) as TSums, leafId: leaf.leaf_id, salt: leaf.salt },
    path: steps.map((s) => {
      const n = at.get(`${s.level}:${s.position}`)!;
      return { hash: n.hash, sums: JSON.parse(n.sums) as TSums, side: s.side };
    }),
  };
}

/**
 * reserves.declare (admin): what the operator holds of a coin the server cannot read itself (audited; it moves no
 * money, so one administrator may). BTC (read from the chain) and USD (read from the bank statements) are refused.
 */
export async function declareReserves(
  deps: ReservesDeps,
  actor: Viewer,
  input: TReservesDeclareInput,
): Promise<TReservesSummary> {
  const asset = (await repo.listAssets(deps.db)).find((a) => a.code === input.asset.toUpperCase());
  if (!asset) {
    throw new AppError('NOT_FOUND', tr('trade.unknownAsset', 'No asset {symbol} is listed.', { symbol: input.asset }));
  }
  if (asset.code === 'USD' || (asset.code === 'BTC' && accountKeyOf(deps.config) !== null)) {
    throw new AppError(
      'BAD_INPUT',
      asset.code === 'USD'
        ? tr('reserves.declareUsd', 'Dollar reserves are read from the last approved bank statement, not declared.')
        : tr('reserves.declareBtc', 'Bitcoin reserves are read from the chain, not declared.'),
    );
  }
  const amount = parseUnits(input.amount, asset.scale);
  if (!amount.ok) throw new AppError('BAD_INPUT', amount.message);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await repo.upsertDeclaration(trx, {
      asset: asset.code,
      amount: amount.value.toString(),
      note: input.note ?? null,
      by: actor.id,
      at: now,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'reserves.declare',
      entityType: 'reserves',
      entityId: null,
      before: before
        ? { asset: asset.code, amount: formatUnits(BigInt(before.amount), asset.scale), note: before.note }
        : null,
      after: { asset: asset.code, amount: formatUnits(amount.value, asset.scale), note: input.note ?? null },
    });
  });
  return reservesSummary(deps);
}
