/**
 * The one password field (components/ui/password-field.tsx) on every form that asks for a password: its
 * show/hide button reveals only its own field, keeps what was typed, works from the keyboard, and leaves the
 * field the only control labelled with the password's label.
 */
import { expect, test } from 'vitest';
import { axeViolations, describeBrowser, formatAxeViolations, seen, shot, useE2E, whenLive } from './harness.ts';

const env = useE2E();

describeBrowser('the password field', () => {
  test('sign-in: the show button reveals the password and hides it again, by mouse or keyboard', async () => {
    const { page } = await env().newPage({ label: 'password-field-login' });
    await page.goto('/login');
    await whenLive(page);
    const field = page.getByLabel('Password');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await field.fill('typed before showing');
    expect(await field.getAttribute('type')).toBe('password');
    expect(await field.getAttribute('autocomplete')).toBe('current-password');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await toggle.getAttribute('aria-controls')).toBe(await field.getAttribute('id'));

    await toggle.click();
    expect(await field.getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await field.inputValue()).toBe('typed before showing');
    await shot(page, 'password-field-shown');

    // Tab from the field reaches the button; Space hides the password again.
    await field.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))).toBe('true');
    await page.keyboard.press('Space');
    expect(await field.getAttribute('type')).toBe('password');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(formatAxeViolations(await axeViolations(page))).toBe('');
  });

  test('sign-up: each field has its own button, and an error still shows under the field', async () => {
    const { page } = await env().newPage({ label: 'password-field-signup' });
    await page.goto('/create-account');
    await whenLive(page);
    const form = page.getByRole('form', { name: 'Sign up' });
    const password = form.getByLabel(/^Password/);
    const confirm = form.getByLabel('Confirm password');
    expect(await password.getAttribute('autocomplete')).toBe('new-password');
    expect(await confirm.getAttribute('autocomplete')).toBe('new-password');
    const toggles = form.getByRole('button', { name: 'Show password' });
    expect(await toggles.count()).toBe(2);

    await password.fill('short');
    await toggles.nth(1).click();
    expect(await confirm.getAttribute('type')).toBe('text');
    expect(await password.getAttribute('type')).toBe('password');

    await form.getByRole('button', { name: 'Sign Up' }).click();
    await seen(form.getByText(/at least 8 characters/i).first());
    expect(await password.getAttribute('aria-invalid')).toBe('true');
  });

  test('Settings: the password and email sections use it, one button per field', async () => {
    const user = await env().createUser();
    const tp = await env().newPage({ label: 'password-field-settings' });
    await env().signInByApi(tp, user.email);
    const { page } = tp;
    await page.goto('/dashboard/settings');
    const passwordSection = page.getByRole('form', { name: 'Password', exact: true });
    await seen(passwordSection.getByLabel(/^Current password/));
    expect(await passwordSection.getByRole('button', { name: 'Show password' }).count()).toBe(3);
    const emailSection = page.getByRole('form', { name: 'Email address' });
    expect(await emailSection.getByRole('button', { name: 'Show password' }).count()).toBe(1);
    await shot(page, 'password-field-settings');
  });
});
