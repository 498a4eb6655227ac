/**
 * Two-factor sign-in in the browser: enrol by reading the secret printed beside the QR code, keep the
 * recovery codes, sign out, sign in with the password and then a code from the "authenticator".
 */
import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { atPath, describeBrowser, seen, shot, TEST_PASSWORD, uniqueEmail, useE2E } from './harness.ts';

const env = useE2E();

/** RFC 4648 base32 → bytes (what an authenticator app does with the typed key). */
function base32Decode(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of s.replace(/[\s=]/g, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** RFC 6238 TOTP (SHA1, 30 s, 6 digits), written out here so the test does not trust the server's library. */
function totp(secret: string, at: Date): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const h = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const o = h[h.length - 1]! & 0xf;
  const n = (h.readUInt32BE(o) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

describeBrowser('two-factor sign-in', () => {
  test('enrol from the secret text, sign out, sign in with the password and then a code', async () => {
    const user = await env().createUser({ email: uniqueEmail('twofactor'), firstName: 'Tess' });
    const tp = await env().newPage({ label: 'two-factor' });
    const { page } = tp;
    await env().signInByApi(tp, user.email);
    await page.goto('/dashboard/settings');

    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await seen(section);
    // The password first: a stolen session alone cannot turn two-factor on (#17). A wrong one says so.
    tp.allowHttpError('/trpc/user.twoFactor.begin', 400);
    const password = section.getByLabel('Current password');
    await password.fill('not my password');
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await seen(section.getByRole('alert').getByText(/current password is incorrect/));
    await password.fill(TEST_PASSWORD);
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await seen(section.getByRole('img', { name: 'QR code for your authenticator app' }));
    const secretText = await (await seen(section.getByTestId('two-factor-secret'))).innerText();
    const secret = secretText.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'two-factor-setup');

    // A wrong code first: a clear message, still off.
    tp.allowHttpError('/trpc/user.twoFactor.enable', 400);
    const codeField = section.getByLabel(/Enter the 6-digit code the app shows/);
    const wrong = String((Number(totp(secret, env().clock.now())) + 1) % 1_000_000).padStart(6, '0');
    await codeField.fill(wrong);
    await codeField.press('Enter');
    await seen(section.getByText(/not right or was already used/));

    await codeField.fill(totp(secret, env().clock.now()));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await seen(section.getByText('Save your recovery codes now', { exact: false }));
    const codes = await section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    await shot(page, 'two-factor-recovery-codes');
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await seen(section.getByRole('button', { name: 'Turn off two-factor authentication' }));

    // New recovery codes for the next code from the app: the list is shown once more, different from the first.
    env().clock.advanceMs(30_000);
    const regenField = section.getByLabel(/New recovery codes/);
    await regenField.fill(totp(secret, env().clock.now()));
    await section.getByRole('button', { name: 'Make new recovery codes' }).click();
    await seen(section.getByText('the old ones no longer work', { exact: false }).first());
    const fresh = await section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await seen(section.getByRole('button', { name: 'Turn off two-factor authentication' }));

    await page.locator('aside').getByRole('button', { name: 'Logout' }).click();
    await atPath(page, '/login');

    // Sign in: the password, then the second step asks for the code (keyboard only).
    tp.allowHttpError('/trpc/user.login', 401);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    const otpField = page.getByLabel(/Authentication code/);
    await seen(otpField);
    await shot(page, 'two-factor-sign-in-step');
    // The code used to enrol cannot be used again.
    await otpField.fill(totp(secret, env().clock.now()));
    await otpField.press('Enter');
    await seen(page.getByRole('alert').getByText(/not right or was already used/));
    // The next step's code signs in.
    env().clock.advanceMs(30_000);
    await otpField.fill(totp(secret, env().clock.now()));
    await otpField.press('Enter');
    await seen(page.getByText('Login successful!'));
    // Back where the person was (the sign-in page keeps a same-site ?next=), signed in.
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'), { timeout: 15_000 });
    await seen(page.locator('aside').getByText('Tess User', { exact: true }));
  });
});
