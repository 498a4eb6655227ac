/**
 * #34, phone (390 px): a money table wider than the screen says it scrolls, and every amount can be brought into
 * view by scrolling it (the cue goes once the last column is shown).
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adjustBalance, callerAs } from '../../server/src/test/factories.ts';
import {
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  poll,
  seen,
  shot,
  uniqueEmail,
  useE2E,
  whenLive,
} from './harness.ts';

const env = useE2E();

const PHONE = 390;

/** Scrolls `target` into view (inside its table's scroll area) and checks it then lies wholly on the phone's screen. */
async function fullyOnScreen(target: Locator, what: string): Promise<void> {
  await seen(target);
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends on screen`).toBeLessThanOrEqual(PHONE);
}

/** A phone page (390 x 844) signed in as `email`. */
async function phonePage(email: string, label: string): Promise<Page> {
  const tp = await env().newPage({ viewport: 'phone', label });
  await tp.page.setViewportSize({ width: PHONE, height: 844 });
  await env().signInByApi(tp, email);
  return tp.page;
}

/** A camt.053 statement of the platform's account, with ids of its own: a credit with `reference`, one without. */
function camt053(reference: string): string {
  const id = randomUUID().slice(0, 8);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>PHONE-${id}</MsgId><CreDtTm>2026-11-03T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>PHONE-STMT-${id}</Id>
      <Acct><Id><Othr><Id>PT50000201231234567890154</Id></Othr></Id><Ccy>USD</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-02</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">1294.25</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-02</Dt></Dt></Bal>
      <Ntry>
        <Amt Ccy="USD">257.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-02</Dt></BookgDt>
        <AcctSvcrRef>PHONE-${id}-1</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <RltdPties><Dbtr><Nm>Pia Phone</Nm></Dbtr></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="USD">37.25</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-02</Dt></BookgDt>
        <AcctSvcrRef>PHONE-${id}-2</AcctSvcrRef>
        <NtryDtls><TxDtls><RmtInf><Ustrd>for my account please</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

describeBrowser('money tables on a phone (issue 34)', () => {
  test('Transactions at 390 px: a scroll cue while columns are hidden; each amount can be scrolled into view', async () => {
    const member = await env().createUser({ firstName: 'Pocket' });
    await adjustBalance(env().db, member.id, 104_895, 'test deposit', { at: env().clock.now() });
    await adjustBalance(env().db, member.id, -4_895, 'test correction', { at: env().clock.now() });
    const tp = await env().newPage({ viewport: 'phone', label: 'phone-tables' });
    await tp.page.setViewportSize({ width: 390, height: 844 });
    await env().signInByApi(tp, member.email);
    const { page } = tp;
    await page.goto('/dashboard/transactions');
    await whenLive(page);
    const table = page.locator('main table').first();
    await seen(table);
    const cue = page.getByTestId('scroll-cue');
    await seen(cue);
    await shot(page, 'phone-transactions');

    // Scrolled to the end of the row the cue goes; every amount and balance can be scrolled fully on screen.
    const area = table.locator('xpath=..');
    await area.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await poll(() => cue.isVisible()).toBe(false);
    for (const amount of ['+$1,048.95', '-$48.95', '$1,048.95', '$1,000.00']) {
      const cell = table.getByText(amount, { exact: true }).first();
      await seen(cell);
      await cell.scrollIntoViewIfNeeded();
      const box = await cell.boundingBox();
      expect(box, amount).not.toBeNull();
      expect(box!.x, `${amount} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${amount} ends on screen`).toBeLessThanOrEqual(390);
    }
    // The scroll area is reachable with the keyboard.
    expect(await area.getAttribute('tabindex')).toBe('0');
  });

  test('Money desk at 390 px: the tabs are not cut; each status and review button can be scrolled into view', async () => {
    const member = await env().createUser({ email: uniqueEmail('phone-desk'), emailVerified: true, tier: 1 });
    await adjustBalance(env().db, member.id, 500_00, 'Opening credit');
    const caller = callerAs(env().deps, member);
    for (const amount of [61.5, 72.25]) {
      await caller.withdrawal.request({
        amount,
        method: 'bank',
        details: 'PT50000201231234567890154',
        idempotencyKey: randomUUID(),
      });
    }
    const page = await phonePage(env().admin.email, 'phone-money-desk');
    await page.goto('/dashboard/money-desk?tab=withdrawals');
    await whenLive(page);

    // Every tab label is whole and on screen (they wrap rather than run off the edge).
    // Eight: deposits, withdrawals, approvals, investments, Bitcoin payouts and Reserves (#32), audit log, ledger check.
    const tabs = page.getByRole('tab');
    await poll(() => tabs.count()).toBe(8);
    for (const tab of await tabs.all()) {
      const name = (await tab.textContent()) ?? '';
      const fits = await tab.evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(fits, `tab "${name}" is not cut`).toBe(true);
      const box = await tab.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, `tab "${name}" starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `tab "${name}" ends on screen`).toBeLessThanOrEqual(PHONE);
    }

    const table = page.getByRole('tabpanel').locator('table').first();
    const cue = page.getByRole('tabpanel').getByTestId('scroll-cue');
    await seen(table.getByRole('row').filter({ hasText: '$72.25' }));
    await seen(cue);
    await shot(page, 'phone-money-desk');
    const violations = await axeViolations(page);
    expect(violations.length, `axe on the Money desk (phone):\n${formatAxeViolations(violations)}`).toBe(0);

    for (const amount of ['$61.50', '$72.25']) {
      const row = table.getByRole('row').filter({ hasText: member.email }).filter({ hasText: amount });
      await fullyOnScreen(row.getByText(amount, { exact: true }), amount);
      await fullyOnScreen(row.getByText('Pending review', { exact: true }), `status of ${amount}`);
      await fullyOnScreen(row.getByRole('button', { name: /^Approve the withdrawal/ }), `Approve of ${amount}`);
      await fullyOnScreen(row.getByRole('button', { name: /^Reject the withdrawal/ }), `Reject of ${amount}`);
    }
    // Scrolled to the row's end the cue goes.
    await table.locator('xpath=..').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await poll(() => cue.isVisible()).toBe(false);
  });

  test('Statement lines at 390 px: a scroll cue; each status, reason and action can be scrolled into view', async () => {
    const member = await env().createUser({ email: uniqueEmail('phone-lines'), firstName: 'Pia' });
    const { deposit_reference: reference } = await env()
      .db.selectFrom('users')
      .select('deposit_reference')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const imported = await callerAs(env().deps, env().admin).statement.import({
      format: 'camt053',
      content: camt053(reference),
    });
    expect([imported.lines, imported.matched, imported.exceptions]).toEqual([2, 1, 1]);
    const page = await phonePage(env().admin.email, 'phone-statement-lines');
    await page.goto(`/dashboard/statements`);
    await whenLive(page);
    const region = page.getByRole('region', { name: 'Statement lines table' });
    await seen(region);
    // The cue sits right above its table (the list of statements above has one of its own).
    const cue = region.locator('xpath=preceding-sibling::*[1][@data-testid="scroll-cue"]');
    await seen(cue);
    await seen(
      page
        .getByRole('region', { name: 'Statements table' })
        .locator('xpath=preceding-sibling::*[1]')
        .getByText('Scroll sideways for more columns'),
    );
    await shot(page, 'phone-statement-lines');
    const violations = await axeViolations(page);
    expect(violations.length, `axe on Bank statements (phone):\n${formatAxeViolations(violations)}`).toBe(0);
    expect(await region.getAttribute('tabindex')).toBe('0');

    const matched = region.getByRole('row').filter({ hasText: '+$257.00' });
    await fullyOnScreen(matched.getByText('+$257.00', { exact: true }), 'the matched amount');
    await fullyOnScreen(matched.getByText('Matched: waiting for approval'), 'the matched status');
    const exception = region.getByRole('row').filter({ hasText: '+$37.25' });
    await fullyOnScreen(exception.getByText('+$37.25', { exact: true }), 'the exception amount');
    await fullyOnScreen(exception.getByText('Exception', { exact: true }), 'the exception status');
    await fullyOnScreen(exception.getByText('No reference.'), 'the exception reason');
    await fullyOnScreen(exception.getByRole('button', { name: /^Resolve the line of \+\$37\.25/ }), 'Resolve');
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await poll(() => cue.isVisible()).toBe(false);
  });

  test("Money desk's Deposits tab at 390 px: a scroll cue; each deposit's amount, status and review can be read", async () => {
    const member = await env().createUser({ email: uniqueEmail('phone-deposits'), emailVerified: true });
    const caller = callerAs(env().deps, member);
    for (const [amount, reference] of [
      [81.5, 'PHONE-DEP-1'],
      [92.75, 'PHONE-DEP-2'],
    ] as const)
      await caller.deposit.request({ amount, reference, idempotencyKey: randomUUID() });
    const page = await phonePage(env().admin.email, 'phone-deposits');
    await page.goto('/dashboard/money-desk?tab=deposits');
    await whenLive(page);
    const panel = page.getByRole('tabpanel');
    const table = panel.locator('table').first();
    const cue = panel.getByTestId('scroll-cue').first();
    await seen(table.getByRole('row').filter({ hasText: '$92.75' }));
    await seen(cue);
    await shot(page, 'phone-money-desk-deposits');
    const violations = await axeViolations(page);
    expect(violations.length, `axe on the Deposits tab (phone):\n${formatAxeViolations(violations)}`).toBe(0);

    for (const amount of ['$81.50', '$92.75']) {
      const row = table.getByRole('row').filter({ hasText: member.email }).filter({ hasText: amount });
      await fullyOnScreen(row.getByText(amount, { exact: true }), amount);
      await fullyOnScreen(row.getByText('Pending review', { exact: true }), `status of ${amount}`);
      await fullyOnScreen(row.getByRole('button', { name: /^Confirm the deposit/ }), `Confirm of ${amount}`);
      await fullyOnScreen(row.getByRole('button', { name: /^Reject the deposit/ }), `Reject of ${amount}`);
    }
    await table.locator('xpath=..').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await poll(() => cue.isVisible()).toBe(false);
  });

  test('Payment files at 390 px: the shared scroll cue; each file, count, total and download can be read', async () => {
    const member = await env().createUser({ email: uniqueEmail('phone-files'), emailVerified: true, tier: 1 });
    await adjustBalance(env().db, member.id, 500_00, 'Opening credit');
    const w = await callerAs(env().deps, member).withdrawal.request({
      amount: 64.3,
      method: 'bank',
      details: 'PT50000201231234567890154',
      idempotencyKey: randomUUID(),
    });
    const admin = callerAs(env().deps, env().admin);
    await admin.withdrawal.review({ id: w.id, decision: 'approve' });
    const file = await admin.withdrawal.exportPayments();
    const page = await phonePage(env().admin.email, 'phone-payment-files');
    await page.goto('/dashboard/money-desk?tab=withdrawals');
    await whenLive(page);
    const section = page.getByRole('region', { name: 'Payment files', exact: true });
    const area = section.getByRole('region', { name: 'Payment files table' });
    await seen(area);
    // The shared cue right above the table, and the scroll area reachable with the keyboard.
    const cue = area.locator('xpath=preceding-sibling::*[1][@data-testid="scroll-cue"]');
    await seen(cue);
    expect(await area.getAttribute('tabindex')).toBe('0');
    await shot(page, 'phone-payment-files');
    const violations = await axeViolations(page);
    expect(violations.length, `axe on the payment files (phone):\n${formatAxeViolations(violations)}`).toBe(0);

    const row = area.getByRole('row').filter({ hasText: file.fileName });
    await fullyOnScreen(row.getByText(file.fileName, { exact: true }), 'the file name');
    await fullyOnScreen(row.getByRole('button', { name: `Download ${file.fileName} again` }), 'Download');
    await fullyOnScreen(row.getByRole('cell').nth(3), 'the total');
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/^\d+$/);
    expect(await row.getByRole('cell').nth(3).textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    await area.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await poll(() => cue.isVisible()).toBe(false);
  });

  test("a statement with the bank's fee: the line says so, the approval dialog shows it, approval books it (#34)", async () => {
    const account = 'PT50000201231234567890154';
    const last = await env()
      .db.selectFrom('statements')
      .select('closing_cents')
      .where('bank_account', '=', account)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    const opening = last ? Number(last.closing_cents) : 100_000;
    const money = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    const id = randomUUID().slice(0, 8);
    const content = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>FEE-${id}</MsgId><CreDtTm>2026-11-09T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>FEE-STMT-${id}</Id>
      <Acct><Id><Othr><Id>${account}</Id></Othr></Id><Ccy>USD</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${money(opening)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-09</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${money(opening - 250)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-09</Dt></Dt></Bal>
      <Ntry>
        <Amt Ccy="USD">2.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-09</Dt></BookgDt>
        <AcctSvcrRef>FEE-${id}-1</AcctSvcrRef>
        <BkTxCd><Domn><Cd>ACMT</Cd><Fmly><Cd>MDOP</Cd><SubFmlyCd>CHRG</SubFmlyCd></Fmly></Domn></BkTxCd>
        <AddtlNtryInf>Monthly account fee</AddtlNtryInf>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
    const imported = await callerAs(env().deps, env().admin).statement.import({ format: 'camt053', content });
    expect([imported.lines, imported.matched, imported.exceptions]).toEqual([1, 1, 0]);
    const approver = await env().createUser({ accountType: 'admin', email: uniqueEmail('fee-approver') });
    const page = await phonePage(approver.email, 'phone-statement-fee');
    await page.goto('/dashboard/statements');
    await whenLive(page);
    const region = page.getByRole('region', { name: 'Statement lines table' });
    const line = region.getByRole('row').filter({ hasText: '-$2.50' });
    await fullyOnScreen(line.getByText("The bank's fee: booked when the statement is approved"), 'the fee line');
    // Newest first: this statement's Approve.
    await page
      .getByRole('button', { name: /^Approve the statement/ })
      .first()
      .click();
    const confirm = page.getByRole('alertdialog', { name: /^Approve the statement of .*\?$/ });
    const fees = confirm.getByTestId('statement-approval-fees');
    await seen(fees);
    expect(await fees.innerText()).toBe('1 fee, $2.50');
    const violations = await axeViolations(page);
    expect(violations.length, `axe on the approval dialog with a fee:\n${formatAxeViolations(violations)}`).toBe(0);
    await confirm.getByRole('button', { name: 'Approve and credit', exact: true }).click();
    await seen(line.getByText("Booked as the bank's fee"));
    const booked = await env()
      .db.selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', 'bank_fees')
      .where('asset', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(Number(booked.balance)).toBe(-250);
  });
});
