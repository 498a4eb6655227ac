/**
 * Account security in the browser: forgot password → the emailed link (read from the outbox) → a new
 * password → sign-in with it; the Settings password change; an email verification link from "Resend the link".
 */
import { expect, test } from 'vitest';
import { atPath, describeBrowser, seen, useE2E } from './harness.ts';

const env = useE2E();

/** The path and query of the newest link of `kind` mailed to `to` (the outbox holds it without SMTP_URL). */
async function mailedLink(to: string, kind: string): Promise<string> {
  const row = await env()
    .db.selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  const m = /https?:\/\/\S+?(\/[a-z-]+\?token=[A-Za-z0-9_-]+)/.exec(row.text_body ?? '');
  if (!m) throw new Error(`no link in the ${kind} mail: ${row.text_body}`);
  return m[1]!;
}

describeBrowser('account security', () => {
  test('forgot password → reset link → new password → signed in with it', async () => {
    const user = await env().createUser();
    const tp = await env().newPage({ label: 'forgot' });
    const { page } = tp;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await atPath(page, '/forgot-password');
    const request = page.getByRole('form', { name: 'Request a password reset link' });
    await request.getByLabel(/^Email/).fill(user.email);
    await request.getByRole('button', { name: 'Send reset link' }).click();
    // The e2e server sends no mail (no SMTP_URL): the page says so, and names no Outbox admins could read.
    await seen(page.getByText('No email will arrive'));
    await seen(page.getByText(/someone with access to its server can make you a reset link/));

    await page.goto(await mailedLink(user.email, 'password.reset'));
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.getByLabel(/^New password/).fill('a fresh browser passphrase');
    await reset.getByLabel(/^Repeat the new password/).fill('a fresh browser passphrase');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await seen(page.getByText('Your password was changed'));

    await page.getByRole('link', { name: 'Sign in with the new password' }).click();
    await atPath(page, '/login');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel(/^Email/).fill(user.email);
    await signIn.getByLabel(/^Password/).fill('a fresh browser passphrase');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await atPath(page, '/dashboard');
  });

  test('Settings: change the password, then verify the email from a resent link', async () => {
    const user = await env().createUser();
    const tp = await env().newPage({ label: 'settings-security' });
    const { page } = tp;
    await env().signInByApi(tp, user.email);
    await page.goto('/dashboard/settings');

    const section = page.getByRole('form', { name: 'Password', exact: true });
    await section.getByLabel(/^Current password/).fill('correct horse battery');
    await section.getByLabel(/^New password/).fill('a changed passphrase');
    await section.getByLabel(/^Repeat the new password/).fill('a changed passphrase');
    await section.getByRole('button', { name: 'Change password' }).click();
    await seen(page.getByText('Password changed', { exact: true }));

    const email = page.getByRole('form', { name: 'Email address' });
    await seen(email.getByText('Not verified'));
    await email.getByRole('button', { name: 'Resend the link' }).click();
    await seen(page.getByText('Link sent', { exact: true }));
    await page.goto(await mailedLink(user.email, 'email.verify'));
    await seen(page.getByText(`${user.email} is verified`));
    await page.goto('/dashboard/settings');
    await seen(page.getByRole('form', { name: 'Email address' }).getByText('Verified', { exact: true }));
    expect(tp.unexpectedProblems()).toEqual([]);
  });
});
