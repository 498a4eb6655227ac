/**
 * The notification centre (#21): the bell counts a paid payout, picks up a credited deposit within its 30 s
 * poll without a reload, opens an item (marking it read), marks all as read; the full page lists them and
 * Settings shows the locked e-mail switches with their reason. axe-clean, at phone width too.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { depositFlow } from '../../server/src/modules/deposit/deposit.service.ts';
import { payDuePeriods } from '../../server/src/modules/investment/investment.payouts.ts';
import { runTransition } from '../../server/src/modules/money/money.core.ts';
import {
  atPath,
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

/** notification-hooks.ts's UNREAD_POLL_MS (that module is compiled by the app's build, not importable here). */
const UNREAD_POLL_MS = 30_000;

describeBrowser('notifications', () => {
  test('the bell counts a payout and a deposit, opens an item, marks all read; the page and settings', async () => {
    const email = uniqueEmail('nora');
    await env().createUser({ email, firstName: 'Nora', balanceCents: 70_000 });
    const tp = await env().newPage({ label: 'notifications' });
    const { page } = tp;
    // The page's timers are the test's to move: the bell's poll is fast-forwarded, not waited for.
    await page.clock.install();
    await env().signInByApi(tp, email);
    const plan = await env()
      .db.selectFrom('plans')
      .select('id')
      .where('investment_plan_name', '=', 'Starter')
      .executeTakeFirstOrThrow();
    const opened = await tp.context.request.post('/trpc/investment.open', {
      data: { planId: plan.id, amount: 600, idempotencyKey: randomUUID() },
    });
    expect(opened.status()).toBe(200);

    // A month and a bit later the runner pays the first period: one notification.
    env().clock.advanceDays(32);
    const paid = await payDuePeriods(env().db, { now: env().clock.now(), config: env().config });
    expect(paid.payments).toBeGreaterThanOrEqual(1);
    await env().signInByApi(tp, email); // past a user's 30-day session limit

    await page.goto('/dashboard');
    await whenLive(page);
    await seen(page.getByRole('button', { name: 'Notifications, 1 unread' }));
    await shot(page, 'notifications-bell');

    // A deposit credited while the page stays open: the count follows within the 30 s poll, no reload.
    const requested = await tp.context.request.post('/trpc/deposit.request', {
      data: { amount: 50, reference: 'TRF-BELL', idempotencyKey: randomUUID() },
    });
    expect(requested.status()).toBe(200);
    const deposit = ((await requested.json()) as { result: { data: { id: string } } }).result.data;
    await runTransition(env().db, depositFlow, 'confirm', {
      id: deposit.id,
      actor: env().admin,
      env: { now: env().clock.now(), config: env().config },
    });
    await page.clock.fastForward(UNREAD_POLL_MS + 1_000);
    await seen(page.getByRole('button', { name: 'Notifications, 2 unread' }));
    // The badge shows the number (the name says it in words).
    await poll(() => page.getByTestId('notification-count').filter({ visible: true }).first().textContent()).toBe('2');

    // The full page, while both are unread (the investments page has an axe finding of its own, so the popover
    // is checked here).
    await page.goto('/dashboard/notifications');
    await atPath(page, '/dashboard/notifications');
    await seen(page.getByRole('heading', { name: 'Notifications', level: 1 }));
    const items = page.getByTestId('notification-item');
    await poll(() => page.locator('[data-testid="notification-item"][data-unread="true"]').count()).toBe(2);
    await seen(page.getByText('All 2 notifications shown'));
    const pageViolations = await axeViolations(page);
    expect(pageViolations.length, formatAxeViolations(pageViolations)).toBe(0);
    await shot(page, 'notifications-page');

    // Open the bell's list: newest first; the payout opens its position and is marked read.
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const dialog = page.getByTestId('notification-popover');
    await seen(dialog.getByText('Deposit of $50.00 confirmed'));
    await seen(dialog.getByText(/^Unread: Interest of \$2\.50 received$/));
    const violations = await axeViolations(page);
    expect(violations.length, formatAxeViolations(violations)).toBe(0);
    await shot(page, 'notifications-popover');
    await dialog.getByRole('button', { name: /Interest of \$2\.50 received/ }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard\/investments\/[0-9a-f-]{36}$/);
    await seen(page.getByRole('button', { name: 'Notifications, 1 unread' }));

    // Mark all as read, from the keyboard.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Mark all as read' }).click();
    await seen(page.getByRole('button', { name: 'Notifications, 0 unread' }));
    await page.keyboard.press('Escape');

    // The full page again: both listed, read.
    await page.goto('/dashboard/notifications');
    await poll(() => items.count()).toBe(2);
    await poll(() => page.locator('[data-testid="notification-item"][data-unread="true"]').count()).toBe(0);

    // Settings: security and money e-mail are locked on, with the reason beside the switch.
    await page.goto('/dashboard/settings');
    const security = page.getByTestId('pref-security');
    await seen(security.getByText(/Always on\. Security emails cannot be turned off/));
    await expect.poll(() => security.getByRole('checkbox', { name: /By e-mail/ }).isDisabled()).toBe(true);
    // No "News and offers" switch: nothing in the product sends such news, so it would control nothing.
    expect(await page.getByTestId('pref-marketing').count()).toBe(0);
    expect(await page.getByText('News and offers').count()).toBe(0);
    const statements = page.getByTestId('pref-statements');
    const statementMail = statements.getByRole('checkbox', { name: /By e-mail/ });
    const wasOn = await statementMail.isChecked();
    await statements.getByText('By e-mail').click();
    await seen(page.getByText('Notification preference saved'));
    await poll(() => statementMail.isChecked()).toBe(!wasOn);
    const settingsViolations = await axeViolations(page);
    expect(settingsViolations.length, formatAxeViolations(settingsViolations)).toBe(0);
    await shot(page, 'notifications-settings');
  });
});
