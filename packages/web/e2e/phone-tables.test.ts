/**
 * #34, phone (390 px): a money table wider than the screen says it scrolls, and every amount can be brought into
 * view by scrolling it (the cue goes once the last column is shown).
 */
import { expect, test } from 'vitest';
import { adjustBalance } from '../../server/src/test/factories.ts';
import { describeBrowser, poll, seen, shot, useE2E, whenLive } from './harness.ts';

const env = useE2E();

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
    await poll(() => cue.count()).toBe(0);
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
});
