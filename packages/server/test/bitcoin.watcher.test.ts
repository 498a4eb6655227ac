import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBitcoinDeposit, TDepositItem } from '@vestora/contract';
import type { TestUser } from '../src/test/factories.ts';
import { verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { renderIn } from '../src/i18n/i18n.ts';
import { callerAs, insertUser, setDepositAccount } from '../src/test/factories.ts';
import { balanceOf, expectLedgerConsistent, failure } from './money/money-helpers.ts';
import { type BitcoinRig, PRICE_CENTS, startBitcoinRig } from './bitcoin-helpers.ts';

const bitcoinItems = (items: TDepositItem[]) => items.filter((d): d is TBitcoinDeposit => d.method === 'bitcoin');

describe('Bitcoin deposits: the chain watcher', () => {
  let rig: BitcoinRig;
  let alice: TestUser;
  beforeAll(async () => {
    rig = await startBitcoinRig();
    alice = await insertUser(rig.t.handle.db, { firstName: 'Alice' });
  });
  afterAll(async () => {
    await expectLedgerConsistent(rig.t.handle.db);
    await rig.close();
  });

  const listOf = async (u: TestUser) => bitcoinItems((await callerAs(rig.t, u).deposit.list({})).items);

  it('shows a mempool payment as seen (0 confirmations), counts confirmations, credits once at 2', async () => {
    const w = rig.w;
    await w.tick(); // first start: from the tip
    const out = await rig.payTo(alice, 150_000);
    const tx = rig.chain.tx(out);
    rig.chain.addToMempool(tx);
    await w.tick();
    let [d] = await listOf(alice);
    expect(d).toMatchObject({
      method: 'bitcoin',
      txid: tx.txid,
      vout: 0,
      sats: 150_000,
      confirmations: 0,
      confirmationsRequired: 2,
      status: 'seen',
      amount: null,
      price: null,
      address: out.address,
    });

    rig.chain.addBlock([tx]);
    await w.tick();
    [d] = await listOf(alice);
    expect(d).toMatchObject({ status: 'seen', confirmations: 1 });
    expect(await balanceOf(rig.t.handle.db, alice.id)).toBe(0);

    rig.chain.addBlock();
    rig.price.quote = { priceCents: PRICE_CENTS, at: rig.clock.now() };
    const outcome = await w.tick();
    expect(outcome).toMatchObject({ credited: 1, error: null });
    [d] = await listOf(alice);
    // #30: credited as BTC (the 150,000 sats); 0.0015 BTC at $90,000 is worth about $135.00 (information only).
    expect(d).toMatchObject({
      status: 'confirmed',
      confirmations: 2,
      credited: 'BTC',
      amount: null,
      valueUsd: 135,
      price: 90_000,
    });
    expect(d!.priceAt).toBe(rig.clock.now().toISOString());
    expect(await balanceOf(rig.t.handle.db, alice.id)).toBe(0);
    expect(await rig.satsOf(alice.id)).toBe(150_000n);
    expect(await rig.movementsFor(d!.id)).toEqual([{ asset: 'BTC', kind: 'deposit', amount: 150_000n }]);
    const memos = await rig.memosFor(d!.id);
    expect(memos).toHaveLength(1);
    expect(memos[0]).toContain('0.00150000 BTC (150000 sats)');
    expect(memos[0]).toContain(`${tx.txid}:0`);
    expect(memos[0]).toContain('about $135.00 at $90,000.00 per BTC');
    // The audit row reads the chain facts: no price before the credit, the one it used after.
    const [audit] = await rig.t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'before', 'after'])
      .where('entity_id', '=', d!.id)
      .execute();
    const view = { id: d!.id, method: 'bitcoin', txid: tx.txid, vout: 0, sats: 150_000 };
    expect(audit).toMatchObject({
      action: 'deposit.credit',
      actor_id: null,
      before: {
        ...view,
        status: 'seen',
        amount: 0,
        creditedAsset: null,
        valueCents: null,
        priceCents: null,
        priceAt: null,
        confirmedAt: null,
      },
      after: {
        ...view,
        status: 'confirmed',
        amount: 0,
        creditedAsset: 'BTC',
        valueCents: 13_500,
        priceCents: PRICE_CENTS,
        priceAt: d!.priceAt,
        confirmedAt: d!.confirmedAt,
      },
    });

    // The notice and its e-mail say the BTC credited (in the member's language too), not dollars.
    const [notice] = await rig.t.handle.db
      .selectFrom('notifications')
      .select(['title', 'body', 'title_msg', 'body_msg'])
      .where('user_id', '=', alice.id)
      .where('kind', '=', 'deposit.credited')
      .execute();
    expect(notice!.title).toBe('Bitcoin deposit of 0.00150000 BTC credited');
    expect(notice!.body).toContain('0.00150000 BTC was added to your Bitcoin holdings (worth about $135.00');
    expect(notice!.body).toContain('Your dollar balance is unchanged.');
    expect(renderIn('de', notice!.title_msg!)).toBe('Bitcoin-Einzahlung über 0.00150000 BTC gutgeschrieben');
    const mails = await rig.t.handle.db
      .selectFrom('mail_outbox')
      .select(['kind', 'subject'])
      .where('user_id', '=', alice.id)
      .where('kind', '=', 'deposit.confirmed')
      .execute();
    expect(mails).toEqual([
      { kind: 'deposit.confirmed', subject: 'Bitcoin deposit of 0.00150000 BTC credited · Vestora' },
    ]);

    // More blocks and ticks never credit it again.
    rig.chain.addBlocks(3);
    await w.tick();
    await w.tick();
    expect(await rig.movementsFor(d!.id)).toHaveLength(1);
    expect(await rig.satsOf(alice.id)).toBe(150_000n);
    expect((await listOf(alice))[0]).toMatchObject({ confirmations: 5, status: 'confirmed' });

    const status = await callerAs(rig.t, rig.admin).bitcoin.status();
    expect(status).toMatchObject({ enabled: true, height: rig.chain.height(), tipHeight: rig.chain.height(), lag: 0 });
    // No dollars were credited: the satoshis were.
    expect(status).toMatchObject({ creditedToday: 0, creditedTodaySats: 150_000 });
    expect(await verifyLedger(rig.t.handle.db)).toMatchObject({ ok: true });
  });

  it('needs no price to credit (#30): without one, or with one older than 10 minutes, the satoshis are credited with no dollar value', async () => {
    const bob = await insertUser(rig.t.handle.db, { firstName: 'Bob' });
    const w = rig.w;
    rig.chain.addBlock([rig.chain.tx(await rig.payTo(bob, 100_000))]);
    rig.chain.addBlock();
    rig.price.quote = null;
    await w.tick();
    const [d] = await listOf(bob);
    expect(d).toMatchObject({
      status: 'confirmed',
      confirmations: 2,
      credited: 'BTC',
      amount: null,
      valueUsd: null,
      price: null,
      priceAt: null,
    });
    expect(await rig.satsOf(bob.id)).toBe(100_000n);
    expect(await balanceOf(rig.t.handle.db, bob.id)).toBe(0);
    expect((await rig.memosFor(d!.id))[0]).toContain('0.00100000 BTC (100000 sats), no fresh price at hand');

    // A stale price is not used for the value either.
    rig.price.quote = { priceCents: 8_000_000, at: rig.clock.now() };
    rig.clock.advanceMs(11 * 60_000); // the quote is now 11 minutes old
    rig.chain.addBlock([rig.chain.tx(await rig.payTo(bob, 200_000))]);
    rig.chain.addBlock();
    await w.tick();
    const stale = (await listOf(bob)).find((x) => x.sats === 200_000);
    expect(stale).toMatchObject({ status: 'confirmed', credited: 'BTC', valueUsd: null, price: null });
    expect(await rig.satsOf(bob.id)).toBe(300_000n);
    expect(await balanceOf(rig.t.handle.db, bob.id)).toBe(0);
  });

  it('a payment held for a price before #30 is credited as BTC at the next pass', async () => {
    const hal = await insertUser(rig.t.handle.db, { firstName: 'Hal' });
    const tx = rig.chain.tx(await rig.payTo(hal, 123_456));
    rig.chain.addToMempool(tx);
    await rig.w.tick();
    const [seen] = await listOf(hal);
    // As the watcher before #30 left it: enough confirmations, no fresh price, held.
    await rig.t.handle.db.updateTable('deposits').set({ status: 'held' }).where('id', '=', seen!.id).execute();
    expect((await listOf(hal))[0]).toMatchObject({ status: 'held', credited: null });
    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    rig.price.quote = null;
    await rig.w.tick();
    await rig.w.tick();
    expect((await listOf(hal))[0]).toMatchObject({ status: 'confirmed', credited: 'BTC', sats: 123_456, amount: null });
    expect(await rig.movementsFor(seen!.id)).toEqual([{ asset: 'BTC', kind: 'deposit', amount: 123_456n }]);
    expect(await rig.satsOf(hal.id)).toBe(123_456n);
    expect(await verifyLedger(rig.t.handle.db)).toMatchObject({ ok: true, platform: { ok: true } });
  });

  it('High Roller counts a Bitcoin deposit at its dollar value when credited (0.12 BTC at $90,000 = $10,800)', async () => {
    const ivy = await insertUser(rig.t.handle.db, { firstName: 'Ivy' });
    const highRoller = async () => (await callerAs(rig.t, ivy).reward.list()).find((r) => r.key === 'high_roller')!;
    expect((await highRoller()).earned).toBe(false);
    rig.chain.addBlock([rig.chain.tx(await rig.payTo(ivy, 12_000_000))]);
    rig.chain.addBlock();
    rig.price.quote = { priceCents: PRICE_CENTS, at: rig.clock.now() };
    await rig.w.tick();
    expect((await listOf(ivy))[0]).toMatchObject({ credited: 'BTC', valueUsd: 10_800 });
    expect(await balanceOf(rig.t.handle.db, ivy.id)).toBe(0);
    expect(await highRoller()).toMatchObject({
      earned: true,
      detail: 'Earned: your largest confirmed deposit was $10,800.00, over $10,000.00.',
    });
    // The portfolio holds the satoshis, at their dollar value when credited as their cost (a FIFO lot).
    const btc = (await callerAs(rig.t, ivy).portfolio.holdings()).items.find((i) => i.asset === 'BTC');
    expect(btc).toMatchObject({ amount: '0.12000000', costUsd: '10800.00' });
  });

  it('lists dust for admins and credits nothing', async () => {
    const carol = await insertUser(rig.t.handle.db, { firstName: 'Carol' });
    const w = rig.w;
    const tx = rig.chain.tx(await rig.payTo(carol, 500));
    rig.chain.addBlock([tx]);
    rig.chain.addBlocks(2);
    await w.tick();
    expect(await listOf(carol)).toEqual([]);
    expect(await balanceOf(rig.t.handle.db, carol.id)).toBe(0);
    const { items } = await callerAs(rig.t, rig.admin).bitcoin.exceptions();
    expect(items.find((e) => e.txid === tx.txid)).toMatchObject({
      kind: 'dust',
      userId: carol.id,
      sats: 500,
      vout: 0,
      amount: null,
    });
  });

  it('a reorg before the credit: the payment goes back to waiting, and is credited once when mined again', async () => {
    const dan = await insertUser(rig.t.handle.db, { firstName: 'Dan' });
    const w = rig.w;
    const tx = rig.chain.tx(await rig.payTo(dan, 200_000));
    rig.chain.addBlock([tx]);
    await w.tick();
    expect((await listOf(dan))[0]).toMatchObject({ status: 'seen', confirmations: 1 });

    // The block with the payment leaves the chain; two new blocks without it (it is back in the mempool).
    rig.chain.reorg(1, [[], []]);
    rig.price.quote = { priceCents: PRICE_CENTS, at: rig.clock.now() };
    await w.tick();
    expect((await listOf(dan))[0]).toMatchObject({ status: 'seen', confirmations: 0 });
    expect(await balanceOf(rig.t.handle.db, dan.id)).toBe(0);

    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    await w.tick();
    const [d] = await listOf(dan);
    expect(d).toMatchObject({ status: 'confirmed', confirmations: 2, credited: 'BTC', valueUsd: 180 });
    expect(await rig.movementsFor(d!.id)).toEqual([{ asset: 'BTC', kind: 'deposit', amount: 200_000n }]);
  });

  it('a reorg after the credit: an exception for admins with member and amount; the ledger is not rewritten', async () => {
    const erin = await insertUser(rig.t.handle.db, { firstName: 'Erin' });
    const w = rig.w;
    const tx = rig.chain.tx(await rig.payTo(erin, 300_000));
    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    rig.price.quote = { priceCents: PRICE_CENTS, at: rig.clock.now() };
    await w.tick();
    expect(await rig.satsOf(erin.id)).toBe(300_000n);

    // A deeper chain without the transaction (double spent: it is gone from the mempool too).
    rig.chain.reorg(2, [[], [], []], { dropTxs: true });
    await w.tick();
    const { items } = await callerAs(rig.t, rig.admin).bitcoin.exceptions();
    expect(items.find((e) => e.txid === tx.txid)).toMatchObject({
      kind: 'reorged',
      userId: erin.id,
      userEmail: erin.email,
      // Credited as BTC: the exception names the satoshis, no dollars were credited.
      amount: null,
      sats: 300_000,
    });
    expect(await rig.satsOf(erin.id)).toBe(300_000n);
    const [d] = await listOf(erin);
    expect(d).toMatchObject({ status: 'confirmed', confirmations: 0 });
    expect(await rig.movementsFor(d!.id)).toHaveLength(1);
    // A later tick adds no second row.
    await w.tick();
    const again = await callerAs(rig.t, rig.admin).bitcoin.exceptions();
    expect(again.items.filter((e) => e.txid === tx.txid)).toHaveLength(1);
  });

  it('an outage sets lastError; the watcher resumes from its last block and credits what came meanwhile', async () => {
    const fay = await insertUser(rig.t.handle.db, { firstName: 'Fay' });
    const w = rig.w;
    await w.tick();
    const before = (await callerAs(rig.t, rig.admin).bitcoin.status()).height;
    rig.chain.outage(true);
    const failed = await w.tick();
    expect(failed.error).toMatch(/503/);
    const down = await callerAs(rig.t, rig.admin).bitcoin.status();
    expect(down.lastError).toMatch(/ESPLORA_URL.*503/);
    expect(down.lastErrorAt).toBe(rig.clock.now().toISOString());

    // Blocks arrive while the source is unreachable for us.
    const tx = rig.chain.tx(await rig.payTo(fay, 50_000));
    rig.chain.addBlock([tx]);
    rig.chain.addBlocks(3);
    await w.tick();
    expect((await callerAs(rig.t, rig.admin).bitcoin.status()).height).toBe(before);

    rig.chain.outage(false);
    rig.price.quote = { priceCents: PRICE_CENTS, at: rig.clock.now() };
    const ok = await w.tick();
    expect(ok).toMatchObject({ error: null, blocksScanned: 4, credited: 1 });
    const up = await callerAs(rig.t, rig.admin).bitcoin.status();
    expect(up).toMatchObject({ lastError: null, height: rig.chain.height(), lag: 0 });
    expect((await listOf(fay))[0]).toMatchObject({
      status: 'confirmed',
      credited: 'BTC',
      valueUsd: 45,
      confirmations: 4,
    });
    expect(await rig.satsOf(fay.id)).toBe(50_000n);
  });

  it('bitcoin.* is for admins only; members get 403', async () => {
    expect((await failure(callerAs(rig.t, alice).bitcoin.status())).status).toBe(403);
    expect((await failure(callerAs(rig.t, alice).bitcoin.exceptions())).status).toBe(403);
    expect((await failure(callerAs(rig.t, null).bitcoin.status())).status).toBe(401);
  });

  it('a member sees only their own Bitcoin deposits; deposit.instructions carries the address and BIP21 URI', async () => {
    const ins = await callerAs(rig.t, alice).deposit.instructions();
    expect(ins.bitcoin).toEqual({
      address: expect.stringMatching(/^bc1q[02-9ac-hj-np-z]{38}$/),
      uri: `bitcoin:${ins.bitcoin!.address}`,
      confirmations: 2,
    });
    // The same address every time.
    expect((await callerAs(rig.t, alice).deposit.instructions()).bitcoin!.address).toBe(ins.bitcoin!.address);
    const mine = await listOf(alice);
    expect(mine.every((d) => d.userId === alice.id)).toBe(true);
    const all = bitcoinItems((await callerAs(rig.t, rig.admin).deposit.list({ limit: 100 })).items);
    expect(all.length).toBeGreaterThan(mine.length);
    const seen = await callerAs(rig.t, rig.admin).deposit.list({ status: 'held' });
    expect(seen.items).toEqual([]);
  });
});

describe('Bitcoin deposits off (no BTC_XPUB)', () => {
  it('offers no address and the status says off', async () => {
    const { startTestApp } = await import('../src/test/harness.ts');
    const t = await startTestApp();
    try {
      const admin = await insertUser(t.handle.db, { accountType: 'admin' });
      // Since #27 a deposit-account change is a proposal a second admin approves (setDepositAccount does both).
      await setDepositAccount(t, admin, { accountNumber: '4000 1234 56', bankName: 'B', accountHolder: 'H' });
      const member = await insertUser(t.handle.db);
      expect((await callerAs(t, member).deposit.instructions()).bitcoin).toBeUndefined();
      expect(await callerAs(t, admin).bitcoin.status()).toMatchObject({ enabled: false, height: null, lag: null });
    } finally {
      await t.close();
    }
  });
});
