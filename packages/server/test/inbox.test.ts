/**
 * Issue 10, the inbox part: the signed-in devices list (user agent, address, this device) and signing
 * devices out; the contact form and the admin Inbox (read/unread, reply by email through the outbox); the
 * newsletter's double opt-in, unsubscribe link, stats and export. Links are read from `mail_outbox`.
 */
import type { LightMyRequestResponse } from 'fastify';
import { CONTACT_RECEIVED_NO_MAIL_MESSAGE } from '@vestora/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { hashToken } from '../src/modules/session/session.service.ts';
import { CONTACT_LIMIT_PER_WINDOW, NEWSLETTER_LIMIT_PER_WINDOW } from '../src/modules/limits/limits.service.ts';
import { insertUser, TEST_PASSWORD } from '../src/test/factories.ts';
import { sessionCookieFrom, startTestApp, type TestApp } from '../src/test/harness.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { sessionFor, trpcData, trpcError, trpcMutation, trpcQuery } from './support/http.ts';

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let clock: ManualClock;
let admin: TestUser;
let adminCookie: string;
beforeAll(async () => {
  clock = new ManualClock('2026-03-01T09:00:00.000Z');
  t = await startTestApp({ clock });
  admin = await insertUser(t.handle.db, { accountType: 'admin' });
});
// A fresh admin session for every test: the clock moves by days in some of them (admin sessions idle out).
beforeEach(async () => {
  adminCookie = await sessionFor(t, admin);
});
afterAll(() => t.close());

/** POST /trpc/<path> from a given client (address and User-Agent). */
function mutationFrom(
  client: { ip: string; userAgent?: string; cookie?: string },
  path: string,
  input?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    remoteAddress: client.ip,
    headers: {
      'content-type': 'application/json',
      ...(client.userAgent ? { 'user-agent': client.userAgent } : {}),
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    ...(input === undefined ? {} : { payload: JSON.stringify(input) }),
  });
}

async function signInFrom(user: TestUser, ip: string, userAgent: string): Promise<string> {
  const res = await mutationFrom({ ip, userAgent }, 'user.login', { email: user.email, password: TEST_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
}

const alive = async (cookie: string) => (await trpcQuery(t.app, 'user.me', undefined, cookie)).statusCode === 200;

/** The messages queued for one address, oldest first. */
const mailsTo = (to: string) =>
  t.handle.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('seq').execute();

/** The first link in a message body that starts with `prefix`. */
function linkIn(text: string | null, prefix: string): string {
  const m = (text ?? '').match(new RegExp(`${prefix.replace(/[.?/]/g, '\\$&')}[A-Za-z0-9_-]+`));
  if (!m) throw new Error(`no ${prefix} link in: ${text}`);
  return m[0];
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('signed-in devices', () => {
  it('lists the live sessions with browser, system, address, times and "this device", never a token hash', async () => {
    const user = await insertUser(t.handle.db);
    const mac = await signInFrom(user, '203.0.113.5', FIREFOX_MAC);
    clock.advanceMs(5 * 60_000);
    const win = await signInFrom(user, '2001:db8::1', CHROME_WINDOWS);
    const res = await trpcQuery(t.app, 'user.sessions', undefined, mac);
    const list = trpcData<Array<Record<string, unknown>>>(res);
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    const other = list.find((s) => !s.current)!;
    expect(current).toMatchObject({ browser: 'Firefox 133', ip: '203.0.113.5', current: true });
    expect(current.system).toMatch(/^macOS/);
    expect(other).toMatchObject({ browser: 'Chrome 131', ip: '2001:db8::1', current: false });
    expect(other.system).toMatch(/^Windows/);
    expect(new Date(other.createdAt as string).getTime() - new Date(current.createdAt as string).getTime()).toBe(
      5 * 60_000,
    );
    expect(current.lastSeenAt).toEqual(expect.any(String));
    // The other device sees itself as current.
    const fromWin = trpcData<Array<{ id: string; current: boolean }>>(
      await trpcQuery(t.app, 'user.sessions', undefined, win),
    );
    expect(fromWin.find((s) => s.current)?.id).toBe(other.id);
    // No token and no hash of one ever leaves the server.
    for (const cookie of [mac, win]) {
      const token = cookie.slice(cookie.indexOf('=') + 1);
      expect(res.body).not.toContain(token);
      expect(res.body).not.toContain(hashToken(token));
    }
    expect(res.body).not.toMatch(/token/i);
  });

  it('revokeSession ends one of your own devices (audited); the other devices stay signed in', async () => {
    const user = await insertUser(t.handle.db);
    const a = await signInFrom(user, '198.51.100.1', FIREFOX_MAC);
    const b = await signInFrom(user, '198.51.100.2', CHROME_WINDOWS);
    const list = trpcData<Array<{ id: string; current: boolean }>>(
      await trpcQuery(t.app, 'user.sessions', undefined, a),
    );
    const bId = list.find((s) => !s.current)!.id;
    trpcData(await trpcMutation(t.app, 'user.revokeSession', { id: bId }, a));
    expect(await alive(b)).toBe(false);
    expect(await alive(a)).toBe(true);
    const after = trpcData<Array<{ id: string }>>(await trpcQuery(t.app, 'user.sessions', undefined, a));
    expect(after.map((s) => s.id)).not.toContain(bId);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('entity_id', '=', user.id)
      .where('action', '=', 'session.revoke')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(user.id);
    const detail = typeof audit[0]!.after === 'string' ? JSON.parse(audit[0]!.after) : audit[0]!.after;
    expect(detail).toMatchObject({ reason: 'signed_out_device', sessionId: bId });
    // Again: it is gone.
    expect(trpcError(await trpcMutation(t.app, 'user.revokeSession', { id: bId }, a)).status).toBe(404);
  });

  it("another user's session id is 404 and that session lives on", async () => {
    const mallory = await insertUser(t.handle.db);
    const victim = await insertUser(t.handle.db);
    const victimCookie = await signInFrom(victim, '198.51.100.3', FIREFOX_MAC);
    const victimId = trpcData<Array<{ id: string }>>(
      await trpcQuery(t.app, 'user.sessions', undefined, victimCookie),
    )[0]!.id;
    const malloryCookie = await sessionFor(t, mallory);
    const err = trpcError(await trpcMutation(t.app, 'user.revokeSession', { id: victimId }, malloryCookie));
    expect(err.status).toBe(404);
    expect(await alive(victimCookie)).toBe(true);
    expect(
      await t.handle.db.selectFrom('sessions').select('id').where('user_id', '=', victim.id).execute(),
    ).toHaveLength(1);
  });

  it('revokeOtherSessions ends every device but this one', async () => {
    const user = await insertUser(t.handle.db);
    const here = await signInFrom(user, '198.51.100.4', FIREFOX_MAC);
    const others = [
      await sessionFor(t, user),
      await sessionFor(t, user),
      await signInFrom(user, '198.51.100.5', CHROME_WINDOWS),
    ];
    const bystander = await insertUser(t.handle.db);
    const bystanderCookie = await sessionFor(t, bystander);
    expect(trpcData(await trpcMutation(t.app, 'user.revokeOtherSessions', undefined, here))).toEqual({ ended: 3 });
    expect(await alive(here)).toBe(true);
    for (const c of others) expect(await alive(c)).toBe(false);
    expect(await alive(bystanderCookie)).toBe(true);
    const list = trpcData<Array<{ current: boolean }>>(await trpcQuery(t.app, 'user.sessions', undefined, here));
    expect(list).toEqual([expect.objectContaining({ current: true })]);
  });

  it('a sign-in from a new device (user agent or /64 never seen) queues a signin.new_device mail; a known one does not', async () => {
    const user = await insertUser(t.handle.db);
    const newDeviceMails = async () => (await mailsTo(user.email)).filter((m) => m.kind === 'signin.new_device');
    // The first device of an account is not news.
    await signInFrom(user, '2001:db8:1:2::10', FIREFOX_MAC);
    expect(await newDeviceMails()).toHaveLength(0);
    // Same browser, another address in the same /64: the same device.
    await signInFrom(user, '2001:db8:1:2::99', FIREFOX_MAC);
    expect(await newDeviceMails()).toHaveLength(0);
    // Another browser: new.
    await signInFrom(user, '2001:db8:1:2::10', CHROME_WINDOWS);
    const mails = await newDeviceMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('Chrome 131 on Windows');
    expect(mails[0]!.text_body).toContain('2001:db8:1:2::10');
    expect(mails[0]!.text_body).toContain(`${t.config.publicUrl}/dashboard/settings`);
    // Known address /64 but a new one outside it: new again; then known.
    await signInFrom(user, '198.51.100.77', FIREFOX_MAC);
    await signInFrom(user, '198.51.100.77', FIREFOX_MAC);
    expect(await newDeviceMails()).toHaveLength(2);
  });

  it('signed-out visitors get 401', async () => {
    expect(trpcError(await trpcQuery(t.app, 'user.sessions')).status).toBe(401);
    expect(trpcError(await trpcMutation(t.app, 'user.revokeOtherSessions')).status).toBe(401);
  });
});

describe('contact form and admin inbox', () => {
  const valid = { name: 'Ada Lovelace', email: 'Ada@Example.com', message: 'Hello, I have a question about plans.' };

  it('stores the message with the sender address and answers truthfully', async () => {
    const res = await mutationFrom({ ip: '192.0.2.10' }, 'contact.send', valid);
    // No SMTP_URL here: the answer does not promise a reply by email (issue 18).
    expect(trpcData(res)).toEqual({ ok: true, message: CONTACT_RECEIVED_NO_MAIL_MESSAGE });
    expect(trpcData(res).message).toMatch(/Mail is not being sent on this installation/);
    const rows = await t.handle.db.selectFrom('contact_messages').selectAll().where('ip', '=', '192.0.2.10').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', message: valid.message });
    expect(rows[0]!.read_at).toBeNull();
  });

  it.each([
    ['a name over 100 characters', { ...valid, name: 'x'.repeat(101) }, /Name/],
    ['a bad email', { ...valid, email: 'not-an-email' }, /Email/],
    ['a message under 10 characters', { ...valid, message: 'too short' }, /Message must be at least 10/],
    ['a message over 5000 characters', { ...valid, message: 'x'.repeat(5001) }, /Message must be at most 5000/],
    ['a control character in the name', { ...valid, name: 'Ada\u0007' }, /Name must not contain control/],
    ['a control character in the message', { ...valid, message: 'Hello there\u0000 friend' }, /Message/],
  ])('refuses %s with 400 naming the field, storing nothing', async (_what, input, message) => {
    const ip = '192.0.2.11';
    const err = trpcError(await mutationFrom({ ip }, 'contact.send', input));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(message);
    expect(await t.handle.db.selectFrom('contact_messages').select('id').where('ip', '=', ip).execute()).toEqual([]);
  });

  it(`allows ${CONTACT_LIMIT_PER_WINDOW} messages a minute per address, then 429; another address is not affected`, async () => {
    for (let i = 0; i < CONTACT_LIMIT_PER_WINDOW; i++) {
      trpcData(await mutationFrom({ ip: '192.0.2.20' }, 'contact.send', valid));
    }
    const refused = await mutationFrom({ ip: '192.0.2.20' }, 'contact.send', valid);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    trpcData(await mutationFrom({ ip: '192.0.2.21' }, 'contact.send', valid));
    const stored = await t.handle.db
      .selectFrom('contact_messages')
      .select('id')
      .where('ip', '=', '192.0.2.20')
      .execute();
    expect(stored).toHaveLength(CONTACT_LIMIT_PER_WINDOW);
  });

  it('admins list newest first with the unread count, page on, mark read/unread', async () => {
    for (const n of [1, 2, 3]) {
      clock.advanceMs(1000);
      trpcData(
        await mutationFrom({ ip: '192.0.2.30' }, 'contact.send', { ...valid, message: `Paging message number ${n}` }),
      );
    }
    const total = await t.handle.db.selectFrom('contact_messages').select('id').execute();
    const first = trpcData(await trpcQuery(t.app, 'contact.list', { limit: 2 }, adminCookie));
    expect(first.items.map((m: { message: string }) => m.message)).toEqual([
      'Paging message number 3',
      'Paging message number 2',
    ]);
    expect(first.unread).toBe(total.length);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = trpcData(
      await trpcQuery(t.app, 'contact.list', { limit: 2, cursor: first.nextCursor }, adminCookie),
    );
    expect(second.items[0].message).toBe('Paging message number 1');

    const id = first.items[0].id as string;
    const read = trpcData(await trpcMutation(t.app, 'contact.markRead', { id, read: true }, adminCookie));
    expect(read.readAt).toBe(clock.now().toISOString());
    const afterRead = trpcData(await trpcQuery(t.app, 'contact.list', { limit: 1 }, adminCookie));
    expect(afterRead.unread).toBe(total.length - 1);
    const unreadOnly = trpcData(await trpcQuery(t.app, 'contact.list', { unreadOnly: true, limit: 100 }, adminCookie));
    expect(unreadOnly.items.map((m: { id: string }) => m.id)).not.toContain(id);
    const unread = trpcData(await trpcMutation(t.app, 'contact.markRead', { id, read: false }, adminCookie));
    expect(unread.readAt).toBeNull();
    expect(trpcData(await trpcQuery(t.app, 'contact.list', { limit: 1 }, adminCookie)).unread).toBe(total.length);
  });

  it('a reply never quotes what the visitor wrote: the form cannot send an attacker text from our domain', async () => {
    // The attack: the "visitor" types the victim's address, a name and a message carrying their own text, and
    // waits for any admin reply to carry it to the victim from our domain.
    const victim = 'victim@example.org';
    const bait = 'Your account is locked: sign in at http://evil.example/login to keep your money';
    trpcData(
      await mutationFrom({ ip: '192.0.2.41' }, 'contact.send', {
        ...valid,
        name: 'Vestora Security Team',
        email: victim,
        message: bait,
      }),
    );
    const row = await t.handle.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', victim)
      .executeTakeFirstOrThrow();
    trpcData(await trpcMutation(t.app, 'contact.reply', { id: row.id, message: 'We could not help.' }, adminCookie));
    const [mail] = await mailsTo(victim);
    expect(mail!.text_body).toContain('We could not help.');
    for (const body of [mail!.text_body, mail!.html_body, mail!.subject]) {
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain('Vestora Security Team');
      expect(body).not.toContain('Your account is locked');
    }
  });

  it('reply queues a contact.reply mail to the sender, sets replied_at and is audited', async () => {
    const sender = 'grace@example.org';
    trpcData(
      await mutationFrom({ ip: '192.0.2.40' }, 'contact.send', {
        ...valid,
        email: sender,
        message: 'Can I invest monthly?',
      }),
    );
    const row = await t.handle.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', sender)
      .executeTakeFirstOrThrow();
    clock.advanceMs(60_000);
    const replied = trpcData(
      await trpcMutation(t.app, 'contact.reply', { id: row.id, message: 'Yes: pick a monthly plan.' }, adminCookie),
    );
    expect(replied.repliedAt).toBe(clock.now().toISOString());
    expect(replied.readAt).toBe(clock.now().toISOString());
    const mails = await mailsTo(sender);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'contact.reply', status: 'queued', user_id: null });
    expect(mails[0]!.text_body).toContain('Yes: pick a monthly plan.');
    // #17: what the visitor typed is never quoted back (see the next test).
    expect(mails[0]!.text_body).not.toContain('Can I invest monthly?');
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['actor_id'])
      .where('entity_id', '=', row.id)
      .where('action', '=', 'contact.reply')
      .execute();
    expect(audit).toEqual([{ actor_id: admin.id }]);
    // An unknown message: 404 and no mail.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      trpcError(await trpcMutation(t.app, 'contact.reply', { id: missing, message: 'x' }, adminCookie)).status,
    ).toBe(404);
  });

  it('visitors and plain users cannot read or answer the inbox', async () => {
    const user = await insertUser(t.handle.db);
    const cookie = await sessionFor(t, user);
    expect(trpcError(await trpcQuery(t.app, 'contact.list', {})).status).toBe(401);
    expect(trpcError(await trpcQuery(t.app, 'contact.list', {}, cookie)).status).toBe(403);
    const row = await t.handle.db.selectFrom('contact_messages').select('id').executeTakeFirstOrThrow();
    expect(trpcError(await trpcMutation(t.app, 'contact.reply', { id: row.id, message: 'hi' }, cookie)).status).toBe(
      403,
    );
  });
});

describe('newsletter double opt-in', () => {
  const subscribeFrom = (ip: string, email: string) => mutationFrom({ ip }, 'newsletter.subscribe', { email });
  const statusOf = async (email: string) =>
    (
      await t.handle.db
        .selectFrom('newsletter_subscribers')
        .select('status')
        .where('email', '=', email)
        .executeTakeFirst()
    )?.status;
  const confirmLinkOf = async (email: string) =>
    linkIn((await mailsTo(email)).at(-1)!.text_body, `${t.config.publicUrl}/newsletter/confirm?token=`);
  const unsubscribeLinkOf = async (email: string) =>
    linkIn((await mailsTo(email)).at(-1)!.text_body, `${t.config.publicUrl}/newsletter/unsubscribe?token=`);

  it('stays pending until the link is used; the link works once', async () => {
    const email = 'reader1@example.com';
    const res = await subscribeFrom('192.0.2.50', 'Reader1@Example.com');
    // No SMTP_URL here: no "check your inbox" (issue 18).
    expect(trpcData(res).message).toMatch(/Mail is not being sent on this installation/);
    expect(trpcData(res).message).not.toMatch(/Check your inbox/);
    expect(await statusOf(email)).toBe('pending');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'newsletter.confirm', status: 'queued' });
    expect(mails[0]!.html_body).toContain('/newsletter/unsubscribe?token=');
    const token = tokenOf(await confirmLinkOf(email));
    // The database keeps only a hash of it.
    const row = await t.handle.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);

    expect(trpcData(await trpcMutation(t.app, 'newsletter.confirm', { token }))).toEqual({
      status: 'confirmed',
      email,
    });
    expect(await statusOf(email)).toBe('confirmed');
    const again = trpcError(await trpcMutation(t.app, 'newsletter.confirm', { token }));
    expect(again.status).toBe(400);
    expect(again.message).toMatch(/already used or has expired/);
  });

  it('answers a known address exactly like an unknown one; a confirmed address gets no new mail', async () => {
    const known = 'reader1@example.com';
    const before = (await mailsTo(known)).length;
    const a = await subscribeFrom('192.0.2.51', known);
    const b = await subscribeFrom('192.0.2.51', 'never-seen@example.com');
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(await mailsTo(known)).toHaveLength(before);
    expect(await statusOf(known)).toBe('confirmed');
    expect(
      await t.handle.db.selectFrom('newsletter_subscribers').select('id').where('email', 'like', 'reader1@%').execute(),
    ).toHaveLength(1);
  });

  it('subscribing a pending address again re-sends (the newest link replaces the old one)', async () => {
    const email = 'reader2@example.com';
    trpcData(await subscribeFrom('192.0.2.52', email));
    const oldToken = tokenOf(await confirmLinkOf(email));
    trpcData(await subscribeFrom('192.0.2.53', email));
    expect(await mailsTo(email)).toHaveLength(2);
    const newToken = tokenOf(await confirmLinkOf(email));
    expect(newToken).not.toBe(oldToken);
    expect(trpcError(await trpcMutation(t.app, 'newsletter.confirm', { token: oldToken })).status).toBe(400);
    expect(trpcData(await trpcMutation(t.app, 'newsletter.confirm', { token: newToken })).status).toBe('confirmed');
  });

  it('the confirmation link expires after 48 hours', async () => {
    const email = 'reader3@example.com';
    trpcData(await subscribeFrom('192.0.2.54', email));
    const token = tokenOf(await confirmLinkOf(email));
    clock.advanceMs(48 * 3_600_000);
    expect(trpcError(await trpcMutation(t.app, 'newsletter.confirm', { token })).status).toBe(400);
    expect(await statusOf(email)).toBe('pending');
  });

  it(`limits sign-ups of one address to ${NEWSLETTER_LIMIT_PER_WINDOW} a minute, from any client address`, async () => {
    const email = 'reader4@example.com';
    for (let i = 0; i < NEWSLETTER_LIMIT_PER_WINDOW; i++) trpcData(await subscribeFrom(`192.0.2.${60 + i}`, email));
    expect((await subscribeFrom('192.0.2.70', email)).statusCode).toBe(429);
    expect(await mailsTo(email)).toHaveLength(NEWSLETTER_LIMIT_PER_WINDOW);
  });

  it('the unsubscribe link in the mail unsubscribes; stats and the export follow (admins only)', async () => {
    const email = 'reader5@example.com';
    trpcData(await subscribeFrom('192.0.2.80', email));
    trpcData(await trpcMutation(t.app, 'newsletter.confirm', { token: tokenOf(await confirmLinkOf(email)) }));
    const stats = trpcData(await trpcQuery(t.app, 'newsletter.stats', undefined, adminCookie));
    const exported = trpcData<Array<{ email: string }>>(
      await trpcQuery(t.app, 'newsletter.exportConfirmed', undefined, adminCookie),
    );
    expect(exported.map((r) => r.email).sort()).toEqual(['reader1@example.com', 'reader2@example.com', email]);
    expect(stats.confirmed).toBe(3);

    const unsub = tokenOf(await unsubscribeLinkOf(email));
    expect(trpcData(await trpcMutation(t.app, 'newsletter.unsubscribe', { token: unsub }))).toEqual({
      status: 'unsubscribed',
      email,
    });
    expect(await statusOf(email)).toBe('unsubscribed');
    const after = trpcData(await trpcQuery(t.app, 'newsletter.stats', undefined, adminCookie));
    expect(after).toEqual({ ...stats, confirmed: stats.confirmed - 1, unsubscribed: stats.unsubscribed + 1 });
    const exportedAfter = trpcData<Array<{ email: string }>>(
      await trpcQuery(t.app, 'newsletter.exportConfirmed', undefined, adminCookie),
    );
    expect(exportedAfter.map((r) => r.email)).not.toContain(email);
    expect(trpcError(await trpcMutation(t.app, 'newsletter.unsubscribe', { token: 'no-such-token' })).status).toBe(400);

    const user = await insertUser(t.handle.db);
    const cookie = await sessionFor(t, user);
    expect(trpcError(await trpcQuery(t.app, 'newsletter.stats', undefined, cookie)).status).toBe(403);
    expect(trpcError(await trpcQuery(t.app, 'newsletter.exportConfirmed')).status).toBe(401);
  });
});
