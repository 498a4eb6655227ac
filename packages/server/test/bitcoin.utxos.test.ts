// #32: the coins we hold. The watcher keeps every output paying an address of BTC_XPUB (the members' m/0/i and
// our change m/1/i), created and spent by the transactions it sees, confirmed or not, through reorgs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBitcoinUtxo } from '@vestora/contract';
import type { TestUser } from '../src/test/factories.ts';
import { deriveAddress, parseAccountKey } from '../src/modules/bitcoin/bitcoin.derive.ts';
import { confirmedBalances } from '../src/modules/bitcoin/bitcoin.utxo.repo.ts';
import { callerAs, insertUser } from '../src/test/factories.ts';
import { type BitcoinRig, startBitcoinRig, ZPUB } from './bitcoin-helpers.ts';

const key = parseAccountKey(ZPUB, 'mainnet');
const change = (i: number) => ({ ...deriveAddress(key, i, 1) });
/** An address that is not ours (BIP84's vector key, account 1 would be another wallet: any foreign script). */
const foreign = { scriptHex: `0014${'ab'.repeat(20)}`, address: 'bc1q4w46h2at4w46h2at4w46h2at4w46h2atcv5x5z' };

describe('bitcoin.utxos: the coins we hold', () => {
  let rig: BitcoinRig;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    rig = await startBitcoinRig();
    alice = await insertUser(rig.t.handle.db, { firstName: 'Alice' });
    bob = await insertUser(rig.t.handle.db, { firstName: 'Bob' });
    await rig.w.tick(); // first start: from the tip
  });
  afterAll(() => rig.close());

  const list = () => callerAs(rig.t, rig.admin).bitcoin.utxos();
  const find = async (txid: string, vout = 0): Promise<TBitcoinUtxo | undefined> =>
    (await list()).items.find((u) => u.txid === txid && u.vout === vout);

  it('records a payment from the mempool (0 confirmations) and counts its confirmations', async () => {
    const out = await rig.payTo(alice, 150_000);
    const tx = rig.chain.tx({ ...foreign, sats: 99_000 }, out);
    rig.chain.addToMempool(tx);
    await rig.w.tick();
    expect(await find(tx.txid, 1)).toMatchObject({
      address: out.address,
      chain: 'external',
      index: Number(alice.seq),
      amount: '0.00150000',
      sats: '150000',
      confirmations: 0,
      confirmedHeight: null,
      spentByTxid: null,
      reservedBy: null,
    });
    // The other output is not ours: not listed.
    expect(await find(tx.txid, 0)).toBeUndefined();
    expect(await list()).toMatchObject({ confirmed: '0.00000000', unconfirmed: '0.00150000' });

    const h = rig.chain.addBlock([tx]);
    await rig.w.tick();
    expect(await find(tx.txid, 1)).toMatchObject({ confirmations: 1, confirmedHeight: h });
    rig.chain.addBlocks(2);
    await rig.w.tick();
    expect(await find(tx.txid, 1)).toMatchObject({ confirmations: 3, confirmedHeight: h });
    expect(await list()).toMatchObject({ confirmed: '0.00150000', unconfirmed: '0.00000000' });
  });

  it('records outputs paying the change chain (m/1/i), and a spend of ours seen in the mempool then mined', async () => {
    const out = await rig.payTo(bob, 500_000);
    const pay = rig.chain.tx(out);
    rig.chain.addBlock([pay]);
    await rig.w.tick();
    expect(await find(pay.txid)).toMatchObject({ sats: '500000', confirmations: 1 });

    // We pay someone 300,000 sats from Bob's coin and take 199,000 back on change m/1/0 (1,000 sats fee).
    const spend = rig.chain.spend(
      [{ txid: pay.txid, vout: 0 }],
      { ...foreign, sats: 300_000 },
      { ...change(0), sats: 199_000 },
    );
    rig.chain.addToMempool(spend);
    await rig.w.tick();
    expect(await find(pay.txid)).toMatchObject({ spentByTxid: spend.txid });
    expect(await find(spend.txid, 1)).toMatchObject({
      chain: 'change',
      index: 0,
      address: change(0).address,
      confirmations: 0,
    });
    // Spent by a transaction still in the mempool: the explorer's confirmed balance still counts it.
    const before = await confirmedBalances(rig.t.handle.db);
    expect(before.find((b) => b.address === out.address)?.sats).toBe('500000');

    rig.chain.addBlock([spend]);
    await rig.w.tick();
    // Spent in a block: off the list; the change is confirmed.
    expect(await find(pay.txid)).toBeUndefined();
    expect(await find(spend.txid, 1)).toMatchObject({ confirmations: 1, sats: '199000' });
    const after = await confirmedBalances(rig.t.handle.db);
    expect(after.find((b) => b.address === out.address)).toBeUndefined();
    expect(after.find((b) => b.address === change(0).address)?.sats).toBe('199000');
  });

  it('watches CHANGE_GAP change addresses past the highest one paid', async () => {
    // m/1/0 was paid: m/1/20 is watched now.
    const tx = rig.chain.tx({ ...change(20), sats: 10_000 });
    rig.chain.addBlock([tx]);
    await rig.w.tick();
    expect(await find(tx.txid)).toMatchObject({ chain: 'change', index: 20, confirmations: 1 });
  });

  it('a spend in the same block as the output it spends', async () => {
    const pay = rig.chain.tx(await rig.payTo(alice, 40_000));
    const spend = rig.chain.spend([{ txid: pay.txid, vout: 0 }], { ...foreign, sats: 39_000 });
    rig.chain.addBlock([pay, spend]);
    await rig.w.tick();
    expect(await find(pay.txid)).toBeUndefined();
    const stored = await rig.t.handle.db
      .selectFrom('bitcoin_utxos')
      .select(['spent_by_txid', 'spent_height'])
      .where('txid', '=', pay.txid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ spent_by_txid: spend.txid, spent_height: rig.chain.height() });
  });

  it('through a reorg: confirmations recomputed, an output whose transaction vanished dropped', async () => {
    const stays = rig.chain.tx(await rig.payTo(alice, 70_000));
    const vanishes = rig.chain.tx(await rig.payTo(bob, 80_000));
    rig.chain.addBlock([stays, vanishes]);
    rig.chain.addBlock();
    await rig.w.tick();
    expect(await find(stays.txid)).toMatchObject({ confirmations: 2 });
    expect(await find(vanishes.txid)).toMatchObject({ confirmations: 2 });

    // Two blocks replaced by three: `stays` is mined again one block later, `vanishes` was double spent.
    rig.chain.reorg(2, [[], [stays], []], { dropTxs: true });
    await rig.w.tick();
    expect(await find(stays.txid)).toMatchObject({ confirmations: 2, confirmedHeight: rig.chain.height() - 1 });
    expect(await find(vanishes.txid)).toBeUndefined();
    const gone = await rig.t.handle.db
      .selectFrom('bitcoin_utxos')
      .select('txid')
      .where('txid', '=', vanishes.txid)
      .execute();
    expect(gone).toEqual([]);
  });

  it('through a reorg: a transaction back in the mempool has 0 confirmations; a dropped spend unspends', async () => {
    const pay = rig.chain.tx(await rig.payTo(alice, 60_000));
    rig.chain.addBlock([pay]);
    await rig.w.tick();
    const spend = rig.chain.spend(
      [{ txid: pay.txid, vout: 0 }],
      { ...foreign, sats: 20_000 },
      { ...change(1), sats: 39_000 },
    );
    rig.chain.addBlock([spend]);
    await rig.w.tick();
    expect(await find(pay.txid)).toBeUndefined();

    // The spend's block is replaced by an empty one: the spend waits in the mempool again.
    rig.chain.reorg(1, [[]]);
    await rig.w.tick();
    expect(await find(pay.txid)).toMatchObject({ spentByTxid: spend.txid, confirmations: 2 });
    expect(await find(spend.txid, 1)).toMatchObject({ confirmations: 0, confirmedHeight: null });

    // Then it leaves the mempool too (replaced by a conflicting transaction we did not see): the coin is ours again.
    rig.chain.dropFromMempool(spend.txid);
    rig.chain.addBlock();
    await rig.w.tick();
    expect(await find(pay.txid)).toMatchObject({ spentByTxid: null, confirmations: 3 });
    expect(await find(spend.txid, 1)).toBeUndefined();
  });

  it('is for admins only', async () => {
    await expect(callerAs(rig.t, alice).bitcoin.utxos()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
