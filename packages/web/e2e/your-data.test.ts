/**
 * Settings → Your data in the browser (#21): "Download my data" is requested, the background builder makes the
 * ZIP (run here by hand: the e2e server starts no runners), the list offers the download, the browser downloads
 * it once and the list says so; the section has no axe violations. Closing an account: the dialog states what
 * happens, a wrong password is refused in it, the right one closes the account and signs out.
 */
import { expect, test } from 'vitest';
import { buildPendingExports } from '../../server/src/modules/dataexport/dataexport.builder.ts';
import { axeViolations, describeBrowser, formatAxeViolations, poll, seen, useE2E, whenLive } from './harness.ts';

const env = useE2E();

describeBrowser('your data', () => {
  test('request an export, download it once, then close the account', async () => {
    const user = await env().createUser({ firstName: 'Dana' });
    const tp = await env().newPage({ label: 'your-data' });
    const { page } = tp;
    await env().signInByApi(tp, user.email);
    await page.goto('/dashboard/settings');
    await whenLive(page);

    const section = page.getByRole('region', { name: 'Download my data' });
    await seen(section);
    await section.getByRole('button', { name: 'Download my data' }).click();
    const list = section.getByRole('list', { name: 'Your data exports' });
    await seen(list.getByText('Being prepared'));

    const { db, clock, config } = env();
    expect(await buildPendingExports({ db, clock, config, log: console })).toBe(1);
    // The list polls while an export is being prepared: the download appears without a reload.
    const downloadButton = list.getByRole('button', { name: 'Download ZIP' });
    await seen(downloadButton);
    await seen(list.getByText('Ready', { exact: true }));

    const violations = await axeViolations(page);
    expect(violations.length, `axe found violations:\n${formatAxeViolations(violations)}`).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^vestora-data-\d{4}-\d{2}-\d{2}\.zip$/);
    // Once: the list says it was downloaded and offers no second download.
    await seen(list.getByText('Downloaded', { exact: true }), 20_000);
    await poll(() => downloadButton.count()).toBe(0);

    // Closing: what happens is stated; a wrong password is refused inside the dialog.
    tp.allowHttpError('/trpc/user.close', 400);
    await page.getByRole('button', { name: 'Close my account...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await seen(dialog.getByText(/can never sign in to it again/));
    await dialog.getByLabel(/^Current password/).fill('not the password');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await seen(dialog.getByText('currentPassword: The current password is incorrect.'));
    await dialog.getByLabel(/^Current password/).fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await seen(page.getByText('Your account is closed'));
    await poll(() => new URL(page.url()).pathname).toBe('/');
    const row = await db
      .selectFrom('users')
      .select(['email', 'closed_at'])
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.closed_at).not.toBeNull();
    expect(row?.email).toMatch(/@closed\.invalid$/);
    expect(tp.unexpectedProblems()).toEqual([]);
  });
});
