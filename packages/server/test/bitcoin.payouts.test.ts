// #34 "Money that looks done but is not": a crypto payout approved with a transaction id is `sent` until the chain
// shows that transaction paying the member's address at least the declared satoshis (with BTC_CONFIRMATIONS), then
// `paid`, once; one that never appears, or pays elsewhere or less, is an exception and stays sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWithdrawal } from '@vestora/contract';
import type { TestUser } from '../src/test/factories.ts';
import { createPayoutChecker, startPayoutChecker } from '../src/modules/bitcoin/bitcoin.payouts.ts';
import { createEsploraClient } from '../src/modules/bitcoin/esplora.client.ts';
import { verifyLedger } from '../src/modules/ledger/ledger.service.ts';
import { callerAs, insertUser } from '../src/test/factories.ts';
import { type BitcoinRig, silentLog, startBitcoinRig } from './bitcoin-helpers.ts';
import { balanceOf, entriesFor, expectLedgerConsistent, failure, newKey } from './money/money-helpers.ts';

const HOUR = 3_600_000;
/** The member's payout address and its P2WPKH script, and another address. */
const PAYOUT = {
  address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
  scriptHex: '00149c90f934ea51fa0f6504177043e0908da6929983',
};
const OTHER = {
  address: 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el',
  scriptHex: '00143e34985dca6fddc9fb369940e4c7d8e2873f529c',
};

describe('crypto payouts: sent until the chain shows them paid (#34)', () => {
  let rig: BitcoinRig;
  let gus: TestUser;
  let checker: ReturnType<typeof createPayoutChecker>;
  beforeAll(async () => {
    rig = await startBitcoinRig({ BTC_PAYOUT_WINDOW_HOURS: '24' });
    gus = await insertUser(rig.t.handle.db, { tier: 1, firstName: 'Gus', balanceCents: 1_000_000 });
    checker = createPayoutChecker({
      db: rig.t.handle.db,
      config: rig.t.config,
      clock: rig.clock,
      esplora: createEsploraClient(rig.chain.url, { timeoutMs: 10_000 }),
    });
  });
  afterAll(async () => {
    await expectLedgerConsistent(rig.t.handle.db);
    await rig.close();
  });

  const admin = () => callerAs(rig.t, rig.admin);
  const request = (amount = 100) =>
    callerAs(rig.t, gus).withdrawal.request({
      amount,
      method: 'crypto',
      details: PAYOUT.address,
      idempotencyKey: newKey(),
    });
  const send = async (txid: string, sats: number, amount = 100) => {
    const w = await request(amount);
    return admin().withdrawal.review({ id: w.id, decision: 'approve', payoutReference: txid, payoutSats: sats });
  };
  const asMember = async (id: string): Promise<TWithdrawal> =>
    (await callerAs(rig.t, gus).withdrawal.list({ limit: 100 })).items.find((w) => w.id === id)!;
  const exceptionsOf = async (id: string) =>
    (await admin().bitcoin.exceptions()).items.filter((e) => e.kind === 'payout_mismatch' && e.withdrawalId === id);
  const auditOf = (id: string, action: string) =>
    rig.t.handle.db
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('entity_id', '=', id)
      .where('action', '=', action)
      .execute();

  it('approving a crypto payout needs a Bitcoin txid and the satoshis (400s), then it is sent, not paid', async () => {
    const w = await request();
    const noTxid = await failure(admin().withdrawal.review({ id: w.id, decision: 'approve', payoutSats: 1000 }));
    expect(noTxid).toMatchObject({ status: 400 });
    expect(noTxid.message).toMatch(/Bitcoin transaction id/);
    const madeUpWord = await failure(
      admin().withdrawal.review({ id: w.id, decision: 'approve', payoutReference: 'PAID', payoutSats: 1000 }),
    );
    expect(madeUpWord.status).toBe(400);
    const noSats = await failure(
      admin().withdrawal.review({ id: w.id, decision: 'approve', payoutReference: 'cd'.repeat(32) }),
    );
    expect(noSats).toMatchObject({ status: 400 });
    expect(noSats.message).toMatch(/satoshis/);
    for (const payoutSats of [0, -5, 1.5]) {
      const bad = await failure(
        admin().withdrawal.review({ id: w.id, decision: 'approve', payoutReference: 'cd'.repeat(32), payoutSats }),
      );
      expect(bad.status).toBe(400);
    }
    // Still pending after every refusal; then approved properly: sent, with the txid (lower case) and the sats.
    expect((await asMember(w.id)).status).toBe('pending');
    const sent = await admin().withdrawal.review({
      id: w.id,
      decision: 'approve',
      payoutReference: 'CD'.repeat(32),
      payoutSats: 110_000,
    });
    expect(sent).toMatchObject({
      status: 'sent',
      payoutReference: 'cd'.repeat(32),
      payoutSats: 110_000,
      confirmedAt: null,
    });
    expect(await asMember(w.id)).toMatchObject({ status: 'sent' });
    // Approving again is refused in the status's own words; the member cannot cancel it either.
    const again = await failure(
      admin().withdrawal.review({
        id: w.id,
        decision: 'approve',
        payoutReference: 'cd'.repeat(32),
        payoutSats: 110_000,
      }),
    );
    expect(again).toMatchObject({ status: 409 });
    expect(again.message).toMatch(/waits for the network/);
    expect((await failure(callerAs(rig.t, gus).withdrawal.cancel({ id: w.id }))).status).toBe(409);
    // One transaction pays one withdrawal to an address: the same txid for a second one is refused (409).
    const twin = await request();
    const reused = await failure(
      admin().withdrawal.review({ id: twin.id, decision: 'approve', payoutReference: 'cd'.repeat(32), payoutSats: 1 }),
    );
    expect(reused).toMatchObject({ status: 409 });
    expect(reused.message).toMatch(/already the payout of another withdrawal/);
    expect((await asMember(twin.id)).status).toBe('pending');
    await admin().withdrawal.review({ id: twin.id, decision: 'reject', reason: 'Test: a second request' });
    // The member is told it was sent (not paid).
    const notes = (await callerAs(rig.t, gus).notification.list({ limit: 25 })).items;
    const sentNotes = notes.filter((n) => n.kind === 'withdrawal.sent');
    expect(sentNotes).toHaveLength(1);
    expect(sentNotes[0]).toMatchObject({ title: 'Withdrawal of $100.00 sent' });
    expect(sentNotes[0]!.body).toContain('cd'.repeat(32));
    expect(notes.some((n) => n.kind === 'withdrawal.paid')).toBe(false);
  });

  it('a made-up txid stays sent, then becomes an exception once the window has passed (and only once)', async () => {
    const before = await balanceOf(rig.t.handle.db, gus.id);
    const w = await send('ab'.repeat(32), 50_000);
    expect(w.status).toBe('sent');
    await checker.check();
    expect((await asMember(w.id)).status).toBe('sent');
    expect(await exceptionsOf(w.id)).toEqual([]);
    rig.clock.advanceMs(23 * HOUR);
    await checker.check();
    expect(await exceptionsOf(w.id)).toEqual([]);
    rig.clock.advanceMs(HOUR);
    await checker.check();
    await checker.check();
    const flagged = await exceptionsOf(w.id);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({
      userId: gus.id,
      txid: 'ab'.repeat(32),
      sats: 50_000,
      amount: 100,
      resolvedAt: null,
      detailMsg: { id: 'bitcoin.exception.payoutNotSeen', values: { hours: 24 } },
    });
    expect(flagged[0]!.detail).toMatch(/stays sent, not paid/);
    // Never silently paid: still sent, its funds still held (one hold entry, no other), the books still add up.
    expect(await asMember(w.id)).toMatchObject({ status: 'sent', confirmedAt: null });
    expect(await balanceOf(rig.t.handle.db, gus.id)).toBe(before - 10_000);
    expect((await entriesFor(rig.t.handle.db, w.id)).map((e) => e.kind)).toEqual(['withdrawal_hold']);
    expect(await verifyLedger(rig.t.handle.db)).toMatchObject({ ok: true, platform: { ok: true, difference: 0 } });
  });

  it('a transaction paying the address at least the sats becomes paid at the confirmations, exactly once', async () => {
    const tx = rig.chain.tx({ ...PAYOUT, sats: 120_000 }, { ...OTHER, sats: 5_000 });
    const w = await send(tx.txid, 120_000);
    rig.chain.addToMempool(tx);
    await checker.check();
    expect((await asMember(w.id)).status).toBe('sent'); // in the mempool: 0 confirmations
    rig.chain.addBlock([tx]);
    await checker.check();
    expect((await asMember(w.id)).status).toBe('sent'); // 1 of 2 confirmations
    rig.chain.addBlock();
    rig.clock.advanceMs(10 * 60_000);
    // Two checkers at once (as two instances would): one moves it, the other finds it paid already.
    const other = createPayoutChecker({
      db: rig.t.handle.db,
      config: rig.t.config,
      clock: rig.clock,
      esplora: createEsploraClient(rig.chain.url, { timeoutMs: 10_000 }),
    });
    const outcomes = await Promise.all([checker.check(), other.check()]);
    expect(outcomes.reduce((n, o) => n + o.paid, 0)).toBe(1);
    await checker.check();
    const paid = await asMember(w.id);
    expect(paid).toMatchObject({
      status: 'paid',
      payoutReference: tx.txid,
      confirmedAt: rig.clock.now().toISOString(),
    });
    const audits = await auditOf(w.id, 'withdrawal.confirmCrypto');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_id: null, after: { status: 'paid' } });
    const notes = (await callerAs(rig.t, gus).notification.list({ limit: 50 })).items.filter(
      (n) => n.kind === 'withdrawal.paid' && n.body?.includes(tx.txid),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe('Withdrawal of $100.00 paid');
    // No new posting at paid: the hold took the money when it was requested.
    expect((await entriesFor(rig.t.handle.db, w.id)).map((e) => e.kind)).toEqual(['withdrawal_hold']);
    expect(await exceptionsOf(w.id)).toEqual([]);
    expect(await verifyLedger(rig.t.handle.db)).toMatchObject({ ok: true, platform: { ok: true, difference: 0 } });
  });

  it('a confirmed transaction paying another address, or less than declared, is an exception at once and stays sent', async () => {
    const elsewhere = rig.chain.tx({ ...OTHER, sats: 200_000 });
    const short = rig.chain.tx({ ...PAYOUT, sats: 99_999 });
    rig.chain.addBlock([elsewhere, short]);
    rig.chain.addBlock();
    const wElsewhere = await send(elsewhere.txid, 200_000);
    const wShort = await send(short.txid, 100_000);
    await checker.check();
    await checker.check();
    expect((await asMember(wElsewhere.id)).status).toBe('sent');
    expect((await asMember(wShort.id)).status).toBe('sent');
    const [e1] = await exceptionsOf(wElsewhere.id);
    expect(e1).toMatchObject({
      detailMsg: { id: 'bitcoin.exception.payoutElsewhere', values: { address: PAYOUT.address } },
    });
    const shortExceptions = await exceptionsOf(wShort.id);
    expect(shortExceptions).toHaveLength(1);
    expect(shortExceptions[0]).toMatchObject({
      detailMsg: {
        id: 'bitcoin.exception.payoutShort',
        values: { address: PAYOUT.address, paid: 99_999, expected: 100_000 },
      },
    });
    // Days later they are still sent, never paid.
    rig.clock.advanceMs(48 * HOUR);
    await checker.check();
    expect((await asMember(wShort.id)).status).toBe('sent');
    expect(await exceptionsOf(wShort.id)).toHaveLength(1);
  });

  it('a payout flagged as never seen becomes paid when its transaction confirms later; the exception is resolved', async () => {
    const tx = rig.chain.tx({ ...PAYOUT, sats: 70_000 });
    const w = await send(tx.txid, 70_000);
    rig.clock.advanceMs(25 * HOUR);
    await checker.check();
    expect(await exceptionsOf(w.id)).toHaveLength(1);
    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    await checker.check();
    expect((await asMember(w.id)).status).toBe('paid');
    const [e] = await exceptionsOf(w.id);
    expect(e!.resolvedAt).toBe(rig.clock.now().toISOString());
  });

  it('runs as the leased `bitcoin-payouts` job', async () => {
    const tx = rig.chain.tx({ ...PAYOUT, sats: 30_000 });
    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    const w = await send(tx.txid, 30_000);
    const job = startPayoutChecker(
      { db: rig.t.handle.db, config: rig.t.config, clock: rig.clock, log: silentLog },
      undefined,
      createEsploraClient(rig.chain.url, { timeoutMs: 10_000 }),
    );
    try {
      await job.idle();
      await job.runNow();
      expect((await asMember(w.id)).status).toBe('paid');
      const lease = await rig.t.handle.db
        .selectFrom('job_leases')
        .selectAll()
        .where('name', '=', 'bitcoin-payouts')
        .executeTakeFirst();
      expect(lease).toMatchObject({ last_error: null });
      expect(lease!.last_finished_at).not.toBeNull();
    } finally {
      await job.stop();
    }
  });

  it('PayPal and bank payouts are unchanged: a typed reference marks them paid at once', async () => {
    const p = await callerAs(rig.t, gus).withdrawal.request({
      amount: 5,
      method: 'paypal',
      details: 'gus@example.com',
      idempotencyKey: newKey(),
    });
    expect(await admin().withdrawal.review({ id: p.id, decision: 'approve', payoutReference: 'PP-9' })).toMatchObject({
      status: 'paid',
      payoutSats: null,
    });
  });
});
