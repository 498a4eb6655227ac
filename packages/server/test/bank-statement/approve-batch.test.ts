import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { adjustmentLegs, moveMoneyMany } from '../../src/modules/money/money.move.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { balanceOf, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';
import { camt } from './statement-helpers.ts';

// #28: an approval credits its lines in batches (one transition over many deposits). What a member sees and what
// the books hold must be what the lines one by one gave: a ledger entry, an audit row and a notice per credit, the
// decision taken again at approval (a report made since, a report rejected since, an account closed since).
const DAY = '2026-11-20';

describe('a statement approved in batches', () => {
  let t: TestApp;
  let importer: TestUser;
  let approver: TestUser;
  const members: TestUser[] = [];
  const member = (i: number) => members[i]!;

  beforeAll(async () => {
    t = await startTestApp({ clock: new ManualClock(`${DAY}T15:00:00.000Z`) });
    importer = await insertUser(t.handle.db, { accountType: 'admin' });
    approver = await insertUser(t.handle.db, { accountType: 'admin' });
    for (let i = 0; i < 4; i++) members.push(await insertUser(t.handle.db));
    await setDepositAccount(
      t,
      importer,
      { accountNumber: '4000 1234 56', bankName: 'First Dollar Bank', accountHolder: 'Vestora Ltd' },
      approver,
    );
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  const report = async (m: TestUser, amount: number) =>
    (await callerAs(t, m).deposit.request({ amount, reference: m.deposit_reference, idempotencyKey: newKey() })).id;
  const count = async (table: 'notifications' | 'mail_outbox' | 'ledger_entries', userId: string) =>
    Number(
      (
        await t.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const audits = async (action: string) =>
    Number(
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('credits each line once, decided again at approval, with an entry, an audit row and a notice each', async () => {
    const [a, b, c, d] = [member(0), member(1), member(2), member(3)];
    const aReport = await report(a, 100);
    const bReport = await report(b, 70);
    const content = camt('4000123456', 0, [
      { id: 'B-1', amount: '100.00', date: DAY, ref: a.deposit_reference }, // confirms a's report
      { id: 'B-2', amount: '250.00', date: DAY, ref: a.deposit_reference }, // a new deposit of a
      { id: 'B-3', amount: '70.00', date: DAY, ref: b.deposit_reference }, // b's report, rejected before approval
      { id: 'B-4', amount: '40.00', date: DAY, ref: c.deposit_reference }, // c closes the account before approval
      { id: 'B-5', amount: '30.00', date: DAY, ref: d.deposit_reference }, // d reports it before approval
      { id: 'B-6', amount: '5.00', date: DAY, text: 'no reference here' },
    ]);
    const r = await callerAs(t, importer).statement.import({ format: 'camt053', content });
    expect(r).toMatchObject({ lines: 6, matched: 5, exceptions: 1 });
    const before = await callerAs(t, approver).statement.lines({ statementId: r.statementId });
    expect(before.find((l) => l.bankTransactionId === 'B-1')).toMatchObject({
      matchKind: 'credit',
      depositId: aReport,
    });
    expect(before.find((l) => l.bankTransactionId === 'B-3')).toMatchObject({
      matchKind: 'credit',
      depositId: bReport,
    });

    // Between the import and the approval.
    await callerAs(t, approver).deposit.review({ id: bReport, decision: 'reject', reason: 'not seen' });
    await t.handle.db
      .updateTable('users')
      .set({ closed_at: new Date(`${DAY}T15:00:00Z`) })
      .where('id', '=', c.id)
      .execute();
    const dReport = await report(d, 30);

    const approved = await callerAs(t, approver).statement.approve({ statementId: r.statementId });
    expect(approved.status).toBe('approved');
    const lines = await callerAs(t, approver).statement.lines({ statementId: r.statementId });
    const line = (id: string) => lines.find((l) => l.bankTransactionId === id)!;
    expect(line('B-1')).toMatchObject({ status: 'applied', matchKind: 'credit', depositId: aReport });
    expect(line('B-2')).toMatchObject({ status: 'applied', matchKind: 'credit' });
    expect(line('B-2').depositId).not.toBe(aReport);
    // The rejected report is not confirmed: the line credits b as a new deposit.
    expect(line('B-3')).toMatchObject({ status: 'applied', matchKind: 'credit' });
    expect(line('B-3').depositId).not.toBe(bReport);
    expect(line('B-4')).toMatchObject({ status: 'exception', reason: expect.stringContaining('closed their account') });
    // d's report made after the import is the one the line confirms: no second deposit.
    expect(line('B-5')).toMatchObject({ status: 'applied', matchKind: 'credit', depositId: dReport });
    expect(line('B-6').status).toBe('exception');

    expect(await balanceOf(t.handle.db, a.id)).toBe(35_000);
    expect(await balanceOf(t.handle.db, b.id)).toBe(7_000);
    expect(await balanceOf(t.handle.db, c.id)).toBe(0);
    expect(await balanceOf(t.handle.db, d.id)).toBe(3_000);
    // a's two entries: the balance after each adds up in the lines' order.
    const aEntries = await t.handle.db
      .selectFrom('ledger_entries')
      .select(['amount_cents', 'balance_after_cents', 'memo'])
      .where('user_id', '=', a.id)
      .orderBy('seq')
      .execute();
    expect(aEntries.map((e) => [e.amount_cents, e.balance_after_cents])).toEqual([
      [10_000, 10_000],
      [25_000, 35_000],
    ]);
    expect(aEntries[0]!.memo).toContain(`bank statement line ${line('B-1').id}`);
    expect([await count('ledger_entries', b.id), await count('ledger_entries', c.id)]).toEqual([1, 0]);
    // One notice and one mail per credit (b's rejection was its own notice and mail); none for c.
    const credited = await t.handle.db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'title'])
      .where('kind', '=', 'deposit.credited')
      .execute();
    expect(credited.filter((n) => n.user_id === a.id)).toHaveLength(2);
    expect(credited.filter((n) => n.user_id === b.id)).toHaveLength(1);
    expect(credited.find((n) => n.user_id === d.id)?.title).toBe('Deposit of $30.00 confirmed');
    expect(await count('notifications', c.id)).toBe(0);
    expect(await count('mail_outbox', a.id)).toBe(2);
    expect(await count('mail_outbox', b.id)).toBe(2);
    expect(await audits('deposit.confirm')).toBe(4);
    expect(await audits('statement.apply_deposit')).toBe(4);
    expect(approved.summary).toMatchObject({ exceptions: 2 });
  });

  it('a batch of movements the balances cannot all cover is refused whole', async () => {
    const [a, b] = [member(0), member(1)];
    const balances = [await balanceOf(t.handle.db, a.id), await balanceOf(t.handle.db, b.id)];
    const entries = [await count('ledger_entries', a.id), await count('ledger_entries', b.id)];
    const at = new Date(`${DAY}T16:00:00Z`);
    const move = (userId: string, amountCents: number) => ({
      kind: 'adjustment' as const,
      legs: adjustmentLegs(userId, BigInt(amountCents)),
      ref: { type: 'adjustment' as const, id: randomUUID() },
      actorId: approver.id,
      memo: 'batch test',
      at,
    });
    // a could pay 100 after the credit of 50, but not before it: the running balance is checked in order.
    const refused = await failure(
      t.handle.db
        .transaction()
        .execute((trx) =>
          moveMoneyMany(trx, [move(b.id, 1_000), move(a.id, -(balances[0]! + 100)), move(a.id, 5_000)]),
        ),
    );
    expect(refused.message).toMatch(/Insufficient funds/);
    const tooMuch = await failure(
      t.handle.db.transaction().execute((trx) => moveMoneyMany(trx, [move(b.id, -(balances[1]! + 1))])),
    );
    expect(tooMuch.message).toMatch(/Insufficient funds/);
    expect([await balanceOf(t.handle.db, a.id), await balanceOf(t.handle.db, b.id)]).toEqual(balances);
    expect([await count('ledger_entries', a.id), await count('ledger_entries', b.id)]).toEqual(entries);
  });
});
