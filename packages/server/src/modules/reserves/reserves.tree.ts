// The month's Merkle-sum tree of members' balances (#32), built from the leaves; the construction is written once
// in the contract (reserves.ts: sumsJson, leafPreimage, nodePreimage, addSums), which the proof check reads too.
import { createHash, randomBytes } from 'node:crypto';
import { addSums, leafPreimage, nodePreimage, type TSums } from '@vestora/contract';

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** One node: its hash and the sums under it. */
export interface TreeNode {
  hash: string;
  sums: TSums;
}

/** A member's leaf before hashing. */
export interface LeafInput {
  userId: string;
  sums: TSums;
}

/** A built leaf: whose, where, and its secrets. */
export interface BuiltLeaf extends TreeNode {
  userId: string;
  position: number;
  leafId: string;
  salt: string;
}

/**
 * Builds the tree: every leaf gets a fresh random leafId (16 bytes) and salt (32 bytes), hex; leaves are ordered
 * by leafId (random, so a position says nothing about who or when someone signed up). levels[0] are the leaves,
 * the last level holds the root. An odd last node of a level is carried up unchanged.
 */
export function buildTree(inputs: LeafInput[]): { leaves: BuiltLeaf[]; levels: TreeNode[][] } {
  if (inputs.length === 0) throw new Error('a tree needs one leaf at least');
  const leaves = inputs
    .map((l) => ({ ...l, leafId: randomBytes(16).toString('hex'), salt: randomBytes(32).toString('hex') }))
    .sort((a, b) => (a.leafId < b.leafId ? -1 : 1))
    .map((l, position) => ({ ...l, position, hash: sha256Hex(leafPreimage(l.salt, l.leafId, l.sums)) }));
  const levels: TreeNode[][] = [leaves.map((l) => ({ hash: l.hash, sums: l.sums }))];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const up: TreeNode[] = [];
    for (let i = 0; i < below.length; i += 2) {
      const left = below[i]!;
      const right = below[i + 1];
      if (!right) {
        up.push(left);
        continue;
      }
      const sums = addSums(left.sums, right.sums);
      if (!sums) throw new Error('leaves with different assets cannot be added');
      up.push({ hash: sha256Hex(nodePreimage(left.hash, right.hash, sums)), sums });
    }
    levels.push(up);
  }
  return { leaves, levels };
}

/** The (level, position) of each sibling on the way up from leaf `position` of a tree of `leafCount` leaves. */
export function siblingsOf(
  position: number,
  leafCount: number,
): { level: number; position: number; side: 'left' | 'right' }[] {
  const out: { level: number; position: number; side: 'left' | 'right' }[] = [];
  let p = position;
  let width = leafCount;
  for (let level = 0; width > 1; level++) {
    const sibling = p ^ 1;
    if (sibling < width) out.push({ level, position: sibling, side: sibling < p ? 'left' : 'right' });
    p >>= 1;
    width = Math.ceil(width / 2);
  }
  return out;
}
