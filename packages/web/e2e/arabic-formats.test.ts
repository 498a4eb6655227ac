/**
 * #34: in Arabic, dates and amounts come from `Intl` and each is one right-to-left run, isolated from the text
 * around it (U+2067 … U+2069): the invest dialog's maturity date, the Transactions list and the audit log read
 * in the right order ("01/01/2027" never shows as "012027/01/"), and one amount reads the same wherever it is.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adjustBalance } from '../../server/src/test/factories.ts';
import { describeBrowser, poll, seen, shot, useE2E, whenLive } from './harness.ts';

const env = useE2E();

/**
 * Where the date `iso` is shown (Intl's Arabic form, inside an isolate) in `scope`, and whether it reads right to
 * left: the year stands to the left of the day on screen. Fails when the date is missing or not isolated.
 */
async function arabicDateReadsRightToLeft(page: Page, scope: string, iso: string, withTime: boolean) {
  return page.evaluate(
    ({ scope, iso, withTime }) => {
      const options: Intl.DateTimeFormatOptions = withTime
        ? { dateStyle: 'medium', timeStyle: 'short' }
        : { dateStyle: 'medium' };
      const parts = new Intl.DateTimeFormat('ar', options).formatToParts(new Date(iso));
      const text = parts.map((p) => p.value).join('');
      const run = `\u2067${text}\u2069`;
      const root = document.querySelector(scope);
      if (!root) return { found: false, reason: `no ${scope}` };
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(run) ?? -1;
        if (at < 0) continue;
        const offsetOf = (type: string) => {
          let offset = at + 1;
          for (const p of parts) {
            if (p.type === type) return { start: offset, end: offset + p.value.length };
            offset += p.value.length;
          }
          throw new Error(`no ${type} in ${text}`);
        };
        const xOf = (type: string) => {
          const { start, end } = offsetOf(type);
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, end);
          return range.getBoundingClientRect().left;
        };
        return { found: true, text, yearLeftOfDay: xOf('year') < xOf('day') };
      }
      return { found: false, reason: `"${text}" not shown isolated in ${scope}` };
    },
    { scope, iso, withTime },
  );
}

describeBrowser('Arabic dates and amounts (issue 34)', () => {
  test('the invest dialog, Transactions and the audit log show Intl dates as right-to-left runs', async () => {
    const db = env().db;
    const member = await env().createUser({ firstName: 'Layla' });
    await db.updateTable('users').set({ locale: 'ar' }).where('id', '=', member.id).execute();
    await adjustBalance(db, member.id, 104_895, 'test deposit', { at: env().clock.now() });
    const entry = await db
      .selectFrom('ledger_entries')
      .select('created_at')
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const tp = await env().newPage({ viewport: 'phone', label: 'ar-formats' });
    await env().signInByApi(tp, member.email);
    const { page } = tp;

    // Transactions: the entry's date and time, and its amount, each one isolated run.
    await page.goto('/dashboard/transactions');
    await whenLive(page);
    // The account's saved language applies once user.me has answered.
    await poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const money = await page.evaluate(() =>
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(1048.95),
    );
    await expect
      .poll(() => page.evaluate(() => document.querySelector('main')?.textContent ?? ''), { timeout: 15_000 })
      .toContain(`\u2067${money}\u2069`);
    await expect
      .poll(() => arabicDateReadsRightToLeft(page, 'main', new Date(entry.created_at).toISOString(), true), {
        timeout: 15_000,
      })
      .toMatchObject({ found: true, yearLeftOfDay: true });
    await shot(page, 'ar-transactions');

    // The invest dialog: the maturity date of the plan's minimum.
    const plan = await db
      .selectFrom('plans')
      .select(['id'])
      .where('investment_plan_name', '=', 'Starter')
      .executeTakeFirstOrThrow();
    // The quote the dialog shows comes from the server: its maturity date is the one to find.
    const quoted = page.waitForResponse((r) => r.url().includes('investment.quote') && r.ok());
    await page.goto(`/dashboard?invest=${plan.id}`);
    const dialog = await seen(page.getByRole('dialog'));
    const body = (await (await quoted).json()) as unknown;
    const maturityAt = JSON.stringify(body).match(/"maturityAt":"([^"]+)"/)?.[1];
    expect(maturityAt, JSON.stringify(body)).toBeTruthy();
    await seen(dialog.getByTestId('quote-total-interest'));
    await expect
      .poll(() => arabicDateReadsRightToLeft(page, '[role="dialog"]', maturityAt!, false), { timeout: 15_000 })
      .toMatchObject({ found: true, yearLeftOfDay: true });
    // Every amount in the dialog is an isolated run too (no "$US 1,048.95" beside "999 $US").
    const total = await dialog.getByTestId('quote-total-interest').textContent();
    expect(total).toMatch(/^\u2067.*\u2069$/);
    await shot(page, 'ar-invest-dialog');
    await page.keyboard.press('Escape');

    // The audit log, as an Arabic-reading admin sees it: the newest row's time.
    await db.updateTable('users').set({ locale: 'ar' }).where('id', '=', env().admin.id).execute();
    try {
      const admin = await env().newPage({ viewport: 'phone', label: 'ar-audit' });
      await env().signInByApi(admin, env().admin.email);
      // An admin action the log lists: the Site settings saved through the API.
      const saved = await admin.context.request.post('/trpc/site.updateSettings', {
        data: {
          companyName: 'Vestora Test Ltd',
          registration: null,
          address: null,
          supportEmail: null,
          licence: null,
          launchDate: null,
        },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      await admin.page.goto('/dashboard/money-desk?tab=audit');
      await whenLive(admin.page);
      const newest = await db
        .selectFrom('audit_log')
        .select('created_at')
        .where('action', '=', 'site.update_settings')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      await expect
        .poll(() => arabicDateReadsRightToLeft(admin.page, 'main', new Date(newest.created_at).toISOString(), true), {
          timeout: 15_000,
        })
        .toMatchObject({ found: true, yearLeftOfDay: true });
      await shot(admin.page, 'ar-audit-log');
    } finally {
      await db.updateTable('users').set({ locale: 'en' }).where('id', '=', env().admin.id).execute();
    }
  });
});
