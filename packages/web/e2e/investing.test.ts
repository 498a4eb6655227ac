/**
 * Investing for real: a user invests from a plan card through the dialog (a short balance says what is
 * missing), sees the position, gets the first interest payout once the clock passes its date, and finds it
 * in Transactions and on the position page; the admin overview shows the principal and a passing platform
 * check; a visitor's Invest Now goes through sign-in and comes back to the dialog.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { payDuePeriods } from '../../server/src/modules/investment/investment.payouts.ts';
import { atPath, describeBrowser, gone, poll, seen, shot, TEST_PASSWORD, uniqueEmail, useE2E } from './harness.ts';

const env = useE2E();

function investDialog(page: Page, plan: string): Locator {
  return page.getByRole('dialog', { name: `Invest in ${plan}` });
}

describeBrowser('investing for real', () => {
  const email = uniqueEmail('ivy');

  test('a user invests through the dialog, is paid the first interest, and sees it everywhere', async () => {
    // $700.00: enough for $600 in Starter (5% a year, monthly, 12 months, early exit), not for $900.
    await env().createUser({ email, firstName: 'Ivy', balanceCents: 70_000 });
    const tp = await env().newPage({ label: 'investor' });
    const { page } = tp;
    await env().signInByApi(tp, email);
    // A member's page never loads the admin controls' code: it used to, behind a working grid as the fallback, and
    // when the chunk arrived the grid mounted afresh and an open invest dialog started again from $100.
    const adminChunks = { count: 0 };
    page.on('request', (req) => {
      if (/\/AdminPlanGrid-[^/]*\.js$/.test(new URL(req.url()).pathname)) adminChunks.count += 1;
    });
    await page.goto('/dashboard/investments');
    const mine = page.getByRole('region', { name: 'My investments' });
    await seen(mine.getByText('No investments yet'));

    await page.getByRole('button', { name: 'Invest Now in Starter' }).click();
    const dialog = investDialog(page, 'Starter');
    await seen(dialog);
    await seen(dialog.getByText(/Available balance: \$700\.00/));
    await seen(dialog.getByText(/You can redeem early: the principal comes back at once/));
    await seen(dialog.getByText(/Chart page have nothing to do with these plans/));

    // Too much for the balance: the missing amount and a Deposit link with it filled in.
    const amount = dialog.getByLabel(/Amount \(USD\)/);
    await amount.fill('900');
    await seen(dialog.getByText('Not enough balance: $200.00 missing'));
    expect(await dialog.getByRole('link', { name: 'Deposit $200.00' }).getAttribute('href')).toBe(
      '/dashboard/deposit?amount=200.00',
    );

    // $600 for a year at 5%: $2.50 a month, $30.00 in all, $630.00 at maturity.
    await amount.fill('600');
    await poll(() => dialog.getByTestId('quote-total-interest').textContent()).toBe('$30.00');
    await seen(dialog.getByText('$630.00', { exact: true }));
    await poll(() => dialog.getByRole('row').count()).toBe(13); // header + 12 monthly payouts
    expect(await amount.inputValue()).toBe('600');
    await shot(page, 'invest-dialog');

    await dialog.getByRole('button', { name: 'Confirm investment' }).click();
    await gone(dialog);
    await seen(page.getByText('You invested $600.00 in Starter'));
    const card = mine.getByRole('article', { name: 'Starter investment of $600.00' });
    await seen(card);
    await seen(card.getByText('Active', { exact: true }));
    await seen(card.getByText('0 of 12 payouts made'));
    await seen(card.getByText(/^\$2\.50 on /));
    const sidebar = page.locator('aside').first();
    await seen(sidebar.getByText('Account: $100.00', { exact: true }));
    await seen(sidebar.getByText('Invested: $600.00', { exact: true }));
    await shot(page, 'my-investments');
    expect(adminChunks.count).toBe(0);

    // A month and a bit later the runner pays the first period.
    env().clock.advanceDays(32);
    const paid = await payDuePeriods(env().db, { now: env().clock.now(), config: env().config });
    expect(paid.payments).toBe(1);
    // 32 days on, the session is past a user's 30-day absolute limit: sign in again.
    await env().signInByApi(tp, email);

    await page.goto('/dashboard/transactions');
    await seen(page.getByText('Interest', { exact: true }));
    await seen(page.getByText('+$2.50', { exact: true }));

    await page.goto('/dashboard/investments');
    await seen(card.getByText('1 of 12 payouts made'));
    await card.getByRole('link', { name: /Schedule of the Starter investment/ }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/investments\/[0-9a-f-]+$/);
    await seen(page.getByRole('heading', { name: 'Starter: $600.00' }));
    const first = page.getByTestId('period-1');
    await seen(first.getByText('Paid', { exact: true }));
    await seen(page.getByTestId('period-2').getByText('Upcoming', { exact: true }));
    await seen(page.getByRole('img', { name: /Chart of your available balance/ }));
    await shot(page, 'investment-position');
  });

  test('the admin overview shows the principal per plan and a passing platform check', async () => {
    const tp = await env().newPage({ label: 'overview' });
    const { page } = tp;
    await env().signInByApi(tp, env().admin.email);
    await page.goto('/dashboard');
    await seen(page.getByRole('navigation', { name: 'Dashboard' }).first().getByRole('link', { name: 'Overview' }));
    const names = (
      await page.getByRole('navigation', { name: 'Dashboard' }).first().getByRole('link').allInnerTexts()
    ).map((t) => t.trim());
    expect(names[0]).toBe('Overview');
    await page.getByRole('navigation', { name: 'Dashboard' }).first().getByRole('link', { name: 'Overview' }).click();
    await atPath(page, '/dashboard/overview');
    const platform = page.getByRole('group', { name: 'Platform check' });
    await seen(platform.getByText('OK', { exact: true }));
    await seen(page.getByRole('group', { name: 'Ledger check' }).getByText('OK', { exact: true }));
    const starter = page.getByRole('row').filter({ hasText: 'Starter' });
    await seen(starter.getByText('$600.00', { exact: true }));
    await poll(() => page.getByTestId('figure-Principal invested').textContent()).toBe('$600.00');
    await shot(page, 'admin-overview');

    // The money desk lists every position.
    await page.goto('/dashboard/money-desk?tab=investments');
    await seen(page.getByRole('row').filter({ hasText: email }).getByText('Starter'));
  });

  test('redeeming early states what is forfeited, then returns the principal', async () => {
    const tp = await env().newPage({ label: 'redeem' });
    const { page } = tp;
    await env().signInByApi(tp, email);
    await page.goto('/dashboard/investments');
    const card = page.getByRole('article', { name: 'Starter investment of $600.00' });
    await card.getByRole('button', { name: /Redeem the Starter investment/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Redeem this investment early?' });
    await seen(confirm.getByText(/interest accrued since the last payout is forfeited/));
    await confirm.getByRole('button', { name: 'Redeem now' }).click();
    await gone(confirm);
    await seen(card.getByText('Redeemed early', { exact: true }));
    // $100.00 left + $2.50 interest + the $600.00 principal back.
    await seen(page.locator('aside').first().getByText('Account: $702.50', { exact: true }));
    await seen(page.locator('aside').first().getByText('Invested: $0.00', { exact: true }));
  });

  test("a visitor's Invest Now goes to sign-in and comes back to the dialog", async () => {
    const { page } = await env().newPage({ label: 'visitor' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Invest Now in Silver' }).click();
    await atPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('next')).toMatch(/^\/dashboard\/investments\?invest=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await atPath(page, '/dashboard/investments');
    await seen(investDialog(page, 'Silver'));
    await seen(investDialog(page, 'Silver').getByText(/Between \$1,000\.00 and \$4,999\.00/));
  });
});
