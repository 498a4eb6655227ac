import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { balanceOf, DETAILS, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';
import { camt } from './statement-helpers.ts';

// #27: files read strictly. camt.053 amounts in the ISO form only, their sign from CdtDbtInd alone, CDATA read as
// text; a CSV's amounts with real thousands groups, its totals shown and its running balance checked; payout
// details that always make a valid pain.001 file.
const DAY = '2026-11-20';
const PAIN_XSD = readFileSync(new URL('./fixtures/pain.001.001.09.subset.xsd', import.meta.url), 'utf8');

describe('files read strictly', () => {
  let t: TestApp;
  let importer: TestUser;
  let approver: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ clock: new ManualClock(`${DAY}T15:00:00.000Z`) });
    importer = await insertUser(t.handle.db, { accountType: 'admin' });
    approver = await insertUser(t.handle.db, { accountType: 'admin' });
    alice = await insertUser(t.handle.db, { tier: 1 });
    bob = await insertUser(t.handle.db, { tier: 1, balanceCents: 50_000 });
    // The deposit account is a proposal since #27: the importer proposes it, the approver approves it.
    await setDepositAccount(
      t,
      importer,
      { accountNumber: '4000123456', bankName: 'First Dollar Bank', accountHolder: 'Vestora Ltd' },
      approver,
    );
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  const importCamt = (content: string) => callerAs(t, importer).statement.import({ format: 'camt053', content });

  it('camt.053 amounts: "1,0.00", a negative amount and three decimals are refused naming the entry', async () => {
    const entry = (amount: string) => ({ id: 'S-1', amount, date: DAY, ref: alice.deposit_reference });
    // Before #27 "1,0.00" read as $10.00.
    const comma = await failure(importCamt(camt('4000123456', 0, [entry('1,0.00')], 1_000)));
    expect(comma.status).toBe(400);
    expect(comma.message).toBe(
      'The amount "1,0.00" of the entry S-1 (2026-11-20) is not an ISO 20022 amount: digits, then a point and at ' +
        'most two decimals, without a sign (CdtDbtInd says credit or debit) or thousands separators. Nothing was imported.',
    );
    // Before #27 a DBIT of "-500.00" became a credit of $500.00.
    const negative = await failure(importCamt(camt('4000123456', 0, [{ ...entry('-500.00'), sign: 'DBIT' }], 50_000)));
    expect(negative.status).toBe(400);
    expect(negative.message).toMatch(
      /^The amount "-500\.00" of the entry S-1 \(2026-11-20\) is not an ISO 20022 amount/,
    );
    const decimals = await failure(importCamt(camt('4000123456', 0, [entry('10.001')], 1_000)));
    expect(decimals.status).toBe(400);
    expect(decimals.message).toMatch(/"10\.001" of the entry S-1/);
    const noSign = await failure(importCamt(camt('4000123456', 0, [{ ...entry('10.00'), sign: '' }], 1_000)));
    expect(noSign.status).toBe(400);
    expect(noSign.message).toBe(
      'the entry S-1 (2026-11-20) has no valid credit/debit indicator (CdtDbtInd is ""; it must be CRDT or DBIT). Nothing was imported.',
    );
    expect(await t.handle.db.selectFrom('statement_lines').select('id').execute()).toEqual([]);
  });

  it('a debit is a debit and a reference inside CDATA is read as text', async () => {
    const r = await importCamt(
      camt('4000123456', 100_000, [
        { id: 'S-2', amount: '250.00', date: DAY, ref: `<![CDATA[${alice.deposit_reference}]]>` },
        { id: 'S-3', amount: '5.00', sign: 'DBIT', date: DAY, text: '<![CDATA[Fee & charges]]>' },
      ]),
    );
    expect(r).toMatchObject({ lines: 2, matched: 1, exceptions: 1, fileCredits: 250, fileDebits: 5 });
    const lines = await callerAs(t, approver).statement.lines({ statementId: r.statementId });
    expect(lines.find((l) => l.bankTransactionId === 'S-2')).toMatchObject({
      reference: alice.deposit_reference,
      userId: alice.id,
      amount: 250,
    });
    expect(lines.find((l) => l.bankTransactionId === 'S-3')).toMatchObject({
      amount: -5,
      description: 'Fee & charges',
    });
    const [st] = await callerAs(t, approver).statement.list();
    expect(st).toMatchObject({ fileCredits: 250, fileDebits: 5, balanceChecked: true });
    await callerAs(t, approver).statement.approve({ statementId: r.statementId });
    expect(await balanceOf(t.handle.db, alice.id)).toBe(25_000);
  });

  it('CSV: thousands groups must be groups, the totals are shown, the running balance is checked', async () => {
    const mapping = { date: 'Date', amount: 'Amount', reference: 'Details', balance: 'Balance' };
    const bad = await failure(
      callerAs(t, importer).statement.import({
        format: 'csv',
        content: ['Date,Amount,Details,Balance', `${DAY},"1,0.00",x,"1,034.50"`].join('\n'),
        mapping,
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/The amount "1,0\.00" on line 2 is not a valid amount/);
    const broken = await failure(
      callerAs(t, importer).statement.import({
        format: 'csv',
        content: [
          'Date,Amount,Details,Balance',
          `${DAY},"1,000.00",${alice.deposit_reference},"2,245.00"`,
          `${DAY},-20.00,fee,"2,235.00"`,
        ].join('\n'),
        mapping,
      }),
    );
    expect(broken.status).toBe(400);
    expect(broken.message).toMatch(/The running balance does not follow at line 3/);
    const ok = await callerAs(t, importer).statement.import({
      format: 'csv',
      content: [
        'Date,Amount,Details,Balance',
        `${DAY},"1,000.00",${alice.deposit_reference},"2,245.00"`,
        `${DAY},-20.00,fee,"2,225.00"`,
      ].join('\n'),
      mapping,
    });
    expect(ok).toMatchObject({ lines: 2, fileCredits: 1_000, fileDebits: 20 });
    const withoutBalance = await callerAs(t, importer).statement.import({
      format: 'csv',
      content: ['Date,Amount,Details', `2026-11-21,12.00,${alice.deposit_reference}`].join('\n'),
      mapping: { date: 'Date', amount: 'Amount', reference: 'Details' },
    });
    const list = await callerAs(t, approver).statement.list();
    expect(list.find((s) => s.id === ok.statementId)).toMatchObject({ balanceChecked: true, fileDebits: 20 });
    expect(list.find((s) => s.id === withoutBalance.statementId)).toMatchObject({
      balanceChecked: false,
      fileCredits: 12,
      fileDebits: 0,
    });
  });

  it('payout details of only hyphens or spaces are refused; older such details never reach the payment file', async () => {
    for (const details of ['------', '- - - - - -', '   --   ']) {
      const e = await failure(
        callerAs(t, bob).withdrawal.request({ amount: 10, method: 'bank', details, idempotencyKey: newKey() }),
      );
      expect(e.status).toBe(400);
      expect(e.message).toMatch(/Enter a bank account number or IBAN \(6 to 34 letters and digits\)/);
    }
    const good = await callerAs(t, bob).withdrawal.request({
      amount: 10,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    const old = await callerAs(t, bob).withdrawal.request({
      amount: 20,
      method: 'bank',
      details: '4455-6677-88',
      idempotencyKey: newKey(),
    });
    // Details stored before the rule (written straight into the row, as an older version accepted them).
    await t.handle.db.updateTable('withdrawals').set({ details: '-------' }).where('id', '=', old.id).execute();
    for (const id of [good.id, old.id]) await callerAs(t, approver).withdrawal.review({ id, decision: 'approve' });
    const file = await callerAs(t, importer).withdrawal.exportPayments();
    expect(file).toMatchObject({ count: 1, total: 10, skipped: [{ withdrawalId: old.id, details: '-------' }] });
    const result = await validateXML({
      xml: { fileName: 'payments.xml', contents: file.content },
      schema: { fileName: 'pain.001.001.09.xsd', contents: PAIN_XSD },
    });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(result.valid).toBe(true);
    const left = await t.handle.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(left.status).toBe('approved');
  });
});
