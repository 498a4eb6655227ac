// #32: a Bitcoin withdrawal takes BTC from the member's holding, held at once with the flat fee on top, to an
// address checked by its checksum and network; reviewed with four eyes; rejecting or cancelling gives it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { startTestApp } from '../../src/test/harness.ts';
import { type BitcoinRig, startBitcoinRig } from '../bitcoin-helpers.ts';
import { balanceOf, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';

const ADDRESS = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const FEE = 7_000;

describe('Bitcoin withdrawals: the request (#32)', () => {
  let rig: BitcoinRig;
  let ann: TestUser;
  let otherAdmin: TestUser;
  beforeAll(async () => {
    rig = await startBitcoinRig({ BTC_WITHDRAWAL_FEE_SATS: String(FEE) }, { livePrices: true });
    ann = await insertUser(rig.t.handle.db, { tier: 1, firstName: 'Ann', balanceCents: 50_000 });
    otherAdmin = await insertUser(rig.t.handle.db, { accountType: 'admin', tier: 1 });
    // Ann holds 0.01 BTC, credited by a real payment to her deposit address.
    await rig.w.tick();
    rig.chain.addBlock([rig.chain.tx(await rig.payTo(ann, 1_000_000))]);
    rig.chain.addBlock();
    await rig.w.tick();
    expect(await rig.satsOf(ann.id)).toBe(1_000_000n);
  });
  afterAll(async () => {
    await expectLedgerConsistent(rig.t.handle.db);
    await rig.close();
  });

  const as = (u: TestUser) => callerAs(rig.t, u).withdrawal;
  const request = (amount: string, address = ADDRESS, idempotencyKey = newKey()) =>
    as(ann).request({ method: 'bitcoin', asset: 'BTC', amount, address, idempotencyKey });
  const heldSats = async (userId: string) => {
    const row = await rig.t.handle.db
      .selectFrom('ledger_accounts')
      .select(sql<string>`balance::text`.as('balance'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'withdrawal_hold')
      .where('asset', '=', 'BTC')
      .executeTakeFirst();
    return BigInt(row?.balance ?? '0');
  };
  const count = async () =>
    Number(
      (
        await rig.t.handle.db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('tells the member the fee, the network and the smallest amount', async () => {
    expect(await as(ann).bitcoinTerms()).toEqual({
      enabled: true,
      network: 'mainnet',
      fee: '0.00007000',
      feeSats: FEE,
      minimum: '0.00000547',
    });
  });

  it('holds the amount and the fee in BTC at once; the dollars stay; the address gets exactly the amount', async () => {
    const w = await request('0.002');
    expect(w).toMatchObject({
      method: 'bitcoin',
      status: 'pending',
      amount: 0,
      details: ADDRESS,
      btcAmount: '0.00200000',
      btcFee: '0.00007000',
    });
    expect(await rig.satsOf(ann.id)).toBe(1_000_000n - 200_000n - 7_000n);
    expect(await heldSats(ann.id)).toBe(207_000n);
    expect(await balanceOf(rig.t.handle.db, ann.id)).toBe(50_000);
    const row = await rig.t.handle.db
      .selectFrom('withdrawals')
      .select(['sats', 'fee_sats', 'amount_cents'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sats: 200_000, fee_sats: 7_000, amount_cents: 0 });
    // Rejected by a second admin: everything comes back, with the reason.
    const rejected = await as(rig.admin).review({ id: w.id, decision: 'reject', reason: 'Address not verified' });
    expect(rejected.status).toBe('rejected');
    expect(await rig.satsOf(ann.id)).toBe(1_000_000n);
    expect(await heldSats(ann.id)).toBe(0n);
  });

  it('is idempotent by key: the same request answers the first, another amount under the key is refused', async () => {
    const key = newKey();
    const a = await request('0.001', ADDRESS, key);
    const b = await request('0.001', ADDRESS, key);
    expect(b.id).toBe(a.id);
    expect(await heldSats(ann.id)).toBe(107_000n);
    expect(await failure(request('0.0011', ADDRESS, key))).toMatchObject({ status: 409 });
    // The owner cancels while pending: the hold comes back.
    expect((await as(ann).cancel({ id: a.id })).status).toBe('cancelled');
    expect(await heldSats(ann.id)).toBe(0n);
    expect(await rig.satsOf(ann.id)).toBe(1_000_000n);
  });

  it('refuses more than the holding (the fee counted), writing nothing', async () => {
    const before = await count();
    // 0.00995 + 0.00007 fee = 0.01002 BTC > 0.01 held.
    expect(await failure(request('0.00995'))).toMatchObject({ status: 422 });
    expect(await count()).toBe(before);
    expect(await rig.satsOf(ann.id)).toBe(1_000_000n);
    // Exactly the holding with its fee is fine.
    const all = await request('0.00993');
    expect(await rig.satsOf(ann.id)).toBe(0n);
    await as(ann).cancel({ id: all.id });
  });

  it.each([
    ['a testnet address', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'Bitcoin testnet'],
    ['a typo', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9h', 'checksum does not match'],
    ['a witness version we cannot pay', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'SegWit version 2'],
    ['not an address', '0x52908400098527886E0F7030069857D2E4169EE7', 'not a Bitcoin address'],
  ])('refuses %s with the reason, holding nothing', async (_what, address, reason) => {
    const before = await count();
    const err = await failure(request('0.001', address));
    expect(err.status).toBe(400);
    expect(err.message).toContain(reason);
    expect(await count()).toBe(before);
    expect(await rig.satsOf(ann.id)).toBe(1_000_000n);
  });

  it.each([
    ['dust', '0.00000546', 'more than 0.00000546 BTC'],
    ['a ninth decimal', '0.000000001', 'decimal'],
    ['zero', '0', ''],
  ])('refuses an amount of %s', async (_what, amount, reason) => {
    const err = await failure(request(amount));
    expect(err.status).toBe(400);
    expect(err.message).toContain(reason);
  });

  it('is reviewed with four eyes: approved by another admin it waits for a payout batch, once', async () => {
    const w = await request('0.003');
    const approved = await as(rig.admin).review({ id: w.id, decision: 'approve' });
    expect(approved).toMatchObject({ status: 'approved', payoutReference: null, btcAmount: '0.00300000' });
    // Still held: approving moves no coins, the batch will.
    expect(await heldSats(ann.id)).toBe(307_000n);
    expect(await failure(as(otherAdmin).review({ id: w.id, decision: 'approve' }))).toMatchObject({
      status: 409,
      message: 'This withdrawal was already approved; it waits for the next Bitcoin payout.',
    });
    // Approved, the owner can no longer cancel it.
    expect((await failure(as(ann).cancel({ id: w.id }))).status).toBe(409);
    const audit = await rig.t.handle.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', w.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('withdrawal.approveBitcoin');
    const notes = await callerAs(rig.t, ann).notification.list({});
    expect(JSON.stringify(notes)).toContain('goes out with our next Bitcoin payout');
  });

  it("an admin's own Bitcoin withdrawal is reviewed by another admin", async () => {
    await rig.w.tick();
    rig.chain.addBlock([rig.chain.tx(await rig.payTo(otherAdmin, 100_000))]);
    rig.chain.addBlock();
    await rig.w.tick();
    const own = await as(otherAdmin).request({
      method: 'bitcoin',
      asset: 'BTC',
      amount: '0.0005',
      address: ADDRESS,
      idempotencyKey: newKey(),
    });
    expect((await failure(as(otherAdmin).review({ id: own.id, decision: 'approve' }))).status).toBe(403);
    expect((await as(rig.admin).review({ id: own.id, decision: 'approve' })).status).toBe('approved');
  });
});

describe('Bitcoin withdrawals without a Bitcoin wallet (#32)', () => {
  it('are refused with the reason, and the terms say they are off', async () => {
    const t = await startTestApp();
    try {
      const bob = await insertUser(t.handle.db, { tier: 1 });
      const w = callerAs(t, bob).withdrawal;
      expect((await w.bitcoinTerms()).enabled).toBe(false);
      const err = await failure(
        w.request({ method: 'bitcoin', asset: 'BTC', amount: '0.001', address: ADDRESS, idempotencyKey: newKey() }),
      );
      expect(err).toMatchObject({ status: 409 });
      expect(err.message).toContain('no Bitcoin wallet configured');
    } finally {
      await t.close();
    }
  });
});

describe('Bitcoin withdrawals closed by the operator (#32)', () => {
  it('are refused with BTC_WITHDRAWALS_OPEN=false even with a wallet, and the terms say they are off', async () => {
    const rig = await startBitcoinRig({ BTC_WITHDRAWALS_OPEN: 'false' });
    try {
      const bob = await insertUser(rig.t.handle.db, { tier: 1 });
      const w = callerAs(rig.t, bob).withdrawal;
      expect((await w.bitcoinTerms()).enabled).toBe(false);
      const err = await failure(
        w.request({ method: 'bitcoin', asset: 'BTC', amount: '0.001', address: ADDRESS, idempotencyKey: newKey() }),
      );
      expect(err).toMatchObject({ status: 409 });
      expect(err.message).toContain('closed on this platform');
      const rows = await rig.t.handle.db.selectFrom('withdrawals').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await rig.close();
    }
  });
});
