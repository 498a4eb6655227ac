/**
 * Issue #31 in the browser: a member places a limit buy on the Orders page and sees what it sets aside; the fake
 * feed stays above the limit (nothing fills), then falls below it and the limit-orders check fills it once, at a
 * fresh price; the history shows the fill with its trade. A second order is cancelled and its dollars come back.
 * axe-clean; nothing wider than a 390 px phone.
 *
 * The market cache's time-to-live is lowered to 5 s (MARKET_CACHE_TTL_S) so a moved clock fetches the moved feed.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { checkOrders } from '../../server/src/modules/order/order.fill.ts';
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

async function balanceCents(email: string): Promise<number> {
  const me = await env().db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const row = await env()
    .db.selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', me.id)
    .where('kind', '=', 'available')
    .where('asset', '=', 'USD')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

beforeAll(async () => {
  feedBitcoin(60_000);
  await fundTreasuryFromCli(
    env().db,
    { asset: 'BTC', amount: '1', reason: 'e2e: coins the operator holds', refId: randomUUID() },
    env().clock.now(),
  );
});

describeBrowser('limit orders (#31)', () => {
  test('place a limit buy, see it set aside, filled once when the price falls, and cancel another', async () => {
    const email = uniqueEmail('lima');
    await env().createUser({ email, firstName: 'Lima', balanceCents: 500_00 });
    const tp = await env().newPage({ viewport: 'phone', label: 'limit-orders' });
    const { page } = tp;
    await page.setViewportSize({ width: 390, height: 844 });
    await env().signInByApi(tp, email);

    await page.goto('/dashboard/orders?tab=limit&coin=btc');
    await whenLive(page);
    await atPath(page, '/dashboard/orders');
    const form = page.getByTestId('limit-order-form');
    await seen(form);
    await seen(page.getByText('No open orders'));

    // Buy $100 of Bitcoin at $59,000 or better: the most it can cost is set aside at once.
    await form.getByRole('textbox', { name: 'Amount', exact: true }).fill('100');
    await form.getByRole('textbox', { name: 'Limit price (USD per coin)' }).fill('59000');
    await form.getByRole('button', { name: 'Place order' }).click();
    await seen(page.getByText('Limit order placed'));
    const open = page.getByTestId('open-orders').getByTestId('order-card');
    await expect.poll(() => open.count()).toBe(1);
    await expect.poll(() => open.first().getAttribute('data-status')).toBe('open');
    await seen(open.first().getByText(/Set aside: \$10\d\.\d\d/));
    const afterPlace = await balanceCents(email);
    expect(afterPlace).toBeLessThanOrEqual(500_00 - 100_00);
    await expectAxeClean(page, 'limit orders tab with an open order');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'page width at 390 px').toBeLessThanOrEqual(390);

    // At $60,000 the all-in price is above the limit: nothing fills, however often the check looks.
    expect((await checkOrders(env().deps)).filled).toBe(0);
    // The feed falls to $58,000 (fresh): the check fills it once.
    env().clock.advanceMs(10_000);
    feedBitcoin(58_000);
    expect((await checkOrders(env().deps)).filled).toBe(1);
    expect((await checkOrders(env().deps)).filled).toBe(0);
    await page.reload();
    await whenLive(page);
    await seen(page.getByText('No open orders'));
    const closed = page.getByTestId('closed-orders').getByTestId('order-card');
    await expect.poll(() => closed.first().getAttribute('data-status')).toBe('filled');
    await seen(closed.first().getByText(/trade #[0-9a-f]{8}/));
    // What the fill did not use came back: the member paid $100 for the coins, nothing more.
    expect(await balanceCents(email)).toBe(500_00 - 100_00);

    // A second order, cancelled: its dollars are back at once.
    await form.getByRole('textbox', { name: 'Amount', exact: true }).fill('50');
    await form.getByRole('textbox', { name: 'Limit price (USD per coin)' }).fill('40000');
    await form.getByRole('button', { name: 'Place order' }).click();
    await seen(page.getByText('Limit order placed'));
    await expect.poll(() => open.count()).toBe(1);
    expect(await balanceCents(email)).toBeLessThan(400_00 - 50_00 + 1);
    await open.first().getByRole('button', { name: 'Cancel order' }).click();
    await seen(page.getByText('Order cancelled'));
    await expect.poll(() => open.count()).toBe(0);
    expect(await balanceCents(email)).toBe(400_00);
    await expectAxeClean(page, 'limit orders tab after a cancel');
  });
});
