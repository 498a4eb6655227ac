// #32: reserves in the open. The public summary's figures come from the data (the chain's confirmed outputs, the
// last approved bank statement, the operator's declarations); each closed month is published once with the
// Merkle-sum tree of every member's balances; a member's proof verifies against the published root with nothing
// but SHA-256, and any change to a balance, a sum or a sibling fails it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TReservesProof, verifyLiabilityProof } from '@vestora/contract';
import type { TestUser } from '../../src/test/factories.ts';
import { runReservesVerify } from '../../src/modules/reserves/reserves.cli.ts';
import { startReservesJob } from '../../src/modules/reserves/reserves.job.ts';
import { sha256Hex } from '../../src/modules/reserves/reserves.tree.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { DETAILS, failure, newKey } from '../money/money-helpers.ts';
import { type BitcoinRig, silentLog, startBitcoinRig } from '../bitcoin-helpers.ts';

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('reserves: summary, monthly tree and proofs', () => {
  let rig: BitcoinRig;
  let alice: TestUser;
  let bob: TestUser;
  const as = (u: TestUser | null) => callerAs(rig.t, u);
  const assetOf = async (code: string) => (await as(null).reserves.summary()).assets.find((a) => a.asset === code)!;

  beforeAll(async () => {
    rig = await startBitcoinRig();
    alice = await insertUser(rig.t.handle.db, { tier: 1, firstName: 'Alice' });
    bob = await insertUser(rig.t.handle.db, { tier: 1, firstName: 'Bob', balanceCents: 1_250 });
    await rig.w.tick();
  });
  afterAll(() => rig.close());

  it('before anything: every figure from the data, nothing invented', async () => {
    const s = await as(null).reserves.summary();
    expect(s.root).toBeNull();
    expect(s.history).toEqual([]);
    const usd = s.assets.find((a) => a.asset === 'USD')!;
    expect(usd).toMatchObject({
      liabilities: '12.50',
      reserves: null,
      source: 'bank_statement',
      asOf: null,
      ratio: null,
    });
    const btc = s.assets.find((a) => a.asset === 'BTC')!;
    expect(btc).toMatchObject({ liabilities: '0.00000000', reserves: '0.00000000', source: 'chain', addresses: [] });
    const eth = s.assets.find((a) => a.asset === 'ETH');
    expect(eth).toMatchObject({ source: 'declared', reserves: null, asOf: null });
  });

  it('BTC: liabilities are the members’ coins, reserves the confirmed balance of our addresses', async () => {
    const out = await rig.payTo(alice, 60_000_000);
    const tx = rig.chain.tx(out);
    rig.chain.addToMempool(tx);
    await rig.w.tick();
    // Unconfirmed: not a reserve yet.
    expect(await assetOf('BTC')).toMatchObject({ reserves: '0.00000000', addresses: [] });
    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    await rig.w.tick();
    const btc = await assetOf('BTC');
    expect(btc).toMatchObject({
      liabilities: '0.60000000',
      treasury: '0.00000000',
      reserves: '0.60000000',
      source: 'chain',
      ratio: '1.0000',
      addresses: [{ address: out.address, amount: '0.60000000' }],
    });
    // The chain read's time.
    expect(btc.asOf).toBe(rig.clock.now().toISOString());
    // The sum over the addresses is the reserves, and equals the admin's list of confirmed coins.
    expect((await as(rig.admin).bitcoin.utxos()).confirmed).toBe('0.60000000');
  });

  it('USD: what is set aside for a withdrawal not yet paid still counts; reserves are the last approved statement', async () => {
    await as(bob).withdrawal.request({ amount: 2.5, method: 'bank', details: DETAILS.bank, idempotencyKey: newKey() });
    expect(await assetOf('USD')).toMatchObject({ liabilities: '12.50' });
    const base = {
      bank_account: 'PT50000201231234567890154',
      format: 'csv' as const,
      bank_statement_id: null,
      currency: 'USD',
      opening_cents: 0,
      line_count: 0,
      duplicate_count: 0,
      imported_by: rig.admin.id,
      imported_at: rig.clock.now(),
    };
    await rig.t.handle.db
      .insertInto('statements')
      .values([
        {
          ...base,
          id: randomUUID(),
          closing_cents: 1_000,
          from_date: '2026-10-01',
          to_date: '2026-10-31',
          status: 'approved',
          approved_at: rig.clock.now(),
        },
        {
          ...base,
          id: randomUUID(),
          closing_cents: 1_500,
          from_date: '2026-11-01',
          to_date: '2026-11-26',
          status: 'approved',
          approved_at: rig.clock.now(),
        },
        // Proposed, not approved by a second admin yet: not a reserve.
        {
          ...base,
          id: randomUUID(),
          closing_cents: 9_999_900,
          from_date: '2026-11-27',
          to_date: '2026-11-27',
          status: 'proposed',
          approved_at: null,
        },
      ])
      .execute();
    expect(await assetOf('USD')).toMatchObject({
      reserves: '15.00',
      source: 'bank_statement',
      asOf: '2026-11-26',
      ratio: '1.2000',
    });
  });

  it('other coins: what an admin declares, audited; USD and BTC cannot be declared; bad amounts refused', async () => {
    const eth = await rig.t.handle.db
      .selectFrom('assets')
      .select('scale')
      .where('code', '=', 'ETH')
      .executeTakeFirstOrThrow();
    await as(rig.admin).reserves.declare({ asset: 'ETH', amount: '3.5', note: 'cold wallet, signed message' });
    expect(await assetOf('ETH')).toMatchObject({
      source: 'declared',
      reserves: `3.${'5'.padEnd(eth.scale, '0')}`,
      asOf: rig.clock.now().toISOString(),
    });
    const audit = await rig.t.handle.db
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('action', '=', 'reserves.declare')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(rig.admin.id);
    expect(audit.after).toMatchObject({ asset: 'ETH', note: 'cold wallet, signed message' });

    expect(await failure(as(rig.admin).reserves.declare({ asset: 'USD', amount: '1' }))).toMatchObject({ status: 400 });
    expect(await failure(as(rig.admin).reserves.declare({ asset: 'BTC', amount: '1' }))).toMatchObject({ status: 400 });
    expect(await failure(as(rig.admin).reserves.declare({ asset: 'ETH', amount: '-1' }))).toMatchObject({
      status: 400,
    });
    expect(await failure(as(rig.admin).reserves.declare({ asset: 'ETH', amount: '1e3' }))).toMatchObject({
      status: 400,
    });
    expect(await failure(as(rig.admin).reserves.declare({ asset: 'NOPE', amount: '1' }))).toMatchObject({
      status: 404,
    });
    expect(await failure(as(alice).reserves.declare({ asset: 'ETH', amount: '1' }))).toMatchObject({ status: 403 });
    // Nothing changed by the refusals.
    expect((await assetOf('ETH')).reserves).toBe(`3.${'5'.padEnd(eth.scale, '0')}`);
  });

  let aliceProof: TReservesProof;

  it('publishes the last closed month once: the root sums are the liabilities, beside a snapshot of each asset', async () => {
    // Before the first tree, Settings' question has an answer, not a 404.
    expect(await as(alice).reserves.myProof()).toEqual({ month: null, proof: null });
    const before = await as(null).reserves.summary();
    const first = await as(rig.admin).reserves.publish();
    expect(first).toMatchObject({ month: '2026-10', published: true });
    const again = await as(rig.admin).reserves.publish();
    expect(again).toMatchObject({ month: '2026-10', published: false, root: { hash: first.root.hash } });

    const s = await as(null).reserves.summary();
    expect(s.root).toMatchObject({ month: '2026-10', hash: first.root.hash });
    for (const a of before.assets) expect(s.root!.sums[a.asset]).toBe(a.liabilities);
    expect(Object.keys(s.root!.sums)).toEqual(before.assets.map((a) => a.asset).sort());
    expect(s.history).toHaveLength(1);
    const btc = s.history[0]!.assets.find((a) => a.asset === 'BTC')!;
    expect(btc).toMatchObject({ liabilities: '0.60000000', reserves: '0.60000000', source: 'chain', ratio: '1.0000' });
  });

  it('a member’s proof verifies against the published root; it is their own', async () => {
    aliceProof = await as(alice).reserves.proof();
    const root = (await as(null).reserves.summary()).root!;
    expect(aliceProof.root).toEqual({ hash: root.hash, sums: root.sums });
    expect(aliceProof.leaf.sums).toMatchObject({ BTC: '0.60000000', USD: '0.00' });
    expect(await verifyLiabilityProof(aliceProof, sha256Hex)).toEqual({ ok: true, steps: aliceProof.path.length });

    const bobs = await as(bob).reserves.proof({ month: '2026-10' });
    expect(bobs.leaf.leafId).not.toBe(aliceProof.leaf.leafId);
    expect(bobs.leaf.sums).toMatchObject({ BTC: '0.00000000', USD: '12.50' });
    expect(await verifyLiabilityProof(bobs, sha256Hex)).toMatchObject({ ok: true });
    // Nobody's leaf secrets appear in the public summary.
    expect(JSON.stringify(await as(null).reserves.summary())).not.toContain(aliceProof.leaf.salt);

    expect(await as(alice).reserves.myProof()).toEqual({ month: '2026-10', proof: aliceProof });
    // An account opened after the month was published has no leaf in it: the month, no proof.
    const late = await insertUser(rig.t.handle.db, { tier: 1, firstName: 'Late' });
    expect(await as(late).reserves.myProof()).toEqual({ month: '2026-10', proof: null });
    expect(await failure(as(null).reserves.myProof())).toMatchObject({ status: 401 });

    expect(await failure(as(null).reserves.proof())).toMatchObject({ status: 401 });
    expect(await failure(as(alice).reserves.proof({ month: '2025-01' }))).toMatchObject({ status: 404 });
    expect(await failure(as(alice).reserves.proof({ month: 'May' }))).toMatchObject({ status: 400 });
  });

  it('a changed balance, sum or sibling fails the proof, with the reason', async () => {
    const balance = clone(aliceProof);
    balance.leaf.sums.BTC = '0.70000000';
    expect(await verifyLiabilityProof(balance, sha256Hex)).toMatchObject({ ok: false, reason: 'leaf_hash' });

    // A leaf rehashed with a changed balance (as a forger would) no longer sums up to the root.
    const forged = clone(aliceProof);
    forged.leaf.sums.BTC = '0.70000000';
    forged.leaf.hash = sha256Hex(`${forged.leaf.salt}:${forged.leaf.leafId}:${JSON.stringify(forged.leaf.sums)}`);
    expect(await verifyLiabilityProof(forged, sha256Hex)).toMatchObject({ ok: false, reason: 'root_sums' });

    expect(aliceProof.path.length).toBeGreaterThan(0);
    const sibling = clone(aliceProof);
    sibling.path[0]!.hash = sibling.path[0]!.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(await verifyLiabilityProof(sibling, sha256Hex)).toMatchObject({ ok: false, reason: 'root_hash' });

    const siblingSum = clone(aliceProof);
    siblingSum.path[0]!.sums.USD = '999.00';
    expect(await verifyLiabilityProof(siblingSum, sha256Hex)).toMatchObject({ ok: false, reason: 'root_sums' });

    const rootSum = clone(aliceProof);
    rootSum.root.sums.BTC = '0.00000001';
    expect(await verifyLiabilityProof(rootSum, sha256Hex)).toMatchObject({ ok: false, reason: 'root_sums' });

    const side = clone(aliceProof);
    side.path[0]!.side = side.path[0]!.side === 'left' ? 'right' : 'left';
    expect(await verifyLiabilityProof(side, sha256Hex)).toMatchObject({ ok: false, reason: 'root_hash' });

    const decimals = clone(aliceProof);
    decimals.path[0]!.sums.BTC = '0.6';
    expect(await verifyLiabilityProof(decimals, sha256Hex)).toMatchObject({ ok: false, reason: 'sums', step: 1 });
  });

  it('pnpm cli reserves:verify FILE: OK for the proof, a failure with the reason for a changed one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'proof-'));
    const good = path.join(dir, 'proof.json');
    const bad = path.join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify(aliceProof, null, 2));
    const changed = clone(aliceProof);
    changed.leaf.sums.USD = '1000.00';
    writeFileSync(bad, JSON.stringify(changed));
    const fail = (m: string, code: number): never => {
      throw new Error(`${code}: ${m}`);
    };
    const lines: string[] = [];
    expect(await runReservesVerify([good], fail, (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toMatch(/^OK: /);
    expect(lines.join('\n')).toContain(aliceProof.root.hash);
    lines.length = 0;
    expect(await runReservesVerify([bad], fail, (l) => lines.push(l))).toBe(1);
    expect(lines[0]).toMatch(/^Failed: the leaf hash is not SHA-256/);
    // The tRPC wire shape ({ result: { data } }) is read too.
    writeFileSync(good, JSON.stringify({ result: { data: aliceProof } }));
    expect(await runReservesVerify([good], fail, () => {})).toBe(0);
    writeFileSync(bad, '{"month": 1}');
    await expect(runReservesVerify([bad], fail, () => {})).rejects.toThrow(/^2: .* is not a reserves\.proof answer/);
  });

  it('the monthly job publishes each closed month once, at the first tick after it ends', async () => {
    const deps = { db: rig.t.handle.db, clock: rig.clock, config: rig.t.config, log: silentLog as never };
    const job = startReservesJob(deps);
    try {
      // Still November: October is published already.
      expect(await job.runOnce()).toMatchObject({ month: '2026-10', published: false });
      rig.clock.set(new Date('2026-12-01T00:05:00.000Z'));
      expect(await job.runOnce()).toMatchObject({ month: '2026-11', published: true });
      expect(await job.runOnce()).toMatchObject({ month: '2026-11', published: false });
      const months = await rig.t.handle.db.selectFrom('liability_trees').select('month').orderBy('month').execute();
      expect(months.map((m) => m.month)).toEqual(['2026-10', '2026-11']);
      const s = await as(null).reserves.summary();
      expect(s.history.map((h) => h.month)).toEqual(['2026-11', '2026-10']);
      // A member's latest proof is November's, and verifies.
      const p = await as(alice).reserves.proof();
      expect(p.month).toBe('2026-11');
      expect(await verifyLiabilityProof(p, sha256Hex)).toMatchObject({ ok: true });
    } finally {
      await job.stop();
    }
  });
});
