import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailSender, startMailSender } from '../../src/modules/mail/mail.sender.ts';
import { sessionCookieFrom, startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../src/test/smtp-server.ts';
import { signupFields } from '../support/fixtures.ts';
import { trpcData, trpcError, trpcMutation, trpcQuery } from '../support/http.ts';
import { codeAt } from '../twofactor/twofactor-helpers.ts';

// Issue #10's proof, end to end through a real SMTP server on loopback: every link is read from the mail the
// server received (never from the outbox table), and every step is a request a person's browser would send.
// sign up → verify → two-factor on → sign in with a code → change password → reset password → devices listed
// and one signed out.

/** The single-use token of the `path` link in the newest mail `to` received whose subject matches. */
function tokenFrom(smtp: TestSmtpServer, to: string, subject: RegExp, path: string): string {
  const mails = smtp.to(to).filter((m) => subject.test(m.subject));
  expect(mails.length, `no mail "${String(subject)}" to ${to}: ${smtp.to(to).map((m) => m.subject)}`).toBeGreaterThan(
    0,
  );
  const text = mails.at(-1)!.text;
  const m = new RegExp(`http://vestora\\.test${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  expect(m, `no ${path} link in: ${text}`).not.toBeNull();
  return m![1]!;
}

describe('accounts end to end through the SMTP test server', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let sender: MailSender;
  const clock = new ManualClock(new Date('2026-12-01T09:00:00Z'));
  const fields = signupFields(`journey-${Date.now()}@example.com`);
  const email = fields.email;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await startTestApp({ clock, env: { SMTP_URL: smtp.url } });
    sender = startMailSender(t.app.deps, { autoStart: false });
  });
  afterAll(async () => {
    await sender.stop();
    await t.close();
    await smtp.close();
  });

  it('runs the whole account life of one person, each link taken from delivered mail', async () => {
    // Sign up: a verification link arrives.
    trpcData(await trpcMutation(t.app, 'user.signup', fields));
    await sender.runOnce();
    const verify = tokenFrom(smtp, email, /confirm|verify/i, '/confirm-email');
    let cookie = sessionCookieFrom(await trpcMutation(t.app, 'user.login', { email, password: fields.password }));
    expect(trpcData(await trpcQuery(t.app, 'user.me', undefined, cookie)).emailVerified).toBe(false);
    trpcData(await trpcMutation(t.app, 'user.confirmEmail', { token: verify }));
    expect(trpcData(await trpcQuery(t.app, 'user.me', undefined, cookie)).emailVerified).toBe(true);
    // The link is single use.
    expect(trpcError(await trpcMutation(t.app, 'user.confirmEmail', { token: verify })).status).toBe(409);

    // Two-factor on: a security mail says so.
    const { secret } = trpcData(
      await trpcMutation(t.app, 'user.twoFactor.begin', { currentPassword: fields.password }, cookie),
    );
    trpcData(await trpcMutation(t.app, 'user.twoFactor.enable', { code: codeAt(secret, clock.now()) }, cookie));
    await sender.runOnce();
    expect(smtp.to(email).some((m) => /two-factor/i.test(m.subject))).toBe(true);

    // Sign in again: the password alone is not enough; a fresh code is.
    trpcData(await trpcMutation(t.app, 'user.logout', undefined, cookie));
    const noCode = await trpcMutation(t.app, 'user.login', { email, password: fields.password });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.cookies.find((c) => c.value)).toBeUndefined();
    clock.advanceMs(30_000); // the enrolment code's step is spent: the next step's code signs in
    cookie = sessionCookieFrom(
      await trpcMutation(t.app, 'user.login', { email, password: fields.password, otp: codeAt(secret, clock.now()) }),
    );

    // A second device, then change the password: the other device's session ends, this one stays, mail goes.
    clock.advanceMs(30_000);
    const other = sessionCookieFrom(
      await trpcMutation(t.app, 'user.login', { email, password: fields.password, otp: codeAt(secret, clock.now()) }),
    );
    const changed = 'a different long password';
    trpcData(
      await trpcMutation(
        t.app,
        'user.changePassword',
        { currentPassword: fields.password, newPassword: changed },
        cookie,
      ),
    );
    expect((await trpcQuery(t.app, 'user.me', undefined, other)).statusCode).toBe(401);
    expect((await trpcQuery(t.app, 'user.me', undefined, cookie)).statusCode).toBe(200);
    await sender.runOnce();
    expect(smtp.to(email).some((m) => /password/i.test(m.subject))).toBe(true);

    // Forgot password: an unknown address gets the same answer and no mail; the real one gets a link.
    const before = smtp.received.length;
    const unknown = await trpcMutation(t.app, 'user.requestPasswordReset', { email: 'nobody-here@example.com' });
    const known = await trpcMutation(t.app, 'user.requestPasswordReset', { email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await sender.runOnce();
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.to('nobody-here@example.com')).toHaveLength(0);
    const reset = tokenFrom(smtp, email, /reset/i, '/reset-password');
    const finalPassword = 'the third long password';
    trpcData(await trpcMutation(t.app, 'user.resetPassword', { token: reset, newPassword: finalPassword }));
    // Every session ended; the old password no longer works; the link is spent.
    expect((await trpcQuery(t.app, 'user.me', undefined, cookie)).statusCode).toBe(401);
    expect(
      trpcError(await trpcMutation(t.app, 'user.resetPassword', { token: reset, newPassword: 'x'.repeat(20) })).status,
    ).toBeGreaterThanOrEqual(400);

    // Two devices sign in with the new password; the list shows both, and one is signed out from the other.
    clock.advanceMs(30_000);
    const laptop = sessionCookieFrom(
      await trpcMutation(t.app, 'user.login', { email, password: finalPassword, otp: codeAt(secret, clock.now()) }),
    );
    clock.advanceMs(30_000);
    const phone = sessionCookieFrom(
      await trpcMutation(t.app, 'user.login', { email, password: finalPassword, otp: codeAt(secret, clock.now()) }),
    );
    const devices = trpcData<{ id: string; current: boolean }[]>(
      await trpcQuery(t.app, 'user.sessions', undefined, laptop),
    );
    expect(devices).toHaveLength(2);
    const phoneSession = devices.find((d) => !d.current)!;
    trpcData(await trpcMutation(t.app, 'user.revokeSession', { id: phoneSession.id }, laptop));
    expect((await trpcQuery(t.app, 'user.me', undefined, phone)).statusCode).toBe(401);
    expect(trpcData(await trpcQuery(t.app, 'user.sessions', undefined, laptop))).toHaveLength(1);

    // Every message of the journey was delivered once (no duplicates by Message-ID).
    const ids = smtp.to(email).map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
