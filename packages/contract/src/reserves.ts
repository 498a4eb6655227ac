// Reserves in the open (#32): what members hold against what backs it, and the month's Merkle-sum tree of members'
// balances with which a member proves their balance was counted. The proof check lives here, once, for the
// server's tests, the command line (`pnpm cli reserves:verify`) and the browser (Web Crypto): it needs nothing but
// SHA-256, which the caller passes in.
//
// The construction:
//   sums        the JSON of the balances under a node: an object, asset codes sorted, each amount a decimal string
//               at the asset's full scale, no spaces: {"BTC":"0.60000000","USD":"12.50"}. Every leaf carries every
//               asset (zeros included), so every node's sums have the same keys.
//   leaf        hash = SHA-256(salt + ":" + leafId + ":" + sums), hex (lower case); leafId and salt are random,
//               per member and month, and shown only to that member.
//   node        hash = SHA-256(left.hash + right.hash + sums), its sums the sum of its children's.
//   odd node    the last node of a level without a partner is carried up to the next level unchanged (its hash
//               and sums as they are): no padding leaf is made up, and a proof has no step for that level.
//   proof       the leaf, then for each level its sibling's hash and sums and on which side the sibling is
//               (`left`: SHA-256(sibling.hash + current.hash + sums)); the last result is the published root.
import { z } from 'zod';
import { say } from './common.ts';
import { type Msg, tr } from './i18n.ts';

/** Balances per asset code, decimal strings at each asset's full scale. */
export const ZSums = z.record(z.string(), z.string());
export type TSums = z.infer<typeof ZSums>;

/** Where a figure of the reserves comes from. */
export const ZReserveSource = z.enum(['chain', 'bank_statement', 'declared']);
export type TReserveSource = z.infer<typeof ZReserveSource>;

/** One asset's figures: decimal strings at the asset's scale. */
export const ZReserveAsset = z.object({
  asset: z.string(),
  scale: z.number().int(),
  /** What members hold: available, set aside for withdrawals not yet paid and for open orders, invested. */
  liabilities: z.string(),
  /** What the platform's treasury holds of it (its own, not members'). */
  treasury: z.string(),
  /** What backs it; null until known (no statement imported, nothing declared). */
  reserves: z.string().nullable(),
  source: ZReserveSource,
  /** When the reserves figure was read (the chain), dated (the statement) or declared. */
  asOf: z.string().nullable(),
  /** reserves ÷ liabilities, 4 decimals, rounded down; null without reserves or liabilities. */
  ratio: z.string().nullable(),
  /** BTC: the confirmed balance of each of our addresses, to check in any block explorer. */
  addresses: z.array(z.object({ address: z.string(), amount: z.string() })).optional(),
});
export type TReserveAsset = z.infer<typeof ZReserveAsset>;

/** A closed month's figures (written once, when the month closed). */
export const ZReserveMonth = z.object({
  month: z.string(),
  takenAt: z.string(),
  assets: z.array(
    z.object({
      asset: z.string(),
      liabilities: z.string(),
      treasury: z.string(),
      reserves: z.string().nullable(),
      source: ZReserveSource,
      ratio: z.string().nullable(),
    }),
  ),
});
export type TReserveMonth = z.infer<typeof ZReserveMonth>;

/** The root of a month's Merkle-sum tree of members' balances. */
export const ZLiabilityRoot = z.object({
  month: z.string(),
  hash: z.string(),
  sums: ZSums,
  leafCount: z.number().int(),
  builtAt: z.string(),
});
export type TLiabilityRoot = z.infer<typeof ZLiabilityRoot>;

/** reserves.summary() (public). */
export const ZReservesSummary = z.object({
  assets: z.array(ZReserveAsset),
  /** Closed months, newest first. */
  history: z.array(ZReserveMonth),
  /** The latest published tree's root; null before the first. */
  root: ZLiabilityRoot.nullable(),
});
export type TReservesSummary = z.infer<typeof ZReservesSummary>;

const ZHash = z.string().regex(/^[0-9a-f]{64}$/);
/** reserves.proof() (a member): their leaf of the month's tree and the path to its root. */
export const ZReservesProof = z.object({
  month: z.string(),
  root: z.object({ hash: ZHash, sums: ZSums }),
  leaf: z.object({ hash: ZHash, sums: ZSums, leafId: z.string(), salt: z.string() }),
  path: z.array(z.object({ hash: ZHash, sums: ZSums, side: z.enum(['left', 'right']) })),
});
export type TReservesProof = z.infer<typeof ZReservesProof>;

/**
 * reserves.myProof() (a member, for Settings): the latest published month and the member's proof in it, each null
 * when there is none yet (no month published, or the account opened after it), so the page asks without a 404.
 */
export const ZReservesMyProof = z.object({ month: z.string().nullable(), proof: ZReservesProof.nullable() });
export type TReservesMyProof = z.infer<typeof ZReservesMyProof>;

/** A month as YYYY-MM. */
export const ZMonthKey = z.string().regex(
  /^\d{4}-(0[1-9]|1[0-2])$/,
  say(() => tr('validation.month', 'Give a month as YYYY-MM, e.g. 2026-11.')),
);
/** reserves.proof: the latest published month unless one is named. */
export const ZReservesProofInput = z.strictObject({ month: ZMonthKey.optional() }).optional();

/** reserves.declare (admin): what the operator holds of an asset the server cannot read itself. */
export const ZReservesDeclareInput = z.strictObject({
  asset: z.string().trim().min(1).max(12),
  /** A decimal string at the asset's scale, 0 or more. */
  amount: z.string().trim().min(1).max(90),
  note: z.string().trim().max(500).optional(),
});
export type TReservesDeclareInput = z.infer<typeof ZReservesDeclareInput>;

/** reserves.publish (admin): the last closed month, published now unless it was. */
export const ZReservesPublishResult = z.object({ month: z.string(), published: z.boolean(), root: ZLiabilityRoot });
export type TReservesPublishResult = z.infer<typeof ZReservesPublishResult>;

/** The canonical JSON of sums: asset codes sorted, no spaces (what every hash covers). */
export function sumsJson(sums: TSums): string {
  const sorted: TSums = {};
  for (const k of Object.keys(sums).sort()) sorted[k] = sums[k]!;
  return JSON.stringify(sorted);
}

/** What a leaf's hash covers. */
export const leafPreimage = (salt: string, leafId: string, sums: TSums) => `${salt}:${leafId}:${sumsJson(sums)}`;
/** What a node's hash covers. */
export const nodePreimage = (left: string, right: string, sums: TSums) => `${left}${right}${sumsJson(sums)}`;

const AMOUNT = /^(\d+)(?:\.(\d+))?$/;

/** The sum of two nodes' sums (same assets, same decimals each), or null when they do not add up. */
export function addSums(a: TSums, b: TSums): TSums | null {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return null;
  const out: TSums = {};
  for (const k of ka) {
    const x = AMOUNT.exec(a[k]!);
    const y = AMOUNT.exec(b[k]!);
    if (!x || !y || (x[2] ?? '').length !== (y[2] ?? '').length) return null;
    const places = (x[2] ?? '').length;
    const total = BigInt(x[1]! + (x[2] ?? '')) + BigInt(y[1]! + (y[2] ?? ''));
    const digits = total.toString().padStart(places + 1, '0');
    out[k] = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  }
  return out;
}

/** Why a proof does not hold. */
export type ProofFailure =
  | { reason: 'leaf_hash' }
  | { reason: 'sums'; step: number }
  | { reason: 'root_sums' }
  | { reason: 'root_hash' };
export type ProofCheck = { ok: true; steps: number } | ({ ok: false } & ProofFailure);

/** SHA-256 of a UTF-8 string, hex (node:crypto on the server, Web Crypto in the browser). */
export type Sha256Hex = (text: string) => Promise<string> | string;

/**
 * Checks a proof with nothing but SHA-256: the leaf's hash from its salt, leafId and sums, each step up the path,
 * and that the last node is the root, its hash and its sums.
 */
export async function verifyLiabilityProof(proof: TReservesProof, sha256: Sha256Hex): Promise<ProofCheck> {
  if ((await sha256(leafPreimage(proof.leaf.salt, proof.leaf.leafId, proof.leaf.sums))) !== proof.leaf.hash) {
    return { ok: false, reason: 'leaf_hash' };
  }
  let hash = proof.leaf.hash;
  let sums = proof.leaf.sums;
  for (const [i, step] of proof.path.entries()) {
    const next = addSums(sums, step.sums);
    if (!next) return { ok: false, reason: 'sums', step: i + 1 };
    hash = await sha256(
      step.side === 'left' ? nodePreimage(step.hash, hash, next) : nodePreimage(hash, step.hash, next),
    );
    sums = next;
  }
  if (sumsJson(sums) !== sumsJson(proof.root.sums)) return { ok: false, reason: 'root_sums' };
  if (hash !== proof.root.hash) return { ok: false, reason: 'root_hash' };
  return { ok: true, steps: proof.path.length };
}

/** What a check's result says, in the reader's language. */
export function proofCheckText(c: ProofCheck): Msg {
  if (c.ok) {
    return tr(
      'reserves.verify.ok',
      'OK: your balance is in the published tree ({steps} steps up to the root, every hash and every sum checked).',
      { steps: c.steps },
    );
  }
  switch (c.reason) {
    case 'leaf_hash':
      return tr(
        'reserves.verify.leafHash',
        'Failed: the leaf hash is not SHA-256 of salt:leafId:sums (the balances, the salt or the leafId were changed).',
      );
    case 'sums':
      return tr(
        'reserves.verify.sums',
        'Failed at step {step}: the sibling’s sums do not have the same assets and decimals as the node’s.',
        { step: c.step },
      );
    case 'root_sums':
      return tr(
        'reserves.verify.rootSums',
        'Failed: the sums along the path do not add up to the published root’s sums.',
      );
    case 'root_hash':
      return tr('reserves.verify.rootHash', 'Failed: the path does not lead to the published root hash.');
  }
}
