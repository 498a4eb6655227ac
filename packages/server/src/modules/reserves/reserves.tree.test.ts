import { describe, expect, it } from 'vitest';
import { addSums, sumsJson, verifyLiabilityProof, type TReservesProof, type TSums } from '@vestora/contract';
import { buildTree, sha256Hex, siblingsOf } from './reserves.tree.ts';

const proofOf = (t: ReturnType<typeof buildTree>, userId: string): TReservesProof => {
  const leaf = t.leaves.find((l) => l.userId === userId)!;
  const root = t.levels[t.levels.length - 1]![0]!;
  return {
    month: '2026-11',
    root,
    leaf: { hash: leaf.hash, sums: leaf.sums, leafId: leaf.leafId, salt: leaf.salt },
    path: siblingsOf(leaf.position, t.leaves.length).map((s) => ({ ...t.levels[s.level]![s.position]!, side: s.side })),
  };
};

describe('the Merkle-sum tree of members’ balances', () => {
  it('the README’s worked example: hashes as written', () => {
    const leaf = sha256Hex('s1:l1:{"BTC":"0.60000000","USD":"12.50"}');
    expect(leaf).toBe(sha256Hex(`s1:l1:${sumsJson({ USD: '12.50', BTC: '0.60000000' })}`));
    expect(addSums({ BTC: '0.60000000', USD: '12.50' }, { BTC: '0.00000001', USD: '0.75' })).toEqual({
      BTC: '0.60000001',
      USD: '13.25',
    });
    expect(addSums({ BTC: '1.0' }, { BTC: '1.00' })).toBeNull();
    expect(addSums({ BTC: '1.00' }, { USD: '1.00' })).toBeNull();
  });

  it('every member of trees of 1 to 13 leaves verifies; the root sums are the total', async () => {
    for (let n = 1; n <= 13; n++) {
      const inputs = Array.from({ length: n }, (_, i) => ({
        userId: `u${i}`,
        sums: { BTC: `0.${String(i + 1).padStart(8, '0')}`, USD: `${i}.05` },
      }));
      const t = buildTree(inputs);
      const root = t.levels[t.levels.length - 1]!;
      expect(root).toHaveLength(1);
      const total = inputs.reduce<TSums>((s, l) => addSums(s, l.sums)!, { BTC: '0.00000000', USD: '0.00' });
      expect(root[0]!.sums).toEqual(total);
      for (const i of inputs) {
        const p = proofOf(t, i.userId);
        // An odd node carried up has no step at that level: never more steps than levels.
        expect(p.path.length).toBeLessThanOrEqual(t.levels.length - 1);
        expect(await verifyLiabilityProof(p, sha256Hex)).toEqual({ ok: true, steps: p.path.length });
      }
    }
  });

  it('fresh leafIds and salts per build: the same balances give another root', () => {
    const inputs = [{ userId: 'a', sums: { USD: '1.00' } }];
    expect(buildTree(inputs).levels[0]![0]!.hash).not.toBe(buildTree(inputs).levels[0]![0]!.hash);
  });
});
