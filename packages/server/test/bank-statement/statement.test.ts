import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatementLine } from '@vestora/contract';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { balanceOf, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';
import { fixture, spacedLower, typo } from './statement-helpers.ts';

const ACCOUNT = '4000123456';
const CSV_MAPPING = {
  date: 'Booking date',
  amount: 'Amount',
  currency: 'Currency',
  reference: 'Details',
  bankTransactionId: 'Transaction ID',
  counterpartyName: 'Payer',
  counterpartyAccount: 'Payer account',
  balance: 'Balance',
  dateFormat: 'DD.MM.YYYY',
  decimalComma: true,
  delimiter: ';',
} as const;

describe('bank statements: import, match, four eyes, exceptions, reconciliation', () => {
  let t: TestApp;
  let importer: TestUser;
  let approver: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let values: Record<string, string>;
  const lineByBankId = async (bankTxId: string): Promise<TStatementLine> => {
    const all = await callerAs(t, approver).statement.lines({});
    const l = all.find((x) => x.bankTransactionId === bankTxId);
    if (!l) throw new Error(`no line ${bankTxId}`);
    return l;
  };

  beforeAll(async () => {
    t = await startTestApp();
    importer = await insertUser(t.handle.db, { accountType: 'admin' });
    approver = await insertUser(t.handle.db, { accountType: 'admin' });
    alice = await insertUser(t.handle.db);
    bob = await insertUser(t.handle.db);
    carol = await insertUser(t.handle.db);
    await setDepositAccount(
      t,
      importer,
      { accountNumber: '4000 1234 56', bankName: 'First Dollar Bank', accountHolder: 'Vestora Ltd' },
      approver,
    );
    values = {
      ACCOUNT,
      REF_ALICE: alice.deposit_reference,
      REF_ALICE_TYPO: typo(alice.deposit_reference),
      REF_BOB: bob.deposit_reference,
      REF_BOB_SPACED_LOWER: spacedLower(bob.deposit_reference),
      REF_CAROL: carol.deposit_reference,
    };
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  let statementA: string;
  let aliceReport: string;

  it('camt.053.001.02: an import is a proposal with a match or an exception (and its reason) per line', async () => {
    aliceReport = (
      await callerAs(t, alice).deposit.request({
        amount: 250,
        reference: alice.deposit_reference,
        idempotencyKey: newKey(),
      })
    ).id;
    const r = await callerAs(t, importer).statement.import({
      format: 'camt053',
      content: fixture('camt053-v02-bank-a.xml', values),
    });
    expect(r).toMatchObject({ lines: 6, duplicates: 0, matched: 2, exceptions: 4 });
    statementA = r.statementId;
    // Nothing moves before a second admin approves.
    expect(await balanceOf(t.handle.db, alice.id)).toBe(0);
    expect(await balanceOf(t.handle.db, bob.id)).toBe(0);
    const lines = await callerAs(t, importer).statement.lines({ statementId: statementA });
    const by = Object.fromEntries(lines.map((l) => [l.bankTransactionId, l]));
    expect(by['A-0001']).toMatchObject({
      status: 'matched',
      matchKind: 'credit',
      userId: alice.id,
      depositId: aliceReport,
      amount: 250,
      reference: alice.deposit_reference,
    });
    expect(by['A-0002']).toMatchObject({ status: 'matched', userId: bob.id, depositId: null, amount: 100 });
    // A wrong check digit never matches anybody, even though it is one digit away from Alice's reference.
    expect(by['A-0003']).toMatchObject({ status: 'exception', userId: null });
    expect(by['A-0003']!.reason).toMatch(/Unknown reference/);
    expect(by['A-0004']).toMatchObject({ status: 'exception', reason: 'No reference.' });
    expect(by['A-0005']).toMatchObject({ status: 'exception', amount: -5 });
    expect(by['A-0005']!.reason).toMatch(/debit/);
    expect(by['A-0006']).toMatchObject({ status: 'exception', currency: 'EUR' });
    expect(by['A-0006']!.reason).toMatch(/Wrong currency: EUR/);
  });

  it('the importing admin cannot approve; a second admin applies the credits, naming the line', async () => {
    const own = await failure(callerAs(t, importer).statement.approve({ statementId: statementA }));
    expect(own.status).toBe(403);
    expect(own.message).toBe('You imported this statement; another administrator must approve it.');
    const user = await failure(callerAs(t, alice).statement.approve({ statementId: statementA }));
    expect(user.status).toBe(403);

    // What the approval dialog shows first (#34): the credits to members and the exceptions, read-only, admins only.
    const before = await callerAs(t, approver).statement.byId({ statementId: statementA });
    expect(before).toMatchObject({ status: 'proposed', summary: { exceptions: 4 } });
    expect(before.summary.credits.map((c) => [c.userId, c.amount, c.lines]).sort()).toEqual(
      [
        [alice.id, 250, 1],
        [bob.id, 100, 1],
      ].sort(),
    );
    expect((await failure(callerAs(t, alice).statement.byId({ statementId: statementA }))).status).toBe(403);
    const missing = await failure(callerAs(t, approver).statement.byId({ statementId: crypto.randomUUID() }));
    expect([missing.status, missing.message]).toEqual([404, 'No statement with that id exists.']);
    expect(await balanceOf(t.handle.db, alice.id)).toBe(0);

    const st = await callerAs(t, approver).statement.approve({ statementId: statementA });
    expect(st).toMatchObject({ status: 'approved', approvedBy: approver.id });
    expect(st.summary).toMatchObject({ lines: 6, exceptions: 4, totalIn: 485, totalOut: 5 });
    expect(await balanceOf(t.handle.db, alice.id)).toBe(25_000);
    expect(await balanceOf(t.handle.db, bob.id)).toBe(10_000);
    // Alice's own report was the one confirmed (not a second deposit).
    const aliceDeposits = await callerAs(t, alice).deposit.list({});
    expect(aliceDeposits.items).toHaveLength(1);
    expect(aliceDeposits.items[0]).toMatchObject({ id: aliceReport, status: 'confirmed', reviewedBy: approver.id });
    const line = await lineByBankId('A-0001');
    expect(line.status).toBe('applied');
    const entry = await t.handle.db
      .selectFrom('ledger_entries')
      .select(['memo', 'actor_id', 'amount_cents'])
      .where('ref_id', '=', aliceReport)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: approver.id, amount_cents: 25_000 });
    expect(entry.memo).toContain(line.id);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', line.id)
      .execute();
    expect(audit).toEqual([{ action: 'statement.apply_deposit', actor_id: approver.id }]);
    const again = await failure(callerAs(t, approver).statement.approve({ statementId: statementA }));
    expect(again.status).toBe(409);
  });

  it('a line is used once, enforced by the database', async () => {
    const line = await lineByBankId('A-0002');
    const other = await lineByBankId('A-0001');
    await expect(
      t.handle.db
        .insertInto('statement_line_uses')
        .values({
          line_id: line.id,
          use: 'deposit',
          target_id: other.depositId!,
          actor_id: null,
          created_at: new Date(),
        })
        .execute(),
    ).rejects.toThrow(/duplicate key|unique/);
    await expect(
      t.handle.db.updateTable('deposits').set({ statement_line_id: line.id }).where('id', '=', aliceReport).execute(),
    ).rejects.toThrow(/duplicate key|unique/);
  });

  it('importing the same file again adds nothing; an overlapping file adds only its new lines', async () => {
    const again = await callerAs(t, importer).statement.import({
      format: 'camt053',
      content: fixture('camt053-v02-bank-a.xml', values),
    });
    expect(again).toMatchObject({ statementId: statementA, lines: 0, duplicates: 6, matched: 0 });
    const overlap = await callerAs(t, importer).statement.import({
      format: 'camt053',
      content: fixture('camt053-v02-bank-a-overlap.xml', values),
    });
    expect(overlap).toMatchObject({ lines: 1, duplicates: 1, matched: 1, exceptions: 0 });
    await callerAs(t, approver).statement.approve({ statementId: overlap.statementId });
    expect(await balanceOf(t.handle.db, carol.id)).toBe(6_550);
    expect(await balanceOf(t.handle.db, alice.id)).toBe(25_000);
    expect(await balanceOf(t.handle.db, bob.id)).toBe(10_000);
  });

  it('refuses a truncated file, one that does not add up and one that leaves a gap, naming the figures', async () => {
    const full = fixture('camt053-v02-bank-a-overlap.xml', values);
    const truncated = await failure(
      callerAs(t, importer).statement.import({ format: 'camt053', content: full.slice(0, full.length - 200) }),
    );
    expect(truncated.status).toBe(400);
    expect(truncated.message).toMatch(/not a complete camt\.053 file/);

    const unbalanced = await failure(
      callerAs(t, importer).statement.import({
        format: 'camt053',
        content: full.replace('10545.50', '10546.50'),
      }),
    );
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.message).toBe(
      'This statement does not add up: opening balance $10440.00 + its 2 lines ($105.50) = $10545.50, but its ' +
        'closing balance is $10546.50 ($1.00 missing). Is the file complete? Nothing was imported.',
    );

    const gap = await failure(
      callerAs(t, importer).statement.import({
        format: 'camt053',
        content: full
          .replace('10440.00', '10400.00')
          .replace('10545.50', '10505.50')
          .replaceAll('A-0006', 'A-0106')
          .replaceAll('A-0007', 'A-0107'),
      }),
    );
    expect(gap.status).toBe(400);
    expect(gap.message).toBe(
      'This statement does not continue the previous one: it starts at $10400.00, but the previous statement ' +
        '(to 2026-11-02) closed at $10545.50 ($-145.50 apart). A statement is missing in between. Nothing was imported.',
    );
    const stored = await t.handle.db.selectFrom('statement_lines').select('id').execute();
    expect(stored).toHaveLength(7);
  });

  it('camt.053.001.08 with prefixes, a batch entry and references in free text; an ambiguous line is an exception', async () => {
    const r = await callerAs(t, importer).statement.import({
      format: 'camt053',
      content: fixture('camt053-v08-bank-b.xml', values),
    });
    // The pending (PDNG) entry is not booked: not a line.
    expect(r).toMatchObject({ lines: 2, duplicates: 0, matched: 1, exceptions: 1 });
    const bobLine = await lineByBankId('B-TX-91');
    expect(bobLine).toMatchObject({
      userId: bob.id,
      amount: 200,
      counterpartyName: 'Bob Sender',
      bookingDate: '2026-11-03',
    });
    expect((await lineByBankId('B-TX-92')).reason).toMatch(/^Ambiguous/);
    await callerAs(t, approver).statement.approve({ statementId: r.statementId });
    expect(await balanceOf(t.handle.db, bob.id)).toBe(30_000);
  });

  it('CSV with a column mapping; stored for the bank account by approval, the next import may leave it out', async () => {
    const content = fixture('csv-bank-c.csv', values);
    const missing = await failure(callerAs(t, importer).statement.import({ format: 'csv', content }));
    expect(missing.status).toBe(400);
    expect(missing.message).toMatch(/no saved CSV column mapping/);
    expect(await callerAs(t, importer).statement.csvMapping({})).toEqual({
      bankAccount: ACCOUNT,
      mapping: null,
      updatedAt: null,
    });
    const r = await callerAs(t, importer).statement.import({ format: 'csv', content, mapping: CSV_MAPPING });
    // The mapping sent read this file only (#27): nothing is stored until a second admin approves a proposal.
    expect((await callerAs(t, approver).statement.csvMapping({})).mapping).toBeNull();
    const proposal = await callerAs(t, importer).statement.proposeCsvMapping({ mapping: CSV_MAPPING });
    await callerAs(t, approver).approval.approve({ id: proposal.id });
    // The mapping is stored with the account (the form shows it), for this account and not another one.
    const saved = await callerAs(t, approver).statement.csvMapping({ bankAccount: '4000 1234 56' });
    expect(saved).toMatchObject({ bankAccount: ACCOUNT, mapping: CSV_MAPPING });
    expect(saved.updatedAt).not.toBeNull();
    expect((await callerAs(t, approver).statement.csvMapping({ bankAccount: 'OTHER-1' })).mapping).toBeNull();
    expect(r).toMatchObject({ lines: 2, duplicates: 0, matched: 1, exceptions: 1 });
    const carolLine = await lineByBankId('C-5001');
    expect(carolLine).toMatchObject({
      userId: carol.id,
      amount: 1234.56,
      bookingDate: '2026-11-04',
      counterpartyAccount: 'DE89370400440532013000',
      bankAccount: ACCOUNT,
    });
    const again = await callerAs(t, importer).statement.import({ format: 'csv', content });
    expect(again).toMatchObject({ lines: 0, duplicates: 2 });
    await callerAs(t, approver).statement.approve({ statementId: r.statementId });
    expect(await balanceOf(t.handle.db, carol.id)).toBe(6_550 + 123_456);
  });

  it('an exception is assigned to a member (another admin confirms) or set aside with a reason, audited', async () => {
    const noRef = await lineByBankId('A-0004');
    const assigned = await callerAs(t, importer).statement.assign({ lineId: noRef.id, userId: carol.id });
    expect(assigned).toMatchObject({ status: 'assigned', userId: carol.id });
    const deposit = assigned.depositId!;
    const self = await failure(callerAs(t, importer).deposit.review({ id: deposit, decision: 'confirm' }));
    expect(self.status).toBe(403);
    await callerAs(t, approver).deposit.review({ id: deposit, decision: 'confirm' });
    expect(await balanceOf(t.handle.db, carol.id)).toBe(6_550 + 123_456 + 2_000);
    const twice = await failure(callerAs(t, approver).statement.assign({ lineId: noRef.id, userId: bob.id }));
    expect(twice.status).toBe(409);
    const debit = await failure(
      callerAs(t, approver).statement.assign({ lineId: (await lineByBankId('C-5002')).id, userId: bob.id }),
    );
    expect(debit.status).toBe(400);

    const fee = await lineByBankId('A-0005');
    const dismissed = await callerAs(t, approver).statement.dismiss({ lineId: fee.id, reason: 'bank fee' });
    expect(dismissed).toMatchObject({ status: 'dismissed', reason: 'bank fee' });
    const dismissedTwice = await failure(callerAs(t, approver).statement.dismiss({ lineId: fee.id, reason: 'again' }));
    expect(dismissedTwice.status).toBe(409);
    expect(dismissedTwice.message).toMatch(/only an exception can be set aside/);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', 'in', [noRef.id, fee.id])
      .orderBy('seq')
      .execute();
    expect(audit).toEqual([
      { action: 'statement.assign', actor_id: importer.id },
      { action: 'statement.dismiss', actor_id: approver.id },
    ]);
  });

  it('reconciliation: the bank against the books, to the cent, every difference explained', async () => {
    const [rec] = await callerAs(t, approver).statement.reconciliation();
    // Bank: 10,000.00 opening + every line of the four statements.
    // Books: 10,000.00 + credits 250 + 100 + 65.50 + 200 + 1,234.56 + 20 (assigned, confirmed) = 11,870.06.
    // Explained: open exceptions 75 (typo) + 40 (EUR) + 100.01 (ambiguous) − 40 (card fee), set aside −5.
    expect(rec).toMatchObject({
      bankAccount: ACCOUNT,
      bankClosing: 12_040.07,
      booksExpected: 11_870.06,
      difference: 170.01,
      explained: 170.01,
      unexplained: 0,
    });
    expect(rec!.items.find((i) => i.kind === 'open_exceptions')).toMatchObject({ amount: 175.01, count: 4 });
    expect(rec!.items.find((i) => i.kind === 'set_aside')).toMatchObject({ amount: -5, count: 1 });
    // The whole books (#27): members' balances + the platform's own funds ($10,000.00 opening), explained too.
    expect(rec!.whole).toMatchObject({ owedBalances: 1_870.06, platformFunds: 10_000, books: 11_870.06 });
    expect(rec!.whole!.unexplained).toBe(0);
    const verify = await callerAs(t, approver).ledger.verify();
    expect(verify.ok).toBe(true);
    expect(verify.platform.ok).toBe(true);
    const list = await callerAs(t, approver).statement.list();
    expect(list.map((s) => s.status)).toEqual(['approved', 'approved', 'approved', 'approved']);
  });

  it('only admins reach statements; MT940 is refused with the reason', async () => {
    expect((await failure(callerAs(t, alice).statement.list())).status).toBe(403);
    expect((await failure(callerAs(t, alice).statement.reconciliation())).status).toBe(403);
    const mt = await failure(callerAs(t, importer).statement.import({ format: 'mt940', content: ':20:X' }));
    expect(mt.status).toBe(400);
    expect(mt.message).toMatch(/camt\.053/);
    // The same file chosen as camt.053 or CSV: the reason, not the XML or CSV reader's complaint.
    const mt940 = '{1:F01BANKDEFFXXXX0000000000}{4:\n:20:STMT-2026-11\n:25:DE00123456780000000000\n:28C:1/1\n-}';
    for (const format of ['camt053', 'csv'] as const) {
      const refused = await failure(
        callerAs(t, importer).statement.import({
          format,
          content: mt940,
          ...(format === 'csv' ? { mapping: { date: 'd', amount: 'a', reference: 'r' } } : {}),
        } as never),
      );
      expect(refused.status, format).toBe(400);
      expect(refused.message, format).toMatch(/MT940 is not read here.*camt\.053/);
    }
  });
});
