// Exactly one credit per outpoint with two watchers on one PostgreSQL database, racing (the lease lets one
// scan; with the lease lost, the database's keys and guarded transitions still credit once), and a restart
// that resumes from the last finished block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import type { FakeTx } from '../src/test/fake-esplora.ts';
import { insertUser } from '../src/test/factories.ts';
import { balanceOf, expectLedgerConsistent } from './money/money-helpers.ts';
import { sql } from 'kysely';
import { formatUnits } from '@vestora/contract';
import { type BitcoinRig, PRICE_CENTS, startBitcoinRig } from './bitcoin-helpers.ts';

describe('Bitcoin credits: exactly once under two watchers and a restart (PostgreSQL)', () => {
  let rig: BitcoinRig;
  let members: TestUser[];
  const paid = new Map<string, bigint>(); // user id -> satoshis paid to them, summed (credited as BTC, #30)
  beforeAll(async () => {
    rig = await startBitcoinRig();
    members = [];
    for (let i = 0; i < 6; i++) members.push(await insertUser(rig.t.handle.db, { firstName: `M${i}` }));
  });
  afterAll(async () => {
    await expectLedgerConsistent(rig.t.handle.db);
    await rig.close();
  });

  const pay = async (m: TestUser, sats: number): Promise<FakeTx> => {
    paid.set(m.id, (paid.get(m.id) ?? 0n) + BigInt(sats));
    return rig.chain.tx(await rig.payTo(m, sats));
  };
  const creditEntries = async () =>
    rig.t.handle.db
      .selectFrom('ledger_movements as l')
      .innerJoin('bitcoin_deposits as b', 'b.deposit_id', 'l.ref_id')
      .select(['b.txid', 'b.vout', 'l.asset'])
      .where('l.ref_type', '=', 'deposit')
      .execute();

  it('two watchers ticking together: one holds the lease, every payment is credited once', async () => {
    const a = rig.watcher({ owner: 'a' });
    const b = rig.watcher({ owner: 'b' });
    await Promise.all([a.tick(), b.tick()]);
    for (let round = 0; round < 4; round++) {
      const txs = [await pay(members[round % 6]!, 100_000 + round), await pay(members[(round + 3) % 6]!, 200_000)];
      for (const tx of txs) rig.chain.addToMempool(tx);
      rig.chain.addBlock(txs);
      rig.price.quote = { priceCents: PRICE_CENTS, at: rig.clock.now() };
      const outcomes = await Promise.all([a.tick(), b.tick()]);
      expect(outcomes.filter((o) => o.skipped)).toHaveLength(1);
    }
    rig.chain.addBlock();
    await Promise.all([a.tick(), b.tick()]);
    const entries = await creditEntries();
    expect(entries).toHaveLength(8);
    expect(new Set(entries.map((e) => `${e.txid}:${e.vout}`)).size).toBe(8);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('with the lease lost on every tick, both watchers scan the same blocks and still credit once', async () => {
    // A 1 ms lease and a clock moved between ticks: each tick may take the lease, so both scan.
    const a = rig.watcher({ owner: 'c', leaseMs: 1 });
    const b = rig.watcher({ owner: 'd', leaseMs: 1 });
    for (let round = 0; round < 5; round++) {
      const tx = await pay(members[round]!, 300_000);
      rig.chain.addBlock([tx]);
      rig.price.quote = { priceCents: PRICE_CENTS, at: rig.clock.now() };
      rig.clock.advanceMs(5);
      await Promise.all([a.tick(), b.tick(), (async () => (rig.clock.advanceMs(5), b.tick()))()]);
    }
    rig.chain.addBlock();
    rig.clock.advanceMs(5);
    await Promise.all([a.tick(), b.tick()]);
    const entries = await creditEntries();
    expect(entries).toHaveLength(13);
    expect(new Set(entries.map((e) => `${e.txid}:${e.vout}`)).size).toBe(13);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a restart resumes from the last finished block: payments made while it was down are credited once', async () => {
    const first = rig.watcher({ owner: 'e' });
    await first.tick();
    const stoppedAt = (await rig.t.handle.db.selectFrom('bitcoin_watcher').select('height').executeTakeFirstOrThrow())
      .height;
    await first.stop();
    // While no watcher runs: three blocks, two payments.
    rig.chain.addBlock([await pay(members[4]!, 400_000)]);
    rig.chain.addBlock([await pay(members[5]!, 500_000)]);
    rig.chain.addBlock();
    rig.price.quote = { priceCents: PRICE_CENTS, at: rig.clock.now() };
    const second = rig.watcher({ owner: 'f' });
    const out = await second.tick();
    expect(out).toMatchObject({ skipped: false, blocksScanned: 3, credited: 2, error: null });
    expect(out.height).toBe(stoppedAt! + 3);
    await second.tick();
    await second.stop();
    const entries = await creditEntries();
    expect(entries).toHaveLength(15);
    expect(new Set(entries.map((e) => `${e.txid}:${e.vout}`)).size).toBe(15);
    // Every member got exactly the satoshis they were paid, as BTC; their dollars did not move.
    expect(entries.every((e) => e.asset === 'BTC')).toBe(true);
    for (const m of members) {
      expect(await rig.satsOf(m.id)).toBe(paid.get(m.id) ?? 0n);
      expect(await balanceOf(rig.t.handle.db, m.id)).toBe(0);
    }
    expect(await verifyLedger(rig.t.handle.db)).toMatchObject({ ok: true, platform: { ok: true } });
  });

  it('123,456 sats seen by two instances at once, with no price at all: exactly 0.00123456 BTC credited once', async () => {
    const m = await insertUser(rig.t.handle.db, { firstName: 'Exact' });
    const a = rig.watcher({ owner: 'g', leaseMs: 1 });
    const b = rig.watcher({ owner: 'h', leaseMs: 1 });
    rig.price.quote = null; // no price: none is needed to credit BTC
    const tx = rig.chain.tx(await rig.payTo(m, 123_456));
    rig.chain.addToMempool(tx);
    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    for (let i = 0; i < 3; i++) {
      rig.clock.advanceMs(5);
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    }
    await Promise.all([a.stop(), b.stop()]);
    const [d] = await rig.t.handle.db
      .selectFrom('bitcoin_deposits')
      .select('deposit_id')
      .where('txid', '=', tx.txid)
      .execute();
    expect(await rig.movementsFor(d!.deposit_id)).toEqual([{ asset: 'BTC', kind: 'deposit', amount: 123_456n }]);
    expect(await rig.satsOf(m.id)).toBe(123_456n);
    const btc = await rig.t.handle.db
      .selectFrom('ledger_accounts')
      .select(sql<string>`balance::text`.as('balance'))
      .where('user_id', '=', m.id)
      .where('asset', '=', 'BTC')
      .where('kind', '=', 'available')
      .executeTakeFirstOrThrow();
    expect(formatUnits(BigInt(btc.balance), 8)).toBe('0.00123456');
    expect(await balanceOf(rig.t.handle.db, m.id)).toBe(0);
    expect(await verifyLedger(rig.t.handle.db)).toMatchObject({ ok: true, platform: { ok: true } });
  });
});
