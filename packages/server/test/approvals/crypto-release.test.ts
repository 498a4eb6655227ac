// #34 "Money that looks done but is not": a crypto payout marked sent stays sent until the chain shows it paid; one
// that never is goes back to the member only by four eyes: one admin proposes the release, a second approves, and
// the held money returns to the member's balance once, through the journal. If the chain shows it paid meanwhile,
// the approval is refused and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicI18n } from '../../src/lib/errors.ts';
import { createPayoutChecker } from '../../src/modules/bitcoin/bitcoin.payouts.ts';
import { createEsploraClient } from '../../src/modules/bitcoin/esplora.client.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { type BitcoinRig, startBitcoinRig } from '../bitcoin-helpers.ts';
import { balanceOf, entriesFor, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';

const HOUR = 3_600_000;
/** The member's payout address and its P2WPKH script (as in bitcoin.payouts.test.ts). */
const PAYOUT = {
  address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
  scriptHex: '00149c90f934ea51fa0f6504177043e0908da6929983',
};

describe('releasing a crypto payout that stays sent (#34)', () => {
  let rig: BitcoinRig;
  let adminB: TestUser;
  /** The admin who marks payouts sent (#34: they do not decide a release of them). */
  let sender: TestUser;
  let gus: TestUser;
  let checker: ReturnType<typeof createPayoutChecker>;
  let txids = 0;
  beforeAll(async () => {
    rig = await startBitcoinRig({ BTC_PAYOUT_WINDOW_HOURS: '24' });
    adminB = await insertUser(rig.t.handle.db, { accountType: 'admin' });
    sender = await insertUser(rig.t.handle.db, { accountType: 'admin' });
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

  const adminA = () => callerAs(rig.t, rig.admin);
  const asB = () => callerAs(rig.t, adminB);
  const db = () => rig.t.handle.db;
  /** A txid no chain knows (a payout that never appears). */
  const madeUpTxid = () => (++txids).toString(16).padStart(64, 'e');
  const request = (method: 'crypto' | 'bank' | 'paypal' = 'crypto', amount = 100) =>
    callerAs(rig.t, gus).withdrawal.request({
      amount,
      method,
      details:
        method === 'crypto' ? PAYOUT.address : method === 'bank' ? 'PT50000201231234567890154' : 'gus@example.com',
      idempotencyKey: newKey(),
    });
  const send = async (txid = madeUpTxid(), sats = 100_000) => {
    const w = await request();
    return callerAs(rig.t, sender).withdrawal.review({
      id: w.id,
      decision: 'approve',
      payoutReference: txid,
      payoutSats: sats,
    });
  };
  const statusOf = async (id: string) =>
    (await db().selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const auditOf = (id: string, action: string) =>
    db()
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('entity_id', '=', id)
      .where('action', '=', action)
      .execute();
  const pendingReleases = async () =>
    (await asB().approval.list({ status: 'pending' })).filter((a) => a.kind === 'crypto_payout_release');
  /** The member's notifications that a payout came back (in-app; the e-mail goes with each). */
  const returnedNotes = async () =>
    (await callerAs(rig.t, gus).notification.list({ limit: 100 })).items.filter(
      (n) => n.kind === 'withdrawal.returned',
    );

  it('is refused for a payout that is not a crypto payout, or not sent: nothing is proposed', async () => {
    const bank = await request('bank');
    const paypal = await request('paypal');
    await adminA().withdrawal.review({ id: paypal.id, decision: 'approve', payoutReference: 'PP-1' });
    for (const id of [bank.id, paypal.id]) {
      const refused = await failure(adminA().withdrawal.proposeCryptoRelease({ id, reason: 'never arrived' }));
      expect(refused).toMatchObject({ status: 409, message: expect.stringMatching(/not a crypto payout/) });
    }
    const pending = await request();
    const notSent = await failure(adminA().withdrawal.proposeCryptoRelease({ id: pending.id, reason: 'x' }));
    expect(notSent).toMatchObject({ status: 409, message: expect.stringMatching(/this one is pending/) });
    await adminA().withdrawal.review({ id: pending.id, decision: 'reject', reason: 'Test: not needed' });
    const rejected = await failure(adminA().withdrawal.proposeCryptoRelease({ id: pending.id, reason: 'x' }));
    expect(rejected.message).toMatch(/this one is rejected/);
    // A paid one: the chain confirmed it.
    const tx = rig.chain.tx({ ...PAYOUT, sats: 100_000 });
    const paid = await send(tx.txid);
    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    await checker.check();
    expect(await statusOf(paid.id)).toBe('paid');
    const paidRefused = await failure(adminA().withdrawal.proposeCryptoRelease({ id: paid.id, reason: 'x' }));
    expect(paidRefused).toMatchObject({ status: 409, message: expect.stringMatching(/confirmed this payout paid/) });
    // No reason, no proposal (400); an unknown id is a 404; a member may not propose (403).
    const sent = await send();
    expect((await failure(adminA().withdrawal.proposeCryptoRelease({ id: sent.id, reason: ' ' }))).status).toBe(400);
    expect(
      (
        await failure(
          adminA().withdrawal.proposeCryptoRelease({ id: '00000000-0000-4000-8000-000000000000', reason: 'x' }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await failure(callerAs(rig.t, gus).withdrawal.proposeCryptoRelease({ id: sent.id, reason: 'x' }))).status,
    ).toBe(403);
    expect(await pendingReleases()).toEqual([]);
    await expectLedgerConsistent(db());
  });

  it("a stuck payout: the proposer cannot approve; a second admin's approval returns the money exactly once", async () => {
    const before = await balanceOf(db(), gus.id);
    const w = await send();
    expect(await balanceOf(db(), gus.id)).toBe(before - 100_00);
    rig.clock.advanceMs(25 * HOUR);
    await checker.check();
    const flagged = (await asB().bitcoin.exceptions()).items.filter((e) => e.withdrawalId === w.id);
    expect(flagged).toMatchObject([{ kind: 'payout_mismatch', resolvedAt: null }]);

    const ref = await adminA().withdrawal.proposeCryptoRelease({ id: w.id, reason: 'Transaction never broadcast' });
    expect(ref).toMatchObject({ status: 'pending' });
    // Proposed, nothing moved: still sent, still held.
    expect(await statusOf(w.id)).toBe('sent');
    expect(await balanceOf(db(), gus.id)).toBe(before - 100_00);
    const [listed] = await pendingReleases();
    expect(listed).toMatchObject({
      id: ref.id,
      userId: gus.id,
      amount: 100,
      reason: 'Transaction never broadcast',
      proposedBy: rig.admin.id,
      details: { withdrawalId: w.id, txid: w.payoutReference, sats: 100_000, address: PAYOUT.address },
    });
    // One pending release per payout.
    const twice = await failure(asB().withdrawal.proposeCryptoRelease({ id: w.id, reason: 'again' }));
    expect(twice).toMatchObject({ status: 409, message: expect.stringMatching(/already proposed/) });
    // The proposer cannot approve it (four eyes); nor can the member, who is no admin.
    const own = await failure(adminA().approval.approve({ id: ref.id }));
    expect(own).toMatchObject({ status: 403, message: expect.stringMatching(/You proposed this/) });
    expect((await failure(callerAs(rig.t, gus).approval.approve({ id: ref.id }))).status).toBe(403);
    expect(await statusOf(w.id)).toBe('sent');
    expect(await balanceOf(db(), gus.id)).toBe(before - 100_00);

    const approved = await asB().approval.approve({ id: ref.id });
    expect(approved).toMatchObject({ status: 'approved', decidedBy: adminB.id, kind: 'crypto_payout_release' });
    expect(await statusOf(w.id)).toBe('returned');
    expect(await balanceOf(db(), gus.id)).toBe(before);
    const entries = await entriesFor(db(), w.id);
    expect(entries.map((e) => [e.kind, Number(e.amount_cents)])).toEqual([
      ['withdrawal_hold', -100_00],
      ['withdrawal_release', 100_00],
    ]);
    expect(entries[1]!.actor_id).toBe(adminB.id);
    const audits = await auditOf(w.id, 'withdrawal.releaseCrypto');
    expect(audits).toMatchObject([{ actor_id: adminB.id, after: { status: 'returned' } }]);
    expect(await auditOf(ref.id, 'approval.approve')).toHaveLength(1);
    // The member is told, as for other returns (in-app and by mail).
    const notes = await returnedNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Withdrawal of $100.00 back in your balance' });
    expect(notes[0]!.body).toContain(w.payoutReference!);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('user_id', '=', gus.id)
      .where('subject', 'like', '%back in your balance%')
      .execute();
    expect(mail).toHaveLength(1);
    // The Overview's exception is resolved, by the approving admin.
    const resolved = (await asB().bitcoin.exceptions()).items.filter((e) => e.withdrawalId === w.id);
    expect(resolved[0]!.resolvedAt).toBe(rig.clock.now().toISOString());
    expect(await asB().ledger.verify()).toMatchObject({ ok: true });

    // Exactly once: approving again, proposing again and a late confirmation on the chain change nothing.
    expect((await failure(asB().approval.approve({ id: ref.id }))).status).toBe(409);
    const again = await failure(asB().withdrawal.proposeCryptoRelease({ id: w.id, reason: 'again' }));
    expect(again.message).toMatch(/this one is returned/);
    await checker.check();
    expect(await statusOf(w.id)).toBe('returned');
    expect(await balanceOf(db(), gus.id)).toBe(before);
    expect(await entriesFor(db(), w.id)).toHaveLength(2);
    await expectLedgerConsistent(db());
  });

  it('approving after the watcher saw it paid is refused and changes nothing', async () => {
    const tx = rig.chain.tx({ ...PAYOUT, sats: 90_000 });
    const w = await send(tx.txid, 90_000);
    const before = await balanceOf(db(), gus.id);
    const ref = await adminA().withdrawal.proposeCryptoRelease({ id: w.id, reason: 'Looks stuck' });
    // The transaction confirms after all: the checker makes it paid.
    rig.chain.addBlock([tx]);
    rig.chain.addBlock();
    await checker.check();
    expect(await statusOf(w.id)).toBe('paid');

    const refused = await failure(asB().approval.approve({ id: ref.id }));
    expect(refused).toMatchObject({
      status: 409,
      message: expect.stringMatching(/confirmed this payout paid meanwhile/),
    });
    // Nothing changed: the proposal still waits (to be rejected), the payout is paid, the money stays paid out.
    expect((await pendingReleases()).map((a) => a.id)).toContain(ref.id);
    expect(await statusOf(w.id)).toBe('paid');
    expect(await balanceOf(db(), gus.id)).toBe(before);
    expect((await entriesFor(db(), w.id)).map((e) => e.kind)).toEqual(['withdrawal_hold']);
    expect(await auditOf(w.id, 'withdrawal.releaseCrypto')).toEqual([]);
    expect(await auditOf(ref.id, 'approval.approve')).toEqual([]);
    const rejected = await asB().approval.reject({ id: ref.id, reason: 'Paid on the chain after all' });
    expect(rejected.status).toBe('rejected');
    expect(await asB().ledger.verify()).toMatchObject({ ok: true });
  });

  it('a rejected proposal leaves the payout sent, and a new one may be proposed', async () => {
    const w = await send();
    const notesBefore = (await returnedNotes()).length;
    const first = await adminA().withdrawal.proposeCryptoRelease({ id: w.id, reason: 'first try' });
    await asB().approval.reject({ id: first.id, reason: 'Wait one more day' });
    expect(await statusOf(w.id)).toBe('sent');
    const second = await asB().withdrawal.proposeCryptoRelease({ id: w.id, reason: 'Still not on the chain' });
    expect(second.id).not.toBe(first.id);
    await adminA().approval.approve({ id: second.id });
    expect(await statusOf(w.id)).toBe('returned');
    expect(await returnedNotes()).toHaveLength(notesBefore + 1);
  });

  it("an admin's own payout: they may neither propose nor approve its release", async () => {
    const owner = await insertUser(db(), { accountType: 'admin', balanceCents: 50_00, tier: 1 });
    const own = await callerAs(rig.t, owner).withdrawal.request({
      amount: 20,
      method: 'crypto',
      details: PAYOUT.address,
      idempotencyKey: newKey(),
    });
    await asB().withdrawal.review({ id: own.id, decision: 'approve', payoutReference: madeUpTxid(), payoutSats: 1 });
    const propose = await failure(callerAs(rig.t, owner).withdrawal.proposeCryptoRelease({ id: own.id, reason: 'x' }));
    expect(propose).toMatchObject({ status: 403, message: expect.stringMatching(/your own payout/) });
    const ref = await adminA().withdrawal.proposeCryptoRelease({ id: own.id, reason: 'stuck' });
    const approve = await failure(callerAs(rig.t, owner).approval.approve({ id: ref.id }));
    expect(approve).toMatchObject({ status: 403, message: expect.stringMatching(/your own money/) });
    expect(await statusOf(own.id)).toBe('sent');
    expect(await balanceOf(db(), owner.id)).toBe(30_00);
  });

  it('the admin who marked the payout sent may neither propose nor approve its release', async () => {
    const w = await send();
    expect(w.reviewedBy).toBe(sender.id);
    const asSender = () => callerAs(rig.t, sender);
    const propose = await failure(asSender().withdrawal.proposeCryptoRelease({ id: w.id, reason: 'stuck' }));
    expect(propose).toMatchObject({ status: 403, message: expect.stringMatching(/You marked this payout sent/) });
    // A translated message (the web shows it in the reader's language; the catalog check holds every language).
    const propose2 = asSender().withdrawal.proposeCryptoRelease({ id: w.id, reason: 'stuck' });
    expect(toPublicI18n(await propose2.catch((e: unknown) => e))).toEqual({ id: 'withdrawal.releaseSenderPropose' });
    expect((await pendingReleases()).filter((a) => a.details.withdrawalId === w.id)).toEqual([]);
    // Another admin proposes; the sender may not approve it, the proposal still waits, nothing moved.
    const before = await balanceOf(db(), gus.id);
    const ref = await adminA().withdrawal.proposeCryptoRelease({ id: w.id, reason: 'stuck' });
    const approve = await failure(asSender().approval.approve({ id: ref.id }));
    expect(approve).toMatchObject({ status: 403, message: expect.stringMatching(/You marked this payout sent/) });
    const approve2 = asSender().approval.approve({ id: ref.id });
    expect(toPublicI18n(await approve2.catch((e: unknown) => e))).toEqual({ id: 'withdrawal.releaseSenderApprove' });
    expect((await pendingReleases()).map((a) => a.id)).toContain(ref.id);
    expect(await statusOf(w.id)).toBe('sent');
    expect(await balanceOf(db(), gus.id)).toBe(before);
    expect(await auditOf(ref.id, 'approval.approve')).toEqual([]);
    // A third admin's approval releases it.
    await asB().approval.approve({ id: ref.id });
    expect(await statusOf(w.id)).toBe('returned');
    expect(await balanceOf(db(), gus.id)).toBe(before + 100_00);
  });
});
