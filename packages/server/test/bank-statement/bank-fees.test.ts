// #34 "bank fees need a manual Resolve on every statement": the bank's own charges (a debit the bank codes as
// charges, BkTxCd .../CHRG, with no counterparty and no member reference) are recognised at import, shown in the
// statement's totals, and booked when a second administrator approves: a journal movement from the platform's
// bank fees to the bank, the line's one use, an audit row; the reconciliation stays explained to the cent.
// Anything the rule does not recognise stays an exception for the manual path. Hand-written statement files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStatementLine } from '@vestora/contract';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { isBankFee, isChargeCode } from '../../src/modules/bank-statement/bank-statement.fees.ts';
import { balanceOf, expectLedgerConsistent, failure } from '../money/money-helpers.ts';

const ACCOUNT = '4000777001';

interface Entry {
  id: string;
  amount: string;
  sign: 'CRDT' | 'DBIT';
  /** "DOMN/FMLY/SUBF" at the entry (Ntry/BkTxCd). */
  entryCode?: string;
  /** "DOMN/FMLY/SUBF" at the transaction (TxDtls/BkTxCd). */
  txCode?: string;
  /** A proprietary code only (Ntry/BkTxCd/Prtry/Cd). */
  prtry?: string;
  e2e?: string;
  ref?: string;
  text?: string;
  info?: string;
  cdtr?: { name: string; iban: string };
}

const cents = (a: string) => Math.round(Number(a) * 100);
const dollars = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
const code = (c: string | undefined) => {
  if (!c) return '';
  const [d, f, s] = c.split('/');
  return `<BkTxCd><Domn><Cd>${d}</Cd><Fmly><Cd>${f}</Cd><SubFmlyCd>${s}</SubFmlyCd></Fmly></Domn></BkTxCd>`;
};

/** A hand-written camt.053.001.08 statement of ACCOUNT (invented data). */
function camt(openingCents: number, entries: Entry[], date = '2026-11-20'): string {
  const closing = entries.reduce((s, e) => s + (e.sign === 'DBIT' ? -1 : 1) * cents(e.amount), openingCents);
  const ntry = entries
    .map(
      (e) => `
      <Ntry>
        <Amt Ccy="USD">${e.amount}</Amt><CdtDbtInd>${e.sign}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${date}</Dt></BookgDt><AcctSvcrRef>${e.id}</AcctSvcrRef>
        ${code(e.entryCode)}${e.prtry ? `<BkTxCd><Prtry><Cd>${e.prtry}</Cd></Prtry></BkTxCd>` : ''}
        <NtryDtls><TxDtls>
          ${e.e2e ? `<Refs><EndToEndId>${e.e2e}</EndToEndId></Refs>` : ''}${code(e.txCode)}
          ${e.cdtr ? `<RltdPties><Cdtr><Pty><Nm>${e.cdtr.name}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>${e.cdtr.iban}</IBAN></Id></CdtrAcct></RltdPties>` : ''}
          <RmtInf>${e.text ? `<Ustrd>${e.text}</Ustrd>` : ''}${e.ref ? `<Strd><CdtrRefInf><Ref>${e.ref}</Ref></CdtrRefInf></Strd>` : ''}</RmtInf>
        </TxDtls></NtryDtls>
        ${e.info ? `<AddtlNtryInf>${e.info}</AddtlNtryInf>` : ''}
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>F-${date}</MsgId><CreDtTm>${date}T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>F-STMT-${date}</Id>
      <Acct><Id><Othr><Id>${ACCOUNT}</Id></Othr></Id><Ccy>USD</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${dollars(openingCents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${dollars(closing)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>${ntry}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

describe('bank fees on statements (#34): recognised, booked at approval, audited, in the totals', () => {
  let t: TestApp;
  let importer: TestUser;
  let approver: TestUser;
  let alice: TestUser;
  const lines = async (statementId: string) => {
    const all = await callerAs(t, approver).statement.lines({ statementId });
    return new Map(all.map((l) => [l.bankTransactionId, l] as const));
  };
  const bankFeesBalance = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('ledger_accounts')
          .select('balance')
          .where('kind', '=', 'bank_fees')
          .where('asset', '=', 'USD')
          .where('user_id', 'is', null)
          .executeTakeFirstOrThrow()
      ).balance,
    );

  beforeAll(async () => {
    t = await startTestApp();
    importer = await insertUser(t.handle.db, { accountType: 'admin' });
    approver = await insertUser(t.handle.db, { accountType: 'admin' });
    alice = await insertUser(t.handle.db);
    await setDepositAccount(
      t,
      importer,
      { accountNumber: ACCOUNT, bankName: 'First Dollar Bank', accountHolder: 'Vestora Ltd' },
      approver,
    );
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  let statementId: string;
  let byId: Map<string, TStatementLine>;

  it("import: only the bank's own coded charges are fees; everything else keeps its match or exception", async () => {
    const r = await callerAs(t, importer).statement.import({
      format: 'camt053',
      content: camt(500_000, [
        // The bank's account charge, coded at the entry.
        { id: 'F-1', amount: '2.50', sign: 'DBIT', entryCode: 'ACMT/MDOP/CHRG', info: 'Monthly account fee' },
        // The charge for a transfer we sent, coded at the transaction, carrying that transfer's end-to-end id.
        { id: 'F-2', amount: '1.20', sign: 'DBIT', txCode: 'PMNT/ICDT/CHRG', e2e: 'E2E-NOT-OURS-1', text: 'Wire fee' },
        // Coded as charges but paid to someone (a payee named with an account): never a fee.
        {
          id: 'F-3',
          amount: '30.00',
          sign: 'DBIT',
          entryCode: 'PMNT/ICDT/CHRG',
          cdtr: { name: 'Alice Example', iban: 'DE89370400440532013000' },
        },
        // Coded as charges but naming a member's deposit reference: never a fee.
        { id: 'F-4', amount: '10.00', sign: 'DBIT', entryCode: 'ACMT/MDOP/CHRG', text: alice.deposit_reference },
        // A credit coded as charges (a refund of a fee): money in is never a fee.
        { id: 'F-5', amount: '15.00', sign: 'CRDT', entryCode: 'ACMT/MDOP/CHRG', info: 'Fee refund' },
        // A fee the bank did not code: left for the manual path.
        { id: 'F-6', amount: '5.00', sign: 'DBIT', info: 'Account maintenance fee' },
        // A debit with another code (a direct debit), and a proprietary code only: not fees.
        { id: 'F-7', amount: '4.00', sign: 'DBIT', entryCode: 'PMNT/IDDT/ESDD', info: 'Direct debit' },
        { id: 'F-8', amount: '3.00', sign: 'DBIT', prtry: 'CHRG', info: 'Charges' },
        // A member's deposit, as before.
        { id: 'F-9', amount: '100.00', sign: 'CRDT', ref: alice.deposit_reference },
      ]),
    });
    expect(r).toMatchObject({ lines: 9, matched: 3, exceptions: 6 });
    statementId = r.statementId;
    byId = await lines(statementId);
    const kinds = Object.fromEntries([...byId].map(([id, l]) => [id, [l.status, l.matchKind]]));
    expect(kinds).toEqual({
      'F-1': ['matched', 'fee'],
      'F-2': ['matched', 'fee'],
      'F-3': ['exception', null],
      'F-4': ['exception', null],
      'F-5': ['exception', null],
      'F-6': ['exception', null],
      'F-7': ['exception', null],
      'F-8': ['exception', null],
      'F-9': ['matched', 'credit'],
    });
    // The bank's code is kept with the line.
    const stored = await t.handle.db
      .selectFrom('statement_lines')
      .select(['bank_tx_id', 'bank_tx_code'])
      .where('statement_id', '=', statementId)
      .where('bank_tx_id', 'in', ['F-1', 'F-2'])
      .orderBy('bank_tx_id')
      .execute();
    expect(stored).toEqual([
      { bank_tx_id: 'F-1', bank_tx_code: 'ACMT/MDOP/CHRG' },
      { bank_tx_id: 'F-2', bank_tx_code: 'PMNT/ICDT/CHRG' },
    ]);
    // The statement's totals show the fees before anyone approves; nothing is booked yet.
    const st = await callerAs(t, approver).statement.byId({ statementId });
    expect(st.summary).toMatchObject({ fees: { lines: 2, amount: 3.7 }, exceptions: 6 });
    expect(await bankFeesBalance()).toBe(0);
  });

  it('approval books each fee once: journal, line use, audit; the totals and the reconciliation agree', async () => {
    const own = await failure(callerAs(t, importer).statement.approve({ statementId }));
    expect(own.status).toBe(403);
    expect(await bankFeesBalance()).toBe(0);

    const approved = await callerAs(t, approver).statement.approve({ statementId });
    expect(approved.summary).toMatchObject({ fees: { lines: 2, amount: 3.7 } });
    const after = await lines(statementId);
    expect(after.get('F-1')).toMatchObject({ status: 'applied', matchKind: 'fee' });
    expect(after.get('F-2')).toMatchObject({ status: 'applied', matchKind: 'fee' });
    expect(after.get('F-6')).toMatchObject({ status: 'exception' });
    // The journal: bank fees -> bank, per line, by the approver; a member's balance is untouched by fees.
    expect(await bankFeesBalance()).toBe(-370);
    const movements = await t.handle.db
      .selectFrom('ledger_movements')
      .select(['kind', 'ref_type', 'ref_id', 'actor_id'])
      .where('kind', '=', 'bank_fee')
      .orderBy('seq')
      .execute();
    expect(movements).toEqual([
      { kind: 'bank_fee', ref_type: 'statement_line', ref_id: after.get('F-1')!.id, actor_id: approver.id },
      { kind: 'bank_fee', ref_type: 'statement_line', ref_id: after.get('F-2')!.id, actor_id: approver.id },
    ]);
    expect(await balanceOf(t.handle.db, alice.id)).toBe(100_00);
    const uses = await t.handle.db
      .selectFrom('statement_line_uses')
      .select(['line_id', 'use'])
      .where('use', '=', 'fee')
      .orderBy('line_id')
      .execute();
    expect(uses).toHaveLength(2);
    const audits = await t.handle.db
      .selectFrom('audit_log')
      .select(['entity_id', 'actor_id', 'after'])
      .where('action', '=', 'statement.apply_fee')
      .execute();
    expect(audits).toHaveLength(2);
    expect(audits.find((a) => a.entity_id === after.get('F-1')!.id)).toMatchObject({
      actor_id: approver.id,
      after: { status: 'applied', fee: 2.5, code: 'ACMT/MDOP/CHRG' },
    });

    // Approving again books nothing twice.
    expect((await failure(callerAs(t, approver).statement.approve({ statementId }))).status).toBe(409);
    expect(await bankFeesBalance()).toBe(-370);

    // Reconciliation: the fees are in the books (not an open item); the rest is the open exceptions, to the cent.
    const [rec] = await callerAs(t, approver).statement.reconciliation();
    // Bank: 5,000.00 − 2.50 − 1.20 − 30 − 10 + 15 − 5 − 4 − 3 + 100 = 5,059.30.
    // Books: 5,000.00 + 100 (alice) − 3.70 (fees) = 5,096.30; open exceptions −37.00.
    expect(rec).toMatchObject({ bankClosing: 5_059.3, booksExpected: 5_096.3, difference: -37, unexplained: 0 });
    expect(rec!.items.find((i) => i.kind === 'open_exceptions')).toMatchObject({ amount: -37, count: 6 });
    expect(rec!.whole!.unexplained).toBe(0);
    const verify = await callerAs(t, approver).ledger.verify();
    expect(verify.ok).toBe(true);
    await expectLedgerConsistent(t.handle.db);
  });

  it('what the rule does not recognise keeps the manual path (set aside with a reason)', async () => {
    const uncoded = byId.get('F-6')!;
    const dismissed = await callerAs(t, approver).statement.dismiss({ lineId: uncoded.id, reason: 'bank fee' });
    expect(dismissed).toMatchObject({ status: 'dismissed', reason: 'bank fee' });
    // A booked fee is no exception: it cannot be set aside or assigned by hand.
    const fee = byId.get('F-1')!;
    expect((await failure(callerAs(t, approver).statement.dismiss({ lineId: fee.id, reason: 'x' }))).status).toBe(409);
  });

  it('CSV: a mapped transaction code column marks the bank charges; without it, no line is a fee', async () => {
    const mapping = {
      date: 'Date',
      amount: 'Amount',
      reference: 'Details',
      bankTransactionId: 'Id',
      counterpartyName: 'Payee',
      transactionCode: 'Code',
    } as const;
    const content = [
      'Date,Amount,Details,Id,Payee,Code',
      '2026-11-21,-0.80,Card fee,C-1,,CHRG',
      '2026-11-21,-2.00,Wire charges,C-2,,pmnt/icdt/chrg',
      '2026-11-21,-9.00,Rent,C-3,Landlord Inc,PMNT/ICDT/CHRG',
      '2026-11-21,-1.00,Fee?,C-4,,NTRF',
    ].join('\n');
    const r = await callerAs(t, importer).statement.import({ format: 'csv', bankAccount: ACCOUNT, mapping, content });
    const got = await lines(r.statementId);
    expect([...got.values()].map((l) => [l.bankTransactionId, l.matchKind])).toEqual([
      ['C-1', 'fee'],
      ['C-2', 'fee'],
      ['C-3', null],
      ['C-4', null],
    ]);
    // The same kind of file without the code column mapped: nothing is a fee.
    const { transactionCode: _, ...plain } = mapping;
    const r2 = await callerAs(t, importer).statement.import({
      format: 'csv',
      bankAccount: ACCOUNT,
      mapping: plain,
      content: content.replaceAll('C-', 'D-').replaceAll('2026-11-21', '2026-11-22'),
    });
    const got2 = await lines(r2.statementId);
    expect([...got2.values()].every((l) => l.matchKind === null && l.status === 'exception')).toBe(true);
  });

  it('the rule itself: explicit codes, debits only, no counterparty, no member reference', () => {
    for (const c of ['ACMT/MDOP/CHRG', 'PMNT/ICDT/CHRG', 'PMNT/RCDT/CHRG', 'CHRG', ' chrg '])
      expect(isChargeCode(c), c).toBe(true);
    for (const c of [null, '', 'NCHG', 'PMNT/ICDT/ESCT', 'CHRGX', 'ACMT/MDOP/CHRG/X', 'FEES'])
      expect(isChargeCode(c), String(c)).toBe(false);
    const fee = {
      amountCents: -250,
      isReturn: false,
      counterpartyName: null,
      counterpartyAccount: null,
      bankTxCode: 'ACMT/MDOP/CHRG',
      reference: null,
      description: 'Monthly account fee',
    };
    expect(isBankFee(fee)).toBe(true);
    expect(isBankFee({ ...fee, amountCents: 250 })).toBe(false);
    expect(isBankFee({ ...fee, isReturn: true })).toBe(false);
    expect(isBankFee({ ...fee, counterpartyName: 'Someone' })).toBe(false);
    expect(isBankFee({ ...fee, counterpartyAccount: 'DE89370400440532013000' })).toBe(false);
    expect(isBankFee({ ...fee, bankTxCode: null })).toBe(false);
    expect(isBankFee({ ...fee, description: 'fee for rf18 vs00 1234 5678' })).toBe(false);
  });
});
