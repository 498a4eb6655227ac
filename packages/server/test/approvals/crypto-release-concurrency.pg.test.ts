// #34: a stuck crypto payout's release under real concurrency (PostgreSQL: the calls run on separate pool
// connections and contend for the payout's and the proposal's rows). Admins approving at once give the money back
// once; an approval racing the payout checker's confirmation ends either paid or returned, never both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { createPayoutChecker } from '../../src/modules/bitcoin/bitcoin.payouts.ts';
import { createEsploraClient } from '../../src/modules/bitcoin/esplora.client.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { type BitcoinRig, startBitcoinRig } from '../bitcoin-helpers.ts';
import { balanceOf, entriesFor, expectLedgerConsistent, newKey } from '../money/money-helpers.ts';

const PAYOUT = {
  address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
  scriptHex: '00149c90f934ea51fa0f6504177043e0908da6929983',
};

async function together<T>(calls: (() => Promise<T>)[]) {
  const settled = await Promise.allSettled(calls.map((c) => c()));
  return {
    ok: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
    failed: settled.flatMap((s) => (s.status === 'rejected' ? [toPublicError(s.reason)] : [])),
  };
}

describe('crypto payout releases under real concurrency (PostgreSQL)', () => {
  let rig: BitcoinRig;
  let approvers: TestUser[];
  let member: TestUser;
  /** Marks payouts sent; #34: the admin who did may not propose or approve their release. */
  let sender: TestUser;
  beforeAll(async () => {
    rig = await startBitcoinRig();
    if (rig.t.handle.kind !== 'postgres')
      throw new Error('concurrency proofs need PostgreSQL (run the integration-pg project)');
    approvers = [];
    for (let i = 0; i < 6; i++) approvers.push(await insertUser(rig.t.handle.db, { accountType: 'admin' }));
    member = await insertUser(rig.t.handle.db, { tier: 1, balanceCents: 1_000_000 });
    sender = await insertUser(rig.t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await expectLedgerConsistent(rig.t.handle.db);
    await rig.close();
  });

  const send = async (txid: string, sats: number) => {
    const w = await callerAs(rig.t, member).withdrawal.request({
      amount: 100,
      method: 'crypto',
      details: PAYOUT.address,
      idempotencyKey: newKey(),
    });
    return callerAs(rig.t, sender).withdrawal.review({
      id: w.id,
      decision: 'approve',
      payoutReference: txid,
      payoutSats: sats,
    });
  };
  const statusOf = async (id: string) =>
    (await rig.t.handle.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('six admins approve one release at once: the money comes back once, the others get 409', async () => {
    const before = await balanceOf(rig.t.handle.db, member.id);
    const w = await send('f1'.repeat(32), 100_000);
    const ref = await callerAs(rig.t, rig.admin).withdrawal.proposeCryptoRelease({ id: w.id, reason: 'stuck' });
    const { ok, failed } = await together(
      approvers.map((a) => () => callerAs(rig.t, a).approval.approve({ id: ref.id })),
    );
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(5);
    for (const f of failed) expect(f.status).toBe(409);
    expect(await statusOf(w.id)).toBe('returned');
    expect(await balanceOf(rig.t.handle.db, member.id)).toBe(before);
    expect((await entriesFor(rig.t.handle.db, w.id)).map((e) => e.kind)).toEqual([
      'withdrawal_hold',
      'withdrawal_release',
    ]);
  });

  it('proposals at once for one payout: one waits, the others are refused', async () => {
    const w = await send('f2'.repeat(32), 100_000);
    const { ok, failed } = await together(
      approvers.map((a) => () => callerAs(rig.t, a).withdrawal.proposeCryptoRelease({ id: w.id, reason: 'stuck' })),
    );
    expect(ok).toHaveLength(1);
    for (const f of failed) expect(f.status).toBe(409);
    const pending = (await callerAs(rig.t, rig.admin).approval.list({ status: 'pending' })).filter(
      (a) => a.details.withdrawalId === w.id,
    );
    expect(pending).toHaveLength(1);
  });

  it('an approval racing the checker that sees it paid: paid or returned, once, and the books agree', async () => {
    const checker = createPayoutChecker({
      db: rig.t.handle.db,
      config: rig.t.config,
      clock: rig.clock,
      esplora: createEsploraClient(rig.chain.url, { timeoutMs: 10_000 }),
    });
    for (let round = 0; round < 4; round++) {
      const before = await balanceOf(rig.t.handle.db, member.id);
      const tx = rig.chain.tx({ ...PAYOUT, sats: 50_000 + round });
      const w = await send(tx.txid, 50_000 + round);
      const ref = await callerAs(rig.t, rig.admin).withdrawal.proposeCryptoRelease({ id: w.id, reason: 'stuck' });
      rig.chain.addBlock([tx]);
      rig.chain.addBlock();
      const [approval] = await Promise.allSettled([
        callerAs(rig.t, approvers[round]!).approval.approve({ id: ref.id }),
        checker.check(),
      ]);
      const status = await statusOf(w.id);
      const kinds = (await entriesFor(rig.t.handle.db, w.id)).map((e) => e.kind);
      if (approval.status === 'fulfilled') {
        expect(status).toBe('returned');
        expect(kinds).toEqual(['withdrawal_hold', 'withdrawal_release']);
        expect(await balanceOf(rig.t.handle.db, member.id)).toBe(before);
      } else {
        expect(toPublicError(approval.reason).status).toBe(409);
        expect(status).toBe('paid');
        expect(kinds).toEqual(['withdrawal_hold']);
        expect(await balanceOf(rig.t.handle.db, member.id)).toBe(before - 100_00);
      }
    }
    expect(await callerAs(rig.t, rig.admin).ledger.verify()).toMatchObject({ ok: true });
  });
});
