// Issue #27, part A: how a bank's files are read is decided by two admins, and closed accounts receive nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { startBitcoinRig } from '../bitcoin-helpers.ts';
import { balanceOf, expectLedgerConsistent, failure } from '../money/money-helpers.ts';

const HEADER = 'Booking date;Amount;Currency;Details;Transaction ID;Payer;Payer account;Balance';
const BANK_MAPPING = {
  date: 'Booking date',
  amount: 'Amount',
  currency: 'Currency',
  reference: 'Details',
  bankTransactionId: 'Transaction ID',
  counterpartyName: 'Payer',
  counterpartyAccount: 'Payer account',
  dateFormat: 'DD.MM.YYYY',
  decimalComma: true,
  delimiter: ';',
} as const;
// The poison: the amount read from the running balance.
const POISONED = { ...BANK_MAPPING, amount: 'Balance' };

describe('#27 a poisoned CSV mapping and closed accounts', () => {
  let t: TestApp;
  let adminA: TestUser;
  let adminB: TestUser;
  let victim: TestUser; // adminA's self-registered account
  let closed: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    adminA = await insertUser(t.handle.db, { accountType: 'admin' });
    adminB = await insertUser(t.handle.db, { accountType: 'admin' });
    victim = await insertUser(t.handle.db);
    closed = await insertUser(t.handle.db);
    await t.handle.db.updateTable('users').set({ closed_at: new Date() }).where('id', '=', closed.id).execute();
    await setDepositAccount(
      t,
      adminA,
      { accountNumber: '4000 1234 56', bankName: 'First Dollar Bank', accountHolder: 'Vestora Ltd' },
      adminB,
    );
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  it("admin A's mapping sent with one file is never saved: B's routine import is not read with it", async () => {
    const bait = `${HEADER}\n02.11.2026;0,01;USD;bait;A-1;;;1,00\n`;
    const r = await callerAs(t, adminA).statement.import({ format: 'csv', content: bait, mapping: POISONED });
    const [line] = await callerAs(t, adminA).statement.lines({ statementId: r.statementId });
    await callerAs(t, adminA).statement.dismiss({ lineId: line!.id, reason: 'test line' });
    // Before #27 the mapping was stored with the import and read the bank's next file.
    expect((await callerAs(t, adminB).statement.csvMapping({})).mapping).toBeNull();

    const bankFile = `${HEADER}\n03.11.2026;1,00;USD;Deposit ${victim.deposit_reference};B-1;Payer;DE89370400440532013000;250.000,00\n`;
    const routine = await failure(callerAs(t, adminB).statement.import({ format: 'csv', content: bankFile }));
    // Before: 200, a $250,000.00 credit to the victim proposed, which admin A then approved.
    expect(routine).toMatchObject({ status: 400, message: expect.stringMatching(/no saved CSV column mapping/) });
    expect(await balanceOf(t.handle.db, victim.id)).toBe(0);
  });

  it("a stored mapping is a proposal: the proposer cannot approve it; a second admin's approval stores it", async () => {
    const poisoned = await callerAs(t, adminA).statement.proposeCsvMapping({ mapping: POISONED });
    expect(poisoned.status).toBe('pending');
    expect((await failure(callerAs(t, adminA).approval.approve({ id: poisoned.id }))).status).toBe(403);
    await callerAs(t, adminB).approval.reject({ id: poisoned.id, reason: 'amount read from the balance column' });
    expect((await callerAs(t, adminB).statement.csvMapping({})).mapping).toBeNull();

    const proper = await callerAs(t, adminB).statement.proposeCsvMapping({ mapping: BANK_MAPPING });
    await callerAs(t, adminA).approval.approve({ id: proper.id });
    expect((await callerAs(t, adminA).statement.csvMapping({})).mapping).toEqual(BANK_MAPPING);

    const bankFile = `${HEADER}\n03.11.2026;1,00;USD;Deposit ${victim.deposit_reference};B-1;Payer;DE89370400440532013000;250.000,00\n`;
    const r = await callerAs(t, adminB).statement.import({ format: 'csv', content: bankFile });
    expect(r).toMatchObject({ lines: 1, matched: 1 });
    await callerAs(t, adminA).statement.approve({ statementId: r.statementId });
    expect(await balanceOf(t.handle.db, victim.id)).toBe(100); // $1.00, as the bank sent it
  });

  it('a bank line for a closed account is an exception to return, and credits nothing', async () => {
    const file = `${HEADER}\n05.11.2026;75,00;USD;Deposit ${closed.deposit_reference};B-2;Someone;DE89370400440532013000;0,00\n`;
    const r = await callerAs(t, adminA).statement.import({ format: 'csv', content: file });
    // Before #27: matched, and credited on approval.
    expect(r).toMatchObject({ lines: 1, matched: 0, exceptions: 1 });
    const [line] = await callerAs(t, adminA).statement.lines({ statementId: r.statementId });
    expect(line).toMatchObject({ status: 'exception', userId: closed.id });
    expect(line!.reason).toMatch(/closed their account/);
    await callerAs(t, adminB).statement.approve({ statementId: r.statementId });
    expect(await balanceOf(t.handle.db, closed.id)).toBe(0);
  });
});

describe('#27 a Bitcoin payment to a closed account', () => {
  it('is not credited: an exception for admins to return', async () => {
    const rig = await startBitcoinRig();
    try {
      const member = await insertUser(rig.t.handle.db);
      await rig.w.tick();
      const out = await rig.payTo(member, 150_000);
      await rig.t.handle.db.updateTable('users').set({ closed_at: new Date() }).where('id', '=', member.id).execute();
      const tx = rig.chain.tx(out);
      rig.chain.addBlock([tx]);
      rig.chain.addBlock();
      rig.price.quote = { priceCents: 9_000_000, at: rig.clock.now() };
      const outcome = await rig.w.tick();
      // Before #27: credited 1 ($135.00).
      expect(outcome).toMatchObject({ credited: 0, error: null });
      expect(await balanceOf(rig.t.handle.db, member.id)).toBe(0);
      const { items } = await callerAs(rig.t, rig.admin).bitcoin.exceptions();
      expect(items).toContainEqual(
        expect.objectContaining({ kind: 'closed_account', userId: member.id, txid: tx.txid, sats: 150_000 }),
      );
      // The next poll lists it once.
      await rig.w.tick();
      expect((await callerAs(rig.t, rig.admin).bitcoin.exceptions()).items).toHaveLength(1);
    } finally {
      await rig.close();
    }
  });
});
