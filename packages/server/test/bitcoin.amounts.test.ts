import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { callerAs, insertUser } from '../src/test/factories.ts';
import { balanceOf, expectLedgerConsistent, failure } from './money/money-helpers.ts';
import { type BitcoinRig, PRICE_CENTS, startBitcoinRig } from './bitcoin-helpers.ts';

// #27: a Bitcoin payment is credited with the amount of the confirmed transaction. Before, the first amount the
// source reported (the mempool's) won over the block's; now the block's is recorded, and two reads that disagree
// hold the payment for an admin (an amount_mismatch exception the admin resolves).
describe('Bitcoin amounts from the block', () => {
  let rig: BitcoinRig;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let second: TestUser;
  beforeAll(async () => {
    rig = await startBitcoinRig();
    alice = await insertUser(rig.t.handle.db);
    bob = await insertUser(rig.t.handle.db);
    carol = await insertUser(rig.t.handle.db);
    second = await insertUser(rig.t.handle.db, { accountType: 'admin' });
    await rig.w.tick(); // first start: from the tip
  });
  afterAll(async () => {
    await expectLedgerConsistent(rig.t.handle.db);
    await rig.close();
  });

  const fresh = () => (rig.price.quote = { priceCents: PRICE_CENTS, at: rig.clock.now() });
  const deposit = (txid: string) =>
    rig.t.handle.db
      .selectFrom('deposits')
      .innerJoin('bitcoin_deposits as b', 'b.deposit_id', 'deposits.id')
      .select(['deposits.status', 'b.sats', 'deposits.amount_cents', 'b.review'])
      .where('b.txid', '=', txid)
      .executeTakeFirstOrThrow();

  it('the mempool says one amount, the block another: held for an admin, nothing credited', async () => {
    const out = await rig.payTo(alice, 2_000_000);
    const seen = rig.chain.tx(out);
    rig.chain.addToMempool(seen);
    await rig.w.tick();
    expect(await deposit(seen.txid)).toMatchObject({ status: 'seen', sats: 2_000_000 });
    // The block carries the transaction with 0.015 BTC, not the 0.02 the mempool read said.
    rig.chain.addBlock([{ txid: seen.txid, outputs: [{ ...out, sats: 1_500_000 }] }]);
    rig.chain.addBlocks(2);
    fresh();
    expect(await rig.w.tick()).toMatchObject({ credited: 0, error: null });
    const d = await deposit(seen.txid);
    expect(d).toMatchObject({ status: 'seen', sats: 1_500_000, amount_cents: 0 });
    expect(d.review).toMatch(/2000000 sats \(read before, from the mempool\) and 1500000 sats \(block \d+\)/);
    expect(await balanceOf(rig.t.handle.db, alice.id)).toBe(0);
    const { items } = await callerAs(rig.t, rig.admin).bitcoin.exceptions();
    expect(items.find((e) => e.txid === seen.txid)).toMatchObject({
      kind: 'amount_mismatch',
      userId: alice.id,
      sats: 1_500_000,
      resolvedAt: null,
    });
    // More ticks credit nothing while it waits.
    await rig.w.tick();
    expect(await balanceOf(rig.t.handle.db, alice.id)).toBe(0);
  });

  it('the admin resolves it (never their own, audited): credited once with the amount they settled', async () => {
    const [e] = (await callerAs(rig.t, rig.admin).bitcoin.exceptions()).items.filter(
      (x) => x.kind === 'amount_mismatch' && x.userId === alice.id,
    );
    expect((await failure(callerAs(rig.t, alice).bitcoin.resolveAmount({ exceptionId: e!.id, sats: 1 }))).status).toBe(
      403,
    );
    const after = await callerAs(rig.t, rig.admin).bitcoin.resolveAmount({ exceptionId: e!.id, sats: 1_500_000 });
    expect(after.items.find((x) => x.id === e!.id)!.resolvedAt).not.toBeNull();
    const twice = await failure(callerAs(rig.t, second).bitcoin.resolveAmount({ exceptionId: e!.id, sats: 1_500_000 }));
    expect(twice.status).toBe(409);
    fresh();
    expect(await rig.w.tick()).toMatchObject({ credited: 1 });
    // 0.015 BTC (the block's amount, not the mempool's 0.02 BTC), credited as BTC (#30); the dollars do not move.
    expect(await rig.satsOf(alice.id)).toBe(1_500_000n);
    await rig.w.tick();
    expect(await rig.satsOf(alice.id)).toBe(1_500_000n);
    expect(await balanceOf(rig.t.handle.db, alice.id)).toBe(0);
    const audit = await rig.t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', e!.id)
      .execute();
    expect(audit).toEqual([{ action: 'bitcoin.resolve_amount', actor_id: rig.admin.id }]);
  });

  it('the block and the confirmed transaction read at credit time disagree: held too', async () => {
    const out = await rig.payTo(bob, 300_000);
    const tx = rig.chain.tx(out);
    rig.chain.addBlock([tx]);
    await rig.w.tick();
    expect(await deposit(tx.txid)).toMatchObject({ sats: 300_000, review: null });
    // The source now answers the transaction with another value (a broken or lying source).
    tx.outputs[0]!.sats = 310_000;
    rig.chain.addBlock();
    fresh();
    expect(await rig.w.tick()).toMatchObject({ credited: 0 });
    const d = await deposit(tx.txid);
    expect(d.review).toMatch(/300000 sats \(the block\) and 310000 sats \(the confirmed transaction\)/);
    expect(await balanceOf(rig.t.handle.db, bob.id)).toBe(0);
    expect(await rig.satsOf(bob.id)).toBe(0n);
  });

  it('reads that agree are credited at once, as before', async () => {
    const out = await rig.payTo(carol, 100_000);
    const tx = rig.chain.tx(out);
    rig.chain.addToMempool(tx);
    await rig.w.tick();
    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    fresh();
    expect(await rig.w.tick()).toMatchObject({ credited: 1 });
    expect(await rig.satsOf(carol.id)).toBe(100_000n);
    expect(await balanceOf(rig.t.handle.db, carol.id)).toBe(0);
  });
});
