import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { PAIN_001_NAMESPACE } from '../../src/modules/withdrawal/withdrawal.payments.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { balanceOf, DETAILS, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';
import { fixture } from './statement-helpers.ts';

const ACCOUNT = '4000123456';

const PAIN_XSD = readFileSync(new URL('./fixtures/pain.001.001.09.subset.xsd', import.meta.url), 'utf8');

/** What xmllint says is wrong with a payment file against the pain.001.001.09 schema (none: valid). */
async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'payments.xml', contents: xml },
    schema: { fileName: 'pain.001.001.09.xsd', contents: PAIN_XSD },
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** Every element of an XML text as "parent/name", with its text and attributes, in document order. */
function elements(xml: string): { path: string; text: string; attrs: Record<string, string> }[] {
  type Node = { name: string; path: string; text: string; attrs: Record<string, string> };
  const out: Node[] = [];
  const stack: Node[] = [];
  const p = new SaxesParser();
  p.on('opentag', (t) => {
    const parent = stack[stack.length - 1];
    const path = parent ? `${parent.name}/${t.name}` : t.name;
    const node = { name: t.name, path, text: '', attrs: t.attributes as Record<string, string> };
    stack.push(node);
    out.push(node);
  });
  p.on('text', (x) => {
    if (stack.length) stack[stack.length - 1]!.text += x.trim();
  });
  p.on('closetag', () => stack.pop());
  p.write(xml).close();
  return out;
}

describe('payouts by pain.001 file, settled and returned by the statement', () => {
  let t: TestApp;
  let exporter: TestUser;
  let approver: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  let ids: string[];
  let e2e: string[];
  beforeAll(async () => {
    t = await startTestApp();
    exporter = await insertUser(t.handle.db, { accountType: 'admin' });
    approver = await insertUser(t.handle.db, { accountType: 'admin' });
    dave = await insertUser(t.handle.db, { tier: 1, balanceCents: 50_000, firstName: 'Dave' });
    erin = await insertUser(t.handle.db, { tier: 1, balanceCents: 30_000, firstName: 'Érin' });
    await setDepositAccount(t, exporter, {
      accountNumber: '4000 1234 56',
      bankName: 'First Dollar Bank',
      accountHolder: 'Vestora Ltd',
    });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  it('approved bank withdrawals (no typed reference) go into one pain.001.001.09 file with unique end-to-end ids', async () => {
    const w1 = await callerAs(t, dave).withdrawal.request({
      amount: 120,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    const w2 = await callerAs(t, erin).withdrawal.request({
      amount: 80,
      method: 'bank',
      details: '4455 6677 88',
      idempotencyKey: newKey(),
    });
    const paypal = await callerAs(t, erin).withdrawal.request({
      amount: 10,
      method: 'paypal',
      details: DETAILS.paypal,
      idempotencyKey: newKey(),
    });
    ids = [w1.id, w2.id];
    for (const id of ids) {
      expect(await callerAs(t, approver).withdrawal.review({ id, decision: 'approve' })).toMatchObject({
        status: 'approved',
      });
    }
    // PayPal and crypto payouts keep the typed payout reference and are paid at once.
    expect(
      await callerAs(t, approver).withdrawal.review({ id: paypal.id, decision: 'approve', payoutReference: 'PP-1' }),
    ).toMatchObject({ status: 'paid' });

    expect((await failure(callerAs(t, dave).withdrawal.exportPayments())).status).toBe(403);
    const file = await callerAs(t, exporter).withdrawal.exportPayments();
    expect(file).toMatchObject({ count: 2, total: 200 });
    expect(file.fileName).toMatch(/^VSPAY-\d+-[0-9A-F]{6}\.pain\.001\.001\.09\.xml$/);
    const els = elements(file.content);
    expect(els[0]).toMatchObject({ path: 'Document', attrs: { xmlns: PAIN_001_NAMESPACE } });
    const text = (path: string) => els.filter((e) => e.path === path).map((e) => e.text);
    expect(text('GrpHdr/NbOfTxs')).toEqual(['2']);
    expect(text('PmtInf/NbOfTxs')).toEqual(['2']);
    expect(text('GrpHdr/CtrlSum')).toEqual(['200.00']);
    expect(text('PmtInf/CtrlSum')).toEqual(['200.00']);
    // The schema (the standard's element order, cardinalities and types) accepts the file...
    expect(await schemaErrors(file.content)).toEqual([]);
    // ...and is a check that can fail: a negative amount, a swapped order, a 36-character end-to-end id.
    const broken = [
      file.content.replace('>120.00<', '>-120.00<'),
      file.content.replace(/(<Cdtr>[\s\S]*?<\/Cdtr>)(\s*)(<CdtrAcct>[\s\S]*?<\/CdtrAcct>)/, '$3$2$1'),
      file.content.replace(/<EndToEndId>[^<]*</, `<EndToEndId>${'X'.repeat(36)}<`),
    ];
    for (const xml of broken) {
      expect(xml).not.toBe(file.content);
      expect((await schemaErrors(xml)).length).toBeGreaterThan(0);
    }
    e2e = text('PmtId/EndToEndId');
    expect(e2e).toHaveLength(2);
    expect(new Set(e2e).size).toBe(2);
    for (const id of e2e) expect(id.length).toBeLessThanOrEqual(35);
    expect(els.filter((e) => e.path === 'Amt/InstdAmt').map((e) => [e.text, e.attrs.Ccy])).toEqual([
      ['120.00', 'USD'],
      ['80.00', 'USD'],
    ]);
    expect(text('Id/IBAN')).toContain('PT50000201231234567890154');
    expect(text('Othr/Id')).toEqual(expect.arrayContaining(['4000123456', '4455667788']));
    expect(text('Cdtr/Nm')).toEqual(['Dave User', 'Erin User']);

    const listed = await callerAs(t, approver).withdrawal.list({ status: 'sent' });
    expect(listed.items.map((w) => w.id).sort()).toEqual([...ids].sort());
    // Held funds stay held while the payout is with the bank.
    expect(await balanceOf(t.handle.db, dave.id)).toBe(50_000 - 12_000);
    expect(await callerAs(t, exporter).withdrawal.exportPayments()).toMatchObject({ count: 0, total: 0 });

    // The file is kept (#34): listed for admins, downloaded again byte for byte by any admin, each download audited,
    // even after a member's name changed (the bank gets what it was sent).
    await t.handle.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', dave.id).execute();
    const files = await callerAs(t, approver).withdrawal.paymentFiles();
    expect(files[0]).toMatchObject({ fileName: file.fileName, count: 2, total: 200, createdByEmail: exporter.email });
    const again = await callerAs(t, approver).withdrawal.downloadPaymentFile({ fileName: file.fileName });
    expect(again).toEqual({ fileName: file.fileName, content: file.content });
    const audits = await t.handle.db
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('action', '=', 'withdrawal.download_payment_file')
      .execute();
    expect(audits).toEqual([{ actor_id: approver.id, after: { fileName: file.fileName, count: 2 } }]);
    expect((await failure(callerAs(t, dave).withdrawal.paymentFiles())).status).toBe(403);
    expect((await failure(callerAs(t, dave).withdrawal.downloadPaymentFile({ fileName: file.fileName }))).status).toBe(
      403,
    );
    const missing = await failure(
      callerAs(t, approver).withdrawal.downloadPaymentFile({ fileName: 'VSPAY-0-000000.pain.001.001.09.xml' }),
    );
    expect([missing.status, missing.message]).toEqual([404, 'No payment file with that name is kept.']);
    expect(
      (await failure(callerAs(t, approver).withdrawal.downloadPaymentFile({ fileName: '../etc/passwd' }))).status,
    ).toBe(400);
    // Nothing about the payouts changed by downloading.
    expect((await callerAs(t, approver).withdrawal.list({ status: 'sent' })).items).toHaveLength(2);
  });

  it('the statement’s debit lines settle those withdrawals once a second admin approves', async () => {
    const values = { ACCOUNT, E2E_1: e2e[0]!, E2E_2: e2e[1]! };
    const r = await callerAs(t, exporter).statement.import({
      format: 'camt053',
      content: fixture('camt053-v08-payouts-debits.xml', values),
    });
    expect(r).toMatchObject({ lines: 2, matched: 2, exceptions: 0 });
    const before = await callerAs(t, approver).statement.reconciliation();
    expect(before[0]).toMatchObject({ bankClosing: 800, booksExpected: 800, difference: 0, unexplained: 0 });
    await callerAs(t, approver).statement.approve({ statementId: r.statementId });
    const paid = await callerAs(t, approver).withdrawal.list({ status: 'paid' });
    expect(paid.items.map((w) => w.id)).toEqual(expect.arrayContaining(ids));
    const uses = await t.handle.db.selectFrom('statement_line_uses').select(['use', 'target_id']).execute();
    expect(uses.map((u) => u.use)).toEqual(['settle', 'settle']);
  });

  it('a returned payout gives the funds back to the member with a notice; the books still agree with the bank', async () => {
    const before = await balanceOf(t.handle.db, erin.id);
    const r = await callerAs(t, exporter).statement.import({
      format: 'camt053',
      content: fixture('camt053-v02-payout-return.xml', { ACCOUNT, E2E_2: e2e[1]! }),
    });
    expect(r).toMatchObject({ lines: 1, matched: 1 });
    await callerAs(t, approver).statement.approve({ statementId: r.statementId });
    expect(await balanceOf(t.handle.db, erin.id)).toBe(before + 8_000);
    const w = (await callerAs(t, approver).withdrawal.list({ status: 'returned' })).items;
    expect(w.map((x) => x.id)).toEqual([ids[1]]);
    const mail = await t.handle.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('user_id', '=', erin.id)
      .where('subject', 'like', '%returned by the bank%')
      .execute();
    expect(mail).toHaveLength(1);
    const entries = await t.handle.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_cents', 'memo'])
      .where('ref_id', '=', ids[1]!)
      .orderBy('seq')
      .execute();
    expect(entries.map((e) => [e.kind, e.amount_cents])).toEqual([
      ['withdrawal_hold', -8_000],
      ['withdrawal_release', 8_000],
    ]);
    const line = (await callerAs(t, approver).statement.lines({ statementId: r.statementId }))[0]!;
    expect(entries[1]!.memo).toContain(line.id);

    // One more payout sent but not yet on a statement: the difference is explained as in transit.
    const w3 = await callerAs(t, dave).withdrawal.request({
      amount: 50.25,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    await callerAs(t, approver).withdrawal.review({ id: w3.id, decision: 'approve' });
    await callerAs(t, exporter).withdrawal.exportPayments();
    const [rec] = await callerAs(t, approver).statement.reconciliation();
    expect(rec).toMatchObject({
      bankClosing: 880,
      booksExpected: 829.75,
      difference: 50.25,
      explained: 50.25,
      unexplained: 0,
    });
    expect(rec!.items.find((i) => i.kind === 'payouts_in_transit')).toMatchObject({ amount: 50.25, count: 1 });
    const verify = await callerAs(t, approver).ledger.verify();
    expect(verify).toMatchObject({ ok: true, platform: { ok: true } });
  });
});

describe('a bank payout names its account: IBAN and BIC, or US routing and account number (#34)', () => {
  let t: TestApp;
  let exporter: TestUser;
  let approver: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    exporter = await insertUser(t.handle.db, { accountType: 'admin' });
    approver = await insertUser(t.handle.db, { accountType: 'admin' });
    member = await insertUser(t.handle.db, { tier: 1, balanceCents: 90_000, firstName: 'Iris' });
    // The platform's own bank record names its bank too (#34): a mistyped BIC or routing number is refused.
    const wrongBic = await failure(
      callerAs(t, exporter).account.update({
        accountNumber: 'DE02 1007 0000 0123 4567 89',
        bankName: 'Deutsche Bank',
        accountHolder: 'Vestora Ltd',
        bic: 'DEUT DE',
      }),
    );
    expect(wrongBic.message).toContain('Enter the BIC (SWIFT code) as 8 or 11 letters and digits');
    const wrongRouting = await failure(
      callerAs(t, exporter).account.update({
        accountNumber: '4000123456',
        bankName: 'First Dollar Bank',
        accountHolder: 'Vestora Ltd',
        routingNumber: '123456789',
      }),
    );
    expect(wrongRouting.message).toContain('Enter the 9-digit ABA routing number');
    await setDepositAccount(t, exporter, {
      accountNumber: 'DE02 1007 0000 0123 4567 89',
      bankName: 'Deutsche Bank',
      accountHolder: 'Vestora Ltd',
      bic: 'deutdeff500',
    });
    expect(await callerAs(t, member).account.get()).toMatchObject({ bic: 'DEUTDEFF500', routingNumber: null });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  const stored = (id: string) =>
    t.handle.db
      .selectFrom('withdrawals')
      .select(['details', 'bank_iban', 'bank_bic', 'bank_routing_number', 'bank_account_number'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('refuses a mistyped IBAN, BIC or routing number, in the member’s language', async () => {
    const ask = (bank: unknown) =>
      failure(
        callerAs(t, member).withdrawal.request({
          amount: 10,
          method: 'bank',
          bank: bank as never,
          idempotencyKey: newKey(),
        }),
      );
    // One digit off: the check digits no longer match.
    const iban = await ask({ kind: 'iban', iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBADEFFXXX' });
    expect(iban.status).toBe(400);
    expect(iban.message).toContain('This is not a valid IBAN');
    const bic = await ask({ kind: 'iban', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBA-DE' });
    expect(bic.message).toContain('Enter the BIC (SWIFT code) as 8 or 11 letters and digits');
    const routing = await ask({ kind: 'us', routingNumber: '011000016', accountNumber: '123456789' });
    expect(routing.message).toContain('Enter the 9-digit ABA routing number');
    const account = await ask({ kind: 'us', routingNumber: '011000015', accountNumber: '12' });
    expect(account.message).toContain('Enter the account number: 4 to 17 digits.');
    // A bank account with another method is refused; nothing was held.
    const paypal = await failure(
      callerAs(t, member).withdrawal.request({
        amount: 10,
        method: 'paypal',
        bank: { kind: 'iban', iban: 'DE89370400440532013000' },
        idempotencyKey: newKey(),
      }),
    );
    expect(paypal.status).toBe(400);
    expect(await balanceOf(t.handle.db, member.id)).toBe(90_000);
  });

  it('stores the account structured, reads it in the details, and the payment file names bank and account', async () => {
    const euro = await callerAs(t, member).withdrawal.request({
      amount: 100,
      method: 'bank',
      bank: { kind: 'iban', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' },
      idempotencyKey: newKey(),
    });
    expect(euro.details).toBe('IBAN DE89 3704 0044 0532 0130 00 / BIC COBADEFFXXX');
    expect(await stored(euro.id)).toMatchObject({ bank_iban: 'DE89370400440532013000', bank_bic: 'COBADEFFXXX' });
    const us = await callerAs(t, member).withdrawal.request({
      amount: 200,
      method: 'bank',
      bank: { kind: 'us', routingNumber: '011000015', accountNumber: '000123456789' },
      idempotencyKey: newKey(),
    });
    expect(us.details).toBe('ABA 011000015 / ACCT 000123456789');
    expect(await stored(us.id)).toMatchObject({
      bank_iban: null,
      bank_routing_number: '011000015',
      bank_account_number: '000123456789',
    });
    // The legacy free text is still taken; an IBAN written in it (with its BIC) is stored as such.
    const legacy = await callerAs(t, member).withdrawal.request({
      amount: 50,
      method: 'bank',
      details: 'GB33BUKB20201555555555',
      idempotencyKey: newKey(),
    });
    expect(await stored(legacy.id)).toMatchObject({
      details: 'GB33BUKB20201555555555',
      bank_iban: 'GB33BUKB20201555555555',
      bank_bic: null,
    });
    const plain = await callerAs(t, member).withdrawal.request({
      amount: 25,
      method: 'bank',
      details: '4455 6677 88',
      idempotencyKey: newKey(),
    });
    expect(await stored(plain.id)).toMatchObject({ bank_iban: null, bank_routing_number: null });

    for (const w of [euro, us, legacy, plain])
      await callerAs(t, approver).withdrawal.review({ id: w.id, decision: 'approve' });
    const file = await callerAs(t, exporter).withdrawal.exportPayments();
    expect(file).toMatchObject({ count: 4, total: 375, skipped: [] });
    expect(await schemaErrors(file.content)).toEqual([]);
    const els = elements(file.content);
    // The paying bank by its BIC, no longer NOTPROVIDED.
    expect(els.filter((e) => e.path === 'DbtrAgt/FinInstnId').length).toBe(1);
    expect(file.content).toMatch(/<DbtrAgt>\s*<FinInstnId>\s*<BICFI>DEUTDEFF500<\/BICFI>/);
    expect(file.content).not.toContain('NOTPROVIDED');
    const txs: string[][] = [];
    for (const e of els) {
      if (e.path === 'PmtInf/CdtTrfTxInf') txs.push([]);
      else if (txs.length && e.text) txs[txs.length - 1]!.push(`${e.path}=${e.text}`);
    }
    const [euroTx, usTx, legacyTx, plainTx] = txs;
    expect(euroTx).toEqual(expect.arrayContaining(['FinInstnId/BICFI=COBADEFFXXX', 'Id/IBAN=DE89370400440532013000']));
    expect(usTx).toEqual(
      expect.arrayContaining(['ClrSysId/Cd=USABA', 'ClrSysMmbId/MmbId=011000015', 'Othr/Id=000123456789']),
    );
    expect(legacyTx).toEqual(expect.arrayContaining(['Id/IBAN=GB33BUKB20201555555555']));
    expect(legacyTx!.some((x) => x.includes('BICFI'))).toBe(false);
    expect(plainTx).toEqual(expect.arrayContaining(['Othr/Id=4455667788']));
  });
});
