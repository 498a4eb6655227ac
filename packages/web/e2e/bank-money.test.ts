/**
 * Issue #19 in the browser: bank payouts go out in a pain.001 payment file exported from the Money desk, and bank
 * statements are imported by one admin and approved by another, crediting the member whose reference they carry.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { groupReference } from '../../server/src/modules/bank-statement/rf-reference.ts';
import { adjustBalance, callerAs } from '../../server/src/test/factories.ts';
import {
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  gone,
  poll,
  seen,
  shot,
  type TrackedPage,
  uniqueEmail,
  useE2E,
} from './harness.ts';
import { balanceCentsColumn } from '@vestora/server/bench';

const env = useE2E();

/** Calls a tRPC procedure over HTTP as the page's signed-in user (setup that is not what the test is about). */
async function api<T = unknown>(tp: TrackedPage, procedure: string, input: unknown, kind: 'query' | 'mutation') {
  const url = `${env().baseUrl}/trpc/${procedure}`;
  const res =
    kind === 'mutation'
      ? await tp.context.request.post(url, { data: input })
      : await tp.context.request.get(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`);
  if (!res.ok()) throw new Error(`${procedure} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

function notice(page: Page, text: string | RegExp): Locator {
  return page.getByText(text).first();
}

async function withdrawalStatus(id: string): Promise<string> {
  const row = await env().db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

/** A hand-written camt.053.001.02 statement: a credit with the member's reference and two with none. */
function camt053(account: string, reference: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E-1</MsgId><CreDtTm>2026-11-02T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>E2E-STMT-1</Id>
      <Acct><Id><Othr><Id>${account}</Id></Othr></Id><Ccy>USD</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-01</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">1299.25</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-01</Dt></Dt></Bal>
      <Ntry>
        <Amt Ccy="USD">250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-01</Dt></BookgDt>
        <AcctSvcrRef>E2E-0001</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Nm>Nora Member</Nm></Dbtr></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="USD">37.25</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-01</Dt></BookgDt>
        <AcctSvcrRef>E2E-0002</AcctSvcrRef>
        <NtryDtls><TxDtls><RmtInf><Ustrd>for my account please</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="USD">12.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-01</Dt></BookgDt>
        <AcctSvcrRef>E2E-0003</AcctSvcrRef>
        <NtryDtls><TxDtls><RmtInf><Ustrd>from Nora, forgot the reference</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

async function balanceOf(userId: string): Promise<number> {
  const row = await env()
    .db.selectFrom('users')
    .select(balanceCentsColumn())
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

describeBrowser('bank money', () => {
  test('a bank withdrawal approved without a payout reference waits for the payment file, which the admin exports', async () => {
    const member = await env().createUser({ email: uniqueEmail('payout-member'), emailVerified: true, tier: 1 });
    await adjustBalance(env().db, member.id, 500_00, 'Opening credit');
    const m = await env().newPage({ label: 'payout-member' });
    await env().signInByApi(m, member.email);
    const w = await api<{ id: string }>(
      m,
      'withdrawal.request',
      { amount: 120.5, method: 'bank', details: 'PT50000201231234567890154', idempotencyKey: randomUUID() },
      'mutation',
    );

    const tp = await env().newPage({ label: 'payout-admin' });
    const a = tp.page;
    await env().signInByApi(tp, env().admin.email);
    await a.goto('/dashboard/money-desk?tab=withdrawals');

    // With nothing approved yet, the export says so.
    await a.getByRole('button', { name: 'Export payment file' }).click();
    await seen(notice(a, 'Nothing to export'));

    const row = a.getByRole('row').filter({ hasText: member.email }).filter({ hasText: '$120.50' });
    await seen(row);
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = a.getByRole('alertdialog').or(a.getByRole('dialog'));
    await seen(dialog.getByText('Approve this withdrawal?'));
    await seen(dialog.getByText(/waits for the next payment file/));
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await seen(notice(a, 'Withdrawal approved'));
    await gone(dialog);
    expect(await withdrawalStatus(w.id)).toBe('approved');

    await a.getByLabel('Status', { exact: true }).selectOption({ label: 'Approved: waiting for the payment file' });
    await seen(
      a.getByRole('row').filter({ hasText: member.email }).getByText('Approved: waiting for the payment file'),
    );

    const download = a.waitForEvent('download');
    await a.getByRole('button', { name: 'Export payment file' }).click();
    const file = await download;
    await seen(notice(a, 'Payment file exported'));
    await seen(notice(a, /1 payout of \$120\.50 in total/));
    expect(file.suggestedFilename()).toMatch(/\.xml$/);
    const xml = readFileSync(await file.path(), 'utf8');
    expect(xml).toContain('pain.001');
    expect(xml).toContain('120.50');
    expect(await withdrawalStatus(w.id)).toBe('sent');

    await a.getByLabel('Status', { exact: true }).selectOption({ label: 'Sent, not yet paid' });
    await seen(a.getByRole('row').filter({ hasText: member.email }).getByText('Sent to the bank'));
    await shot(a, 'bank-payment-file-exported');

    // The batch's file is listed and downloads again, the same bytes (#34), with an audit row for the download.
    const files = a.getByRole('region', { name: 'Payment files', exact: true });
    const batch = files.getByRole('row').filter({ hasText: file.suggestedFilename() });
    await seen(batch.getByText('$120.50'));
    const violations = await axeViolations(a);
    expect(violations.length, `axe on the payment files:\n${formatAxeViolations(violations)}`).toBe(0);
    const again = a.waitForEvent('download');
    await batch.getByRole('button', { name: `Download ${file.suggestedFilename()} again` }).click();
    const copy = await again;
    await seen(notice(a, 'Payment file downloaded'));
    expect(copy.suggestedFilename()).toBe(file.suggestedFilename());
    expect(readFileSync(await copy.path(), 'utf8')).toBe(xml);
    const audits = await env()
      .db.selectFrom('audit_log')
      .select('actor_id')
      .where('action', '=', 'withdrawal.download_payment_file')
      .execute();
    expect(audits).toEqual([{ actor_id: env().admin.id }]);
    expect(await withdrawalStatus(w.id)).toBe('sent');
  });
  test('admin A imports a camt.053 statement, cannot approve it; admin B approves and the member sees the deposit', async () => {
    const member = await env().createUser({ email: uniqueEmail('statement-member'), firstName: 'Nora' });
    const { deposit_reference: reference } = await env()
      .db.selectFrom('users')
      .select('deposit_reference')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const b = await env().createUser({ accountType: 'admin', email: uniqueEmail('statement-admin-b') });
    const before = await balanceOf(member.id);

    // The member finds their reference on the Deposit page and copies it.
    const tm = await env().newPage({ label: 'statement-member' });
    const m = tm.page;
    await env().signInByApi(tm, member.email);
    await m.goto('/dashboard/deposit');
    const how = m.getByRole('region', { name: 'How to deposit' });
    await seen(how.getByText(groupReference(reference), { exact: true }));
    await seen(how.getByText(/credited when the bank statement arrives: no report needed/));
    await how.getByRole('button', { name: 'Copy your reference' }).click();
    await seen(how.getByRole('button', { name: 'Copied!' }));
    expect(await m.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    // My Account's QR code carries the account number and the reference.
    const qrTitle = m.getByRole('region', { name: 'My Account' }).locator('svg title').first();
    await poll(() => qrTitle.textContent()).toMatch(/and your reference$/);

    // Admin A finds the page in the menu and imports the file.
    const ta = await env().newPage({ label: 'statement-admin-a' });
    const a = ta.page;
    await env().signInByApi(ta, env().admin.email);
    await a.goto('/dashboard/money-desk');
    await a
      .getByRole('navigation', { name: 'Dashboard' })
      .first()
      .getByRole('link', { name: 'Bank statements' })
      .click();
    await seen(a.getByRole('heading', { name: 'Bank statements', level: 1 }));
    await a.getByLabel('Format').selectOption('camt053');
    await a.getByLabel(/Statement file/).setInputFiles({
      name: 'statement.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(camt053('PT50000201231234567890154', reference)),
    });
    await a.getByRole('button', { name: 'Import statement' }).click();
    await seen(a.getByText(/3 new lines, 0 already imported, 1 matched, 2 exceptions\./));
    expect(await balanceOf(member.id)).toBe(before);

    const approveA = a.getByRole('button', { name: /^Approve the statement/ });
    await seen(approveA);
    expect(await approveA.isDisabled()).toBe(true);
    await seen(a.getByText('You imported it: another administrator must approve it.'));

    // The exception is set aside with a reason.
    await seen(a.getByRole('row').filter({ hasText: '+$250.00' }).getByText('Matched: waiting for approval'));
    const exception = a.getByRole('row').filter({ hasText: '+$37.25' });
    await seen(exception.getByText('No reference.'));
    await seen(exception.getByText('Exception'));
    await exception.getByRole('button', { name: /^Resolve/ }).click();
    await seen(a.getByLabel('Assign to member (email or id)'));
    let violations = await axeViolations(a);
    expect(violations.length, `axe on Bank statements:\n${formatAxeViolations(violations)}`).toBe(0);
    await a.getByLabel('Reason to set it aside').fill('Not ours: sent to the wrong account');
    await a.getByRole('button', { name: 'Set aside', exact: true }).click();
    await seen(notice(a, 'Line set aside'));
    await seen(exception.getByText('Set aside'));

    // The other one is assigned to the member by email: a pending deposit for another admin to confirm.
    const forgot = a.getByRole('row').filter({ hasText: '+$12.00' });
    await forgot.getByRole('button', { name: /^Resolve/ }).click();
    await a.getByLabel('Assign to member (email or id)').fill(member.email);
    await a.getByRole('button', { name: 'Assign', exact: true }).click();
    // A line assigned by hand is a proposal (#27): another administrator confirms its deposit.
    await seen(notice(a, 'Proposed — waiting for a second administrator'));
    await seen(forgot.getByText('Assigned: deposit to confirm'));
    const pending = await env()
      .db.selectFrom('deposits')
      .select(['status', 'amount_cents'])
      .where('user_id', '=', member.id)
      .execute();
    expect(pending.map((d) => [d.status, Number(d.amount_cents)])).toEqual([['pending', 12_00]]);
    await seen(a.getByRole('region', { name: /^Reconciliation of account/ }).getByText('Unexplained'));
    await shot(a, 'bank-statement-imported');

    // Admin B approves: the member is credited.
    const tb = await env().newPage({ label: 'statement-admin-b', viewport: 'phone' });
    const bPage = tb.page;
    await env().signInByApi(tb, b.email);
    await bPage.goto('/dashboard/statements');
    const approveB = bPage.getByRole('button', { name: /^Approve the statement/ });
    await seen(approveB);
    expect(await approveB.isDisabled()).toBe(false);
    violations = await axeViolations(bPage);
    expect(violations.length, `axe on Bank statements (phone):\n${formatAxeViolations(violations)}`).toBe(0);
    // Usable on a phone: the page itself never scrolls sideways (wide tables scroll in their own box).
    expect(await bPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Approve asks first (#34), with the server's totals: one credit of $250.00 to a member, no line left as an
    // exception (one was set aside, one assigned by hand). Cancel credits nothing.
    await approveB.click();
    let confirm = bPage.getByRole('alertdialog', { name: /^Approve the statement of .*\?$/ });
    let totals = confirm.getByTestId('statement-approval-totals');
    await seen(totals);
    expect(await totals.locator('dt').allInnerTexts()).toEqual([
      'Credits to members',
      'Sum credited',
      'Exceptions (not credited)',
    ]);
    expect(await totals.locator('dd').allInnerTexts()).toEqual(['1 credit', '$250.00', '0 lines']);
    await seen(confirm.getByText("1 member's balance goes up by their credits. Approve the statement?"));
    violations = await axeViolations(bPage);
    expect(violations.length, `axe on the statement approval dialog:\n${formatAxeViolations(violations)}`).toBe(0);
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await gone(confirm);
    expect(await balanceOf(member.id)).toBe(before);
    expect(await approveB.isDisabled()).toBe(false);
    const status = await env()
      .db.selectFrom('statement_lines')
      .innerJoin('statements', 'statements.id', 'statement_lines.statement_id')
      .select('statements.status')
      .where('statement_lines.user_id', '=', member.id)
      .where('statement_lines.match_kind', '=', 'credit')
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('proposed');
    // Confirmed: the member is credited.
    await approveB.click();
    confirm = bPage.getByRole('alertdialog', { name: /^Approve the statement of .*\?$/ });
    totals = confirm.getByTestId('statement-approval-totals');
    await seen(totals);
    await confirm.getByRole('button', { name: 'Approve and credit', exact: true }).click();
    await gone(confirm);
    await seen(notice(bPage, 'Statement approved'));
    await seen(bPage.getByText('Approved', { exact: true }));
    expect(await balanceOf(member.id)).toBe(before + 250_00);

    await tm.page.goto('/dashboard/transactions');
    await seen(tm.page.getByRole('main').getByText('+$250.00').first());
    await seen(tm.page.locator('aside').getByText('Account: $250.00', { exact: true }));
  });
  test('a CSV statement is read with its column mapping; once stored by approval the same file again adds nothing', async () => {
    const member = await env().createUser({ email: uniqueEmail('csv-member') });
    const { deposit_reference: reference } = await env()
      .db.selectFrom('users')
      .select('deposit_reference')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    // The platform's own account (#27: statements of other accounts are refused), its running balance going on
    // from where the camt.053 above closed ($1,299.25).
    const csv = [
      'Booking date;Amount;Currency;Details;Transaction ID;Payer;Payer account;Balance',
      `04.11.2026;1.234,56;USD;Deposit ${reference};CSV-5001;Carol Payer;DE89370400440532013000;2.533,81`,
      '04.11.2026;-40,00;USD;Card fee;CSV-5002;;;2.493,81',
      '',
    ].join('\n');
    const file = { name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

    const tp = await env().newPage({ label: 'csv-admin' });
    const a = tp.page;
    await env().signInByApi(tp, env().admin.email);
    await a.goto('/dashboard/statements');
    await a.getByLabel('Format').selectOption('csv');
    await a.getByLabel(/Statement file/).setInputFiles(file);
    const account = a.getByLabel(/^Bank account \(number or IBAN\)/);
    await account.fill('PT50 0002 0123 1234 5678 9015 4');
    await a.getByLabel('Date column').fill('Booking date');
    await a.getByLabel('Amount column').fill('Amount');
    await a.getByLabel('Reference or description column').fill('Details');
    await a.getByLabel(/^Currency column/).fill('Currency');
    await a.getByLabel(/^Bank's transaction id column/).fill('Transaction ID');
    await a.getByLabel(/^Counterparty name column/).fill('Payer');
    await a.getByLabel(/^Running balance column/).fill('Balance');
    await a.getByLabel('Separator').selectOption(';');
    await a.getByLabel('Dates look like').selectOption('DD.MM.YYYY');
    await a.getByLabel('Amounts look like').selectOption('comma');
    await a.getByRole('button', { name: 'Import statement' }).click();
    await seen(a.getByText(/2 new lines, 0 already imported, 1 matched, 1 exception\./));
    await seen(a.getByRole('row').filter({ hasText: '+$1,234.56' }).getByText('Matched: waiting for approval'));

    // The mapping sent with the file read that file only (#27): storing it for the account is a proposal that a
    // second administrator approves. Then, with every column left empty, the stored mapping reads the file again,
    // and nothing is added twice.
    const proposal = await callerAs(env().deps, env().admin).statement.proposeCsvMapping({
      bankAccount: 'PT50 0002 0123 1234 5678 9015 4',
      mapping: {
        date: 'Booking date',
        amount: 'Amount',
        reference: 'Details',
        currency: 'Currency',
        bankTransactionId: 'Transaction ID',
        counterpartyName: 'Payer',
        balance: 'Balance',
        delimiter: ';',
        dateFormat: 'DD.MM.YYYY',
        decimalComma: true,
      },
    });
    const approver = await env().createUser({ accountType: 'admin', email: uniqueEmail('csv-approver') });
    await callerAs(env().deps, approver).approval.approve({ id: proposal.id });
    await a.reload();
    await a.getByLabel('Format').selectOption('csv');
    await a.getByLabel(/Statement file/).setInputFiles(file);
    await account.fill('PT50 0002 0123 1234 5678 9015 4');
    await a.getByRole('button', { name: 'Import statement' }).click();
    await seen(a.getByText(/0 new lines, 2 already imported/));
    await shot(a, 'bank-statement-csv');
  });
});
