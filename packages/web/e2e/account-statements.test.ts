/**
 * Monthly account statements (#21): after the server's clock passes the first of a month, the job issues the
 * month before; the member finds it under Transactions → Statements, and the PDF download is a real PDF with the
 * figures. The tab is axe clean.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { issueDueStatements } from '../../server/src/modules/account-statement/account-statement.job.ts';
import { adjustBalance } from '../../server/src/test/factories.ts';
import { axeViolations, describeBrowser, formatAxeViolations, seen, useE2E, whenLive } from './harness.ts';

const env = useE2E();

/** The first instant of the month after `d` (UTC), and that month before it as "November 2026". */
function nextMonthStart(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

describeBrowser('monthly account statements', () => {
  test('the statement is listed under Transactions → Statements and its PDF opens', async () => {
    const e = env();
    const member = await e.createUser({ firstName: 'Stella', email: `statements-${Date.now()}@example.com` });
    const month = e.clock.now();
    await adjustBalance(e.db, member.id, 123_45, 'Welcome credit', { at: e.clock.now() });
    await adjustBalance(e.db, member.id, -20_00, 'Fee refund reversed', { at: e.clock.now() });
    e.clock.set(new Date(nextMonthStart(month).getTime() + 60_000));
    const silent = { info() {}, error() {}, warn() {} } as never;
    const run = await issueDueStatements({ db: e.db, clock: e.clock, config: e.config, log: silent });
    expect(run.issued).toBeGreaterThanOrEqual(1);

    const tp = await e.newPage({ label: 'statements' });
    await e.signInByApi(tp, member.email);
    await tp.page.goto('/dashboard/transactions?tab=statements');
    await whenLive(tp.page);
    const label = month.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const row = tp.page.getByRole('row').filter({ hasText: label });
    await seen(row.getByText('$103.45'));
    const violations = await axeViolations(tp.page);
    expect(violations.length, `axe found violations:\n${formatAxeViolations(violations)}`).toBe(0);

    const download = tp.page.waitForEvent('download');
    await row.getByRole('button', { name: `Download the ${label} statement as PDF` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^vestora-statement-\d{4}-\d{2}\.pdf$/);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The yearly summary downloads too (nothing paid yet: a summary that says so).
    const summary = tp.page.waitForEvent('download');
    await tp.page.getByRole('button', { name: /summary \(CSV\)/ }).click();
    const csv = readFileSync(await (await summary).path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('plan,interest paid,referral rewards paid,total');
  });
});
