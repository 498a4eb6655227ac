/**
 * #34, "stale and thin": the admin Overview refreshes itself every minute while its tab is shown, says when it
 * was last updated, pauses while the tab is hidden and catches up when it is shown again. The page's timers and
 * Date run on Playwright's clock, the server's on the harness's ManualClock: nothing waits for a real minute.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adjustBalance } from '../../server/src/test/factories.ts';
import { describeBrowser, poll, seen, useE2E } from './harness.ts';
import { balanceCentsColumn } from '@vestora/server/bench';

const env = useE2E();

/** AdminOverviewPage's OVERVIEW_REFRESH_MS (that module is compiled by the app's build, not importable here). */
const REFRESH_MS = 60_000;

/** Every balance held, as the Overview writes it. */
async function held(): Promise<string> {
  const rows = await env().db.selectFrom('users').select(balanceCentsColumn()).execute();
  const dollars = rows.reduce((sum, r) => sum + Number(r.balance_cents), 0) / 100;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Shows or hides the tab as the browser does when its window is minimised or another tab is chosen. */
async function setTabShown(page: Page, shown: boolean): Promise<void> {
  await page.evaluate((visible) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (visible ? 'visible' : 'hidden'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !visible });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, shown);
}

describeBrowser('the admin Overview keeps itself up to date', () => {
  test('reloads every minute while shown, says when, pauses while hidden and catches up when shown', async () => {
    const member = await env().createUser({ balanceCents: 100_00 });
    const tp = await env().newPage({ label: 'overview-refresh' });
    const { page } = tp;
    await env().signInByApi(tp, env().admin.email);
    const loads: number[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.includes('overview.admin')) loads.push(Date.now());
    });
    await page.clock.install();
    await page.goto('/dashboard/overview');

    const balances = page.getByTestId('figure-Balances held');
    const updated = page.getByTestId('overview-updated');
    await seen(updated);
    await poll(() => balances.textContent()).toBe(await held());
    const firstUpdate = await updated.textContent();
    expect(firstUpdate).toMatch(/^Page updated .+; it refreshes itself every minute while this tab is open\.$/);

    // Money moves; the server's figures are a minute old once its clock has moved on. A minute later on the
    // page's clock, the open page shows the new figure and a later update time, with no reload by anyone.
    await adjustBalance(env().db, member.id, 25_00, 'Overview refresh: money moves', { at: env().clock.now() });
    env().clock.advanceMs(2 * 60_000);
    const loadsBefore = loads.length;
    await page.clock.fastForward(REFRESH_MS + 1_000);
    await poll(() => balances.textContent()).toBe(await held());
    expect(loads.length).toBeGreaterThan(loadsBefore);
    await poll(() => updated.textContent()).not.toBe(firstUpdate);

    // Hidden, the page asks nothing however long it waits, and its figure stays as it was.
    await setTabShown(page, false);
    const shownWhileHidden = await balances.textContent();
    const loadsWhileHidden = loads.length;
    await adjustBalance(env().db, member.id, 30_00, 'Overview refresh: money moves unseen', { at: env().clock.now() });
    env().clock.advanceMs(2 * 60_000);
    await page.clock.fastForward(5 * REFRESH_MS);
    await page.clock.runFor(1_000);
    expect(loads.length).toBe(loadsWhileHidden);
    expect(await balances.textContent()).toBe(shownWhileHidden);

    // Shown again, it reloads at once.
    await setTabShown(page, true);
    await poll(() => balances.textContent()).toBe(await held());
    expect(loads.length).toBeGreaterThan(loadsWhileHidden);

    // And "Refresh now" reloads on request.
    const loadsBeforeClick = loads.length;
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await poll(() => loads.length).toBeGreaterThan(loadsBeforeClick);
  });
});
