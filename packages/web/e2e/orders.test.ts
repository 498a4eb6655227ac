/**
 * Issue #31 in the browser: a member sets up a recurring buy and a price alert on the Orders page and sees them
 * listed; the recurring-buys job buys the first period (its history says so); the fake feed moves Bitcoin past the
 * alert's level, the price-alerts job fires it once, and the notification centre shows it. The trade ticket's
 * line counts both. axe-clean on both tabs; nothing wider than a 390 px phone.
 *
 * The market cache's time-to-live is lowered to 5 s (MARKET_CACHE_TTL_S) so a moved clock fetches the moved feed.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { checkPriceAlerts } from '../../server/src/modules/alert/alert.runner.ts';
import { runDueRecurringBuys } from '../../server/src/modules/recurring/recurring.runner.ts';
import { fundTreasuryFromCli } from '../../server/src/modules/trade/trade.treasury.ts';
import {
  atPath,
  axeViolations,
  describeBrowser,
  formatAxeViolations,
  seen,
  uniqueEmail,
  useE2E,
  whenLive,
} from './harness.ts';

const env = useE2E({ settings: () => ({ MARKET_CACHE_TTL_S: '5' }) });

/** The feed answers Bitcoin at `price`, stamped with the e2e clock's now. */
function feedBitcoin(price: number) {
  const now = env().clock.now().toISOString();
  env().feed.server.coins = env().feed.server.coins.map((c) =>
    c.id === 'bitcoin' ? { ...c, current_price: price, last_updated: now } : { ...c, last_updated: now },
  );
}

async function expectAxeClean(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}:\n${formatAxeViolations(violations)}`).toEqual([]);
}

async function expectFitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'page width at 390 px').toBeLessThanOrEqual(390);
}

beforeAll(async () => {
  feedBitcoin(60_000);
  await fundTreasuryFromCli(
    env().db,
    { asset: 'BTC', amount: '1', reason: 'e2e: coins the operator holds', refId: randomUUID() },
    env().clock.now(),
  );
});

describeBrowser('recurring buys and price alerts (#31)', () => {
  test('set up a recurring buy and an alert, see them listed, bought and fired, and told', async () => {
    const email = uniqueEmail('orla');
    await env().createUser({ email, firstName: 'Orla', balanceCents: 500_00 });
    const tp = await env().newPage({ viewport: 'phone', label: 'orders' });
    const { page } = tp;
    await page.setViewportSize({ width: 390, height: 844 });
    await env().signInByApi(tp, email);

    // The ticket's line leads to the Orders page with the coin chosen.
    await page.goto('/dashboard/trade?coin=btc');
    await whenLive(page);
    const line = page.getByTestId('ticket-orders-line');
    await seen(line.getByText('On BTC: 0 recurring buys, 0 price alerts.'));
    await line.getByRole('link', { name: 'Buy it every week or month' }).click();
    await atPath(page, '/dashboard/orders');
    await seen(page.getByRole('heading', { name: 'Orders', level: 1 }));

    // A recurring buy of $25 of Bitcoin every week, starting now.
    await seen(page.getByTestId('recurring-empty'));
    await expect.poll(() => page.getByTestId('recurring-coin').inputValue()).toBe('BTC');
    await page.getByTestId('recurring-amount').fill('25');
    await page.getByRole('button', { name: 'Set up recurring buy' }).click();
    await seen(page.getByText('Recurring buy set up'));
    const item = page.getByTestId('recurring-item');
    await seen(item.getByText('$25.00 of BTC · Every week'));
    await seen(item.getByText('Active'));
    await seen(item.getByText('Nothing bought yet.'));
    await expectAxeClean(page, 'recurring buys tab');
    await expectFitsPhone(page);

    // The job buys the first period through the trade path; the history shows it after a reload.
    const ran = await runDueRecurringBuys(env().deps);
    expect(ran.bought).toBe(1);
    await page.reload();
    await whenLive(page);
    await seen(page.getByTestId('recurring-runs').getByText(/bought 0\.000\d+ BTC/));

    // A price alert: Bitcoin at or above $61,000.
    await page.getByRole('tab', { name: 'Price alerts' }).click();
    await seen(page.getByTestId('alerts-empty'));
    await expect.poll(() => page.getByTestId('alert-coin').inputValue()).toBe('BTC');
    await page.getByTestId('alert-price').fill('61000');
    await page.getByRole('button', { name: 'Set alert' }).click();
    await seen(page.getByText('Price alert set'));
    const alert = page.getByTestId('alert-item');
    await seen(alert.getByText('BTC at or above $61,000'));
    await seen(alert.getByText('Armed'));
    await expectAxeClean(page, 'price alerts tab');
    await expectFitsPhone(page);

    // Below the level: nothing. The feed moves past it: the alert fires once, however often the job looks.
    expect((await checkPriceAlerts(env().deps)).fired).toBe(0);
    env().clock.advanceMs(10_000);
    feedBitcoin(61_250.5);
    expect((await checkPriceAlerts(env().deps)).fired).toBe(1);
    expect((await checkPriceAlerts(env().deps)).fired).toBe(0);
    await page.reload();
    await whenLive(page);
    await seen(page.getByTestId('alert-item').getByText('Fired'));
    await seen(page.getByTestId('alert-firings').getByText(/priced at \$61,250\.5/));

    // The notification centre has it (and the recurring buy's).
    await page.goto('/dashboard/notifications');
    await atPath(page, '/dashboard/notifications');
    await seen(page.getByText('BTC is at or above $61000'));
    await seen(page.getByText(/Recurring buy: 0\.000\d+ BTC for \$25\.00/));

    // The ticket counts them.
    await page.goto('/dashboard/trade?coin=btc');
    await whenLive(page);
    await seen(page.getByTestId('ticket-orders-line').getByText('On BTC: 1 recurring buy, 1 price alert.'));
  });
});
