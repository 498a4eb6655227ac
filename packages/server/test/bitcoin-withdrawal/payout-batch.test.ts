// #32: approved Bitcoin withdrawals leave in payout batches: an unsigned PSBT from confirmed coins, signed with the
// test key (the BIP84 vector's seed) as the operator's wallet would, checked, broadcast to the fake Esplora as a real
// transaction, and paid when it confirms. The tests run in order on one chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { hex } from '@scure/base';
import * as btc from '@scure/btc-signer';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger.service.ts';
import { DROPPED_AFTER_MS } from '../../src/modules/bitcoin/bitcoin.batch.settle.ts';
import { type BitcoinRig, startBitcoinRig } from '../bitcoin-helpers.ts';
import { editPsbt, KEY_ORIGIN, MASTER, readPsbt, signPsbt } from '../bitcoin-wallet.ts';
import { expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';

const ADDRESS = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const OTHER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const FEE = 5_000;

describe('Bitcoin payout batches (#32)', () => {
  let rig: BitcoinRig;
  let ann: TestUser;
  let bob: TestUser;
  let carl: TestUser;
  const admin = () => callerAs(rig.t, rig.admin);
  const batches = () => admin().bitcoin.payoutBatch;
  const db = () => rig.t.handle.db;

  /** A member's Bitcoin withdrawal, approved by the admin. */
  async function approved(user: TestUser, amount: string, address = ADDRESS): Promise<string> {
    const w = await callerAs(rig.t, user).withdrawal.request({
      method: 'bitcoin',
      asset: 'BTC',
      amount,
      address,
      idempotencyKey: newKey(),
    });
    await admin().withdrawal.review({ id: w.id, decision: 'approve' });
    return w.id;
  }
  /** Mines `txs` and one more block, then lets the watcher read them (2 confirmations). */
  async function mine(...txs: Parameters<typeof rig.chain.addBlock>[0] & object[]) {
    rig.chain.addBlock(txs);
    rig.chain.addBlock();
    await rig.w.tick();
  }
  const batch = async (id: string) => (await batches().list()).items.find((b) => b.id === id)!;
  const withdrawal = (id: string) =>
    db()
      .selectFrom('withdrawals')
      .select(['status', 'payout_batch_id', 'payout_reference'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const reservedBy = async (id: string) =>
    (await admin().bitcoin.utxos()).items.filter((u) => u.reservedBy === id).map((u) => `${u.txid}:${u.vout}`);
  const platformSats = async (kind: string) => {
    const r = await db()
      .selectFrom('ledger_accounts')
      .select(sql<string>`balance::text`.as('b'))
      .where('user_id', 'is', null)
      .where('kind', '=', kind as never)
      .where('asset', '=', 'BTC')
      .executeTakeFirst();
    return BigInt(r?.b ?? '0');
  };

  beforeAll(async () => {
    rig = await startBitcoinRig(
      { BTC_WITHDRAWAL_FEE_SATS: String(FEE), BTC_KEY_ORIGIN: KEY_ORIGIN },
      { livePrices: true },
    );
    ann = await insertUser(db(), { firstName: 'Ann', tier: 2 });
    bob = await insertUser(db(), { firstName: 'Bob', tier: 2 });
    carl = await insertUser(db(), { firstName: 'Carl', tier: 2 });
    await rig.w.tick();
    // Ann holds 0.01 BTC and Bob 0.006 BTC, each credited by a real payment (coins A and B).
    await mine(rig.chain.tx(await rig.payTo(ann, 1_000_000)), rig.chain.tx(await rig.payTo(bob, 600_000)));
    expect(await rig.satsOf(ann.id)).toBe(1_000_000n);
  });
  afterAll(async () => {
    await expectLedgerConsistent(db());
    await rig.close();
  });

  let first: { id: string; psbt: string; withdrawalId: string };

  it('builds an unsigned PSBT from a confirmed coin, with witnessUtxo and bip32Derivation, reserving its coin', async () => {
    const withdrawalId = await approved(ann, '0.002');
    const built = await batches().build({});
    first = { ...built, withdrawalId };
    const tx = readPsbt(built.psbt);
    expect(tx.isFinal).toBe(false);
    expect(tx.inputsLength).toBe(1);
    const input = tx.getInput(0);
    expect(input.witnessUtxo?.amount).toBe(1_000_000n);
    const der = input.bip32Derivation![0]![1];
    expect(der.fingerprint).toBe(0x73c5da0a);
    expect(der.path).toEqual(btc.bip32Path(`m/84'/0'/0'/0/${ann.seq}`));
    // The payment, then our change to the first change address (m/1/0), at Esplora's 6-block estimate (10.5 sat/vB).
    expect(tx.getOutputAddress(0)).toBe(ADDRESS);
    expect(tx.getOutput(0).amount).toBe(200_000n);
    const change = MASTER.derive("m/84'/0'/0'/1/0");
    expect(tx.getOutputAddress(1)).toBe(btc.p2wpkh(change.publicKey!).address);
    const b = await batch(built.id);
    expect(b).toMatchObject({ status: 'built', feeRate: 10.5, txid: null, change: { index: 0 } });
    expect(b.withdrawals).toEqual([{ id: withdrawalId, address: ADDRESS, amount: '0.00200000', sats: '200000' }]);
    expect(Number(b.feeSats)).toBe(Math.ceil(141 * 10.5));
    expect(1_000_000n - 200_000n - tx.getOutput(1).amount!).toBe(BigInt(b.feeSats));
    expect(await reservedBy(built.id)).toEqual([`${b.inputs[0]!.txid}:${b.inputs[0]!.vout}`]);
    expect(await withdrawal(withdrawalId)).toMatchObject({ status: 'approved', payout_batch_id: built.id });
    // Nothing else waits: a second build has nothing to pay.
    expect(await failure(batches().build({}))).toMatchObject({ status: 409 });
  });

  it.each([
    [
      'an output changed by one satoshi',
      (t: btc.Transaction) => t.updateOutput(0, { amount: 200_001n }),
      'pays 200001 sats where the batch pays 200000',
    ],
    [
      'another address',
      (t: btc.Transaction) =>
        t.updateOutput(0, { script: btc.OutScript.encode(btc.Address(btc.NETWORK).decode(OTHER)) }),
      'pays a script the batch does not pay',
    ],
    ['an extra output', (t: btc.Transaction) => t.addOutputAddress(OTHER, 1_000n), 'has 3 outputs; the batch pays 2'],
    [
      'a foreign input',
      (t: btc.Transaction) =>
        t.addInput({
          txid: hex.decode('ab'.repeat(32)),
          index: 0,
          witnessUtxo: { script: t.getInput(0).witnessUtxo!.script, amount: 50_000n },
        }),
      'is not a coin this batch set aside',
    ],
  ])('refuses a PSBT with %s: nothing broadcast, the batch unchanged', async (_what, edit, reason) => {
    const tampered = signPsbt(editPsbt(first.psbt, edit));
    const err = await failure(batches().submit({ id: first.id, psbt: tampered }));
    expect(err.status).toBe(400);
    expect(err.message).toContain(reason);
    expect(rig.chain.broadcasts).toHaveLength(0);
    expect(await batch(first.id)).toMatchObject({ status: 'built', txid: null });
    expect(await withdrawal(first.withdrawalId)).toMatchObject({ status: 'approved' });
  });

  it('refuses an unsigned PSBT and one signed by another key', async () => {
    const unsigned = await failure(batches().submit({ id: first.id, psbt: first.psbt }));
    expect(unsigned).toMatchObject({ status: 400 });
    expect(unsigned.message).toContain('not fully signed');
    // A witness whose key is not the key of the coin's address (the signature moved over to a stranger's key).
    const stranger = MASTER.derive("m/84'/0'/1'/0/0").publicKey!;
    const wrong = editPsbt(signPsbt(first.psbt), (t) => {
      t.finalizeIdx(0);
      const [sig] = t.getInput(0).finalScriptWitness!;
      t.updateInput(0, { finalScriptWitness: [sig!, stranger] }, true);
    });
    const err = await failure(batches().submit({ id: first.id, psbt: wrong }));
    expect(err).toMatchObject({ status: 400 });
    expect(err.message).toContain('not signed by the key of its address');
    expect(rig.chain.broadcasts).toHaveLength(0);
  });

  it('marks nothing sent when the network refuses the transaction', async () => {
    rig.chain.refuseBroadcasts('min relay fee not met');
    const err = await failure(batches().submit({ id: first.id, psbt: signPsbt(first.psbt) }));
    rig.chain.refuseBroadcasts(null);
    expect(err.status).toBe(409);
    expect(err.message).toContain('min relay fee not met');
    expect(await batch(first.id)).toMatchObject({ status: 'built' });
    expect(await withdrawal(first.withdrawalId)).toMatchObject({ status: 'approved', payout_reference: null });
    expect((await admin().bitcoin.utxos()).items.every((u) => u.spentByTxid === null)).toBe(true);
  });

  it('accepts the signed PSBT, broadcasts it, and pays the withdrawal once it confirms; reserves equal the chain', async () => {
    const sent = await batches().submit({ id: first.id, psbt: signPsbt(first.psbt) });
    expect(sent.status).toBe('sent');
    expect(rig.chain.broadcasts.map((t) => t.txid)).toEqual([sent.txid]);
    expect(await withdrawal(first.withdrawalId)).toMatchObject({ status: 'sent', payout_reference: sent.txid });
    // Sent, not paid: the member's satoshis stay held until the network confirms.
    await rig.w.tick();
    expect((await batch(first.id)).status).toBe('sent');
    await mine(rig.chain.broadcasts[0]!);
    const paid = await batch(first.id);
    expect(paid.status).toBe('paid');
    expect(await withdrawal(first.withdrawalId)).toMatchObject({ status: 'paid' });
    const fee = BigInt(paid.feeSats);
    // The coin set: coin A spent, our change confirmed, and nothing reserved any more.
    const utxos = await admin().bitcoin.utxos();
    const chainSats = 1_000_000n + 600_000n - 200_000n - fee;
    expect(utxos.confirmed).toBe((Number(chainSats) / 1e8).toFixed(8));
    expect(utxos.items.find((u) => u.chain === 'change')).toMatchObject({ index: 0, reservedBy: null });
    // The journal: the chain account stands for exactly the coins on chain; the member's fee is revenue and the
    // network fee an expense; the ledger check holds.
    expect(-(await platformSats('chain'))).toBe(chainSats);
    expect(await platformSats('revenue')).toBe(BigInt(FEE));
    expect(await platformSats('network_fees')).toBe(-fee);
    const summary = await callerAs(rig.t, null).reserves.summary();
    const row = summary.assets.find((a) => a.asset === 'BTC')!;
    expect(row.reserves).toBe((Number(chainSats) / 1e8).toFixed(8));
    expect(row.liabilities).toBe('0.01395000');
    const check = await verifyLedger(db());
    expect(check.ok && check.platform.ok).toBe(true);
  });

  let carlBatch = '';

  it('never spends an unconfirmed coin or a reserved one: not enough confirmed coins is a 409 reserving nothing', async () => {
    // Carl's 0.03 BTC arrives and is credited (coin C); a small batch for Bob then reserves C (the largest).
    await mine(rig.chain.tx(await rig.payTo(carl, 3_000_000)));
    const small = await batches().build({ withdrawalIds: [await approved(bob, '0.001')] });
    expect((await batch(small.id)).inputs.map((i) => i.sats)).toEqual(['3000000']);
    // Coins that are ours but not confirmed twice: 0.05 in the mempool, 0.04 in one block.
    rig.chain.addToMempool(rig.chain.tx(await rig.payTo(ann, 5_000_000)));
    rig.chain.addBlock([rig.chain.tx(await rig.payTo(bob, 4_000_000))]);
    await rig.w.tick();
    const carlW = await approved(carl, '0.029');
    const err = await failure(batches().build({ withdrawalIds: [carlW] }));
    expect(err.status).toBe(409);
    expect(err.message).toContain('Not enough confirmed coins');
    expect(await withdrawal(carlW)).toMatchObject({ status: 'approved', payout_batch_id: null });
    expect((await batches().list()).items).toHaveLength(2);
    // Cancelling the small batch releases C and gives Bob's withdrawal back to the queue.
    const cancelled = await batches().cancel({ id: small.id });
    expect(cancelled.status).toBe('cancelled');
    expect(await reservedBy(small.id)).toEqual([]);
    expect(await failure(batches().cancel({ id: small.id }))).toMatchObject({ status: 409 });
    expect(await failure(batches().submit({ id: small.id, psbt: signPsbt(small.psbt) }))).toMatchObject({
      status: 409,
    });
    // Now C pays Carl, at Esplora's estimate capped by BTC_MAX_FEE_RATE (50 sat/vB); the unconfirmed coins stay.
    rig.chain.setFeeEstimates({ '2': 900, '6': 400, '144': 90 });
    carlBatch = (await batches().build({ withdrawalIds: [carlW] })).id;
    const b = await batch(carlBatch);
    expect(b.inputs.map((i) => i.sats)).toEqual(['3000000']);
    expect(b.feeRate).toBe(50);
    rig.chain.setFeeEstimates({ '6': 10.5 });
  });

  it('refuses a fee rate above BTC_MAX_FEE_RATE, building nothing', async () => {
    const before = (await batches().list()).items.length;
    const err = await failure(batches().build({ feeRate: 51 }));
    expect(err.status).toBe(400);
    expect(err.message).toContain('BTC_MAX_FEE_RATE');
    expect((await batches().list()).items).toHaveLength(before);
  });

  let pair: string[] = [];

  it('gives two builds at once different coins', async () => {
    // Bob's withdrawal waits again (its batch was cancelled); Ann asks for another. Free and confirmed: Bob's coin B
    // and our change; each build reserves one, the other build the other.
    await rig.w.tick();
    const annW = await approved(ann, '0.001');
    const waiting = await db()
      .selectFrom('withdrawals')
      .select('id')
      .where('status', '=', 'approved')
      .where('payout_batch_id', 'is', null)
      .execute();
    const bobW = waiting.map((w) => w.id).find((id) => id !== annW)!;
    const built = await Promise.all([
      batches().build({ withdrawalIds: [annW] }),
      batches().build({ withdrawalIds: [bobW] }),
    ]);
    pair = built.map((b) => b.id);
    const [a, b] = await Promise.all(built.map((x) => reservedBy(x.id)));
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a![0]).not.toBe(b![0]);
  });

  it('lists a replaced and a dropped transaction as exceptions; the funds stay held', async () => {
    const [p, q] = pair as [string, string];
    const sentP = await batches().submit({ id: p, psbt: signPsbt((await batch(p)).psbt) });
    const sentQ = await batches().submit({ id: q, psbt: signPsbt((await batch(q)).psbt) });
    // P leaves the mempool and nothing takes its place; Q is replaced by a transaction spending its coin.
    rig.chain.dropFromMempool(sentP.txid!);
    rig.chain.dropFromMempool(sentQ.txid!);
    const coinQ = sentQ.inputs[0]!;
    await mine(
      rig.chain.spend([{ txid: coinQ.txid, vout: coinQ.vout }], { scriptHex: `0014${'11'.repeat(20)}`, sats: 1 }),
    );
    expect(await batch(q)).toMatchObject({ status: 'exception', exception: 'replaced' });
    expect((await batch(p)).status).toBe('sent');
    rig.clock.advanceMs(DROPPED_AFTER_MS);
    await rig.w.tick();
    expect(await batch(p)).toMatchObject({ status: 'exception', exception: 'dropped' });
    const exceptions = (await admin().bitcoin.exceptions()).items.filter((e) => e.kind === 'payout_batch');
    expect(exceptions.map((e) => e.withdrawalId).sort()).toEqual(
      [...sentP.withdrawals, ...sentQ.withdrawals].map((w) => w.id).sort(),
    );
    for (const w of [...sentP.withdrawals, ...sentQ.withdrawals]) expect((await withdrawal(w.id)).status).toBe('sent');
    const check = await verifyLedger(db());
    expect(check.ok && check.platform.ok).toBe(true);
  });
});
