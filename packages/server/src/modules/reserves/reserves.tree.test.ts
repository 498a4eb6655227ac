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

describe('the README’s worked example', () => {
  it('three members: a and b paired, c carried up; a’s proof verifies', async () => {
    const a = { salt: 'c0ffee01', leafId: 'leaf-a', sums: { BTC: '0.60000000', USD: '12.50' } };
    const b = { sums: { BTC: '0.00000000', USD: '100.00' } };
    const c = { sums: { BTC: '0.25000000', USD: '0.00' } };
    const hashA = sha256Hex(`c0ffee01:leaf-a:${sumsJson(a.sums)}`);
    const hashB = sha256Hex(`c0ffee02:leaf-b:${sumsJson(b.sums)}`);
    const hashC = sha256Hex(`c0ffee03:leaf-c:${sumsJson(c.sums)}`);
    expect(hashA).toBe('ac4784e8530db13995f41855c16e97b258a93ba431e5f2182d55d5aa3c03143d');
    expect(hashB).toBe('6dc0512fdc40f17b11e159a5cf62bbbf688cab979e3d673f9355b6a20c2f54d9');
    expect(hashC).toBe('26db1aadcf65c3383effb107d45cec5d46faa55a58abeee69e33a59c8eae1f13');
    const ab = sha256Hex(`${hashA}${hashB}{"BTC":"0.60000000","USD":"112.50"}`);
    expect(ab).toBe('7528764a90ffa43bc35c2ced8510eb8cdcb612cb3332a7649abe78b9e7a54431');
    const root = '6dd374b392c18785a00c4c28065959bb84d2809dd6378f1ae7a8fe00f50795e6';
    expect(sha256Hex(`${ab}${hashC}{"BTC":"0.85000000","USD":"112.50"}`)).toBe(root);
    const proof: TReservesProof = {
      month: '2026-11',
      root: { hash: root, sums: { BTC: '0.85000000', USD: '112.50' } },
      leaf: { hash: hashA, ...a },
      path: [
        { hash: hashB, sums: b.sums, side: 'right' },
        { hash: hashC, sums: c.sums, side: 'right' },
      ],
    };
    expect(await verifyLiabilityProof(proof, sha256Hex)).toEqual({ ok: true, steps: 2 });
    // Siblings in the real tree land where the README says: leaf 0 of 3 has b on its right, then c.
    expect(siblingsOf(0, 3)).toEqual([
      { level: 0, position: 1, side: 'right' },
      { level: 1, position: 1, side: 'right' },
    ]);
    expect(siblingsOf(2, 3)).toEqual([{ level: 1, position: 0, side: 'left' }]);
  });
});
