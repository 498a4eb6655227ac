/**
 * Sessions with lifetimes (issue 9): idle and absolute expiry by role on the injected clock, refresh on
 * use, the purge, and the things that end a user's sessions: a role change and a disabled account.
 * The security events (sign-in success/failure, sign-out, revocations, role change, disable/enable) are
 * checked in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { deleteExpiredSessions, hashToken, startSessionPurge } from '../src/modules/session/session.service.ts';
import { callerAs, insertUser, TEST_PASSWORD } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { ManualClock } from '../src/test/manual-clock.ts';
import { loginAs, sessionFor, trpcData, trpcError, trpcMutation, trpcQuery } from './support/http.ts';
import { balanceCentsColumn } from '../src/modules/user/user.repo.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock('2026-03-01T09:00:00.000Z');
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const me = (cookie: string) => trpcQuery(t.app, 'user.me', undefined, cookie);
const alive = async (cookie: string) => {
  const res = await me(cookie);
  if (res.statusCode !== 200 && res.statusCode !== 401) throw new Error(`unexpected ${res.statusCode}: ${res.body}`);
  return res.statusCode === 200;
};
const sessionRows = (userId: string) =>
  t.handle.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

async function auditOf(entityId: string) {
  const rows = await t.handle.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before', 'after'])
    .where('entity_id', '=', entityId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    ...r,
    before: typeof r.before === 'string' ? JSON.parse(r.before) : r.before,
    after: typeof r.after === 'string' ? JSON.parse(r.after) : r.after,
  }));
}

describe('session lifetimes on the injected clock', () => {
  it('a user session unused for 7 days ends; one used just before then lives on', async () => {
    const user = await insertUser(t.handle.db);
    const used = await sessionFor(t, user);
    const unused = await sessionFor(t, user);
    clock.advanceMs(7 * DAY - MINUTE);
    expect(await alive(used)).toBe(true);
    clock.advanceMs(MINUTE);
    expect(await alive(unused)).toBe(false);
    expect(await alive(used)).toBe(true);
    // The ended session's row is gone; the used one remains.
    expect((await sessionRows(user.id)).map((s) => s.token_hash)).toEqual([hashToken(tokenOf(used))]);
  });

  it('a user session used every 6 days lives until 30 days after sign-in, not longer', async () => {
    const user = await insertUser(t.handle.db);
    const cookie = await sessionFor(t, user);
    for (let day = 6; day <= 24; day += 6) {
      clock.advanceDays(6);
      expect(await alive(cookie), `day ${day}`).toBe(true);
    }
    clock.advanceMs(6 * DAY - SECOND); // 30 days less a second
    expect(await alive(cookie)).toBe(true);
    clock.advanceMs(SECOND); // 30 days
    expect(await alive(cookie)).toBe(false);
  });

  it('an admin session ends after 30 minutes unused (31 minutes: gone), and 12 hours after sign-in however busy', async () => {
    const admin = await insertUser(t.handle.db, { accountType: 'admin' });
    const idle = await sessionFor(t, admin);
    const busy = await sessionFor(t, admin);
    clock.advanceMs(29 * MINUTE);
    expect(await alive(busy)).toBe(true);
    clock.advanceMs(2 * MINUTE); // idle has been unused for 31 minutes
    expect(await alive(idle)).toBe(false);
    // busy is used every 20 minutes until 12 hours after its start.
    let elapsed = 31 * MINUTE;
    while (elapsed + 20 * MINUTE < 12 * HOUR) {
      clock.advanceMs(20 * MINUTE);
      elapsed += 20 * MINUTE;
      expect(await alive(busy), `after ${elapsed / MINUTE} min`).toBe(true);
    }
    clock.advanceMs(12 * HOUR - elapsed);
    expect(await alive(busy)).toBe(false);
  });

  it('a sign-in sets the cookie to the nearer limit of the role: 7 days for a user, 30 minutes for an admin', async () => {
    const user = await insertUser(t.handle.db);
    const admin = await insertUser(t.handle.db, { accountType: 'admin' });
    for (const [who, ms] of [
      [user, 7 * DAY],
      [admin, 30 * MINUTE],
    ] as const) {
      const res = await trpcMutation(t.app, 'user.login', { email: who.email, password: TEST_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.cookies[0]!.expires?.getTime()).toBe(clock.now().getTime() + ms);
    }
  });

  it('use is recorded at most once a minute, and each record moves the cookie expiry with it', async () => {
    const user = await insertUser(t.handle.db);
    const cookie = await sessionFor(t, user);
    const start = clock.now();
    const [row] = await sessionRows(user.id);
    expect(new Date(row!.last_seen_at)).toEqual(start);

    clock.advanceMs(30 * SECOND);
    const soon = await me(cookie);
    expect(soon.statusCode).toBe(200);
    expect(soon.cookies).toHaveLength(0); // no write within the minute
    expect(new Date((await sessionRows(user.id))[0]!.last_seen_at)).toEqual(start);

    clock.advanceMs(31 * SECOND);
    const later = await me(cookie);
    expect(later.statusCode).toBe(200);
    const now = clock.now();
    expect(new Date((await sessionRows(user.id))[0]!.last_seen_at)).toEqual(now);
    expect(later.cookies).toHaveLength(1);
    expect(later.cookies[0]).toMatchObject({ name: 'vestora_session', value: tokenOf(cookie), httpOnly: true });
    expect(later.cookies[0]!.expires?.getTime()).toBe(now.getTime() + 7 * DAY);

    // Near the absolute limit the cookie ends with it, not 7 days later.
    clock.advanceDays(5);
    await me(cookie);
    clock.advanceDays(5);
    await me(cookie);
    clock.advanceDays(5);
    await me(cookie);
    clock.advanceDays(5);
    await me(cookie);
    clock.advanceDays(5);
    const last = await me(cookie);
    expect(last.statusCode).toBe(200);
    expect(last.cookies[0]!.expires?.getTime()).toBe(start.getTime() + 30 * DAY);
  });

  it('the purge removes ended sessions (by each role’s limits) and keeps live ones; it runs when started', async () => {
    const user = await insertUser(t.handle.db);
    const admin = await insertUser(t.handle.db, { accountType: 'admin' });
    await sessionFor(t, user);
    await sessionFor(t, admin);
    clock.advanceMs(31 * MINUTE); // the admin's is idle too long, the user's is fine
    expect(await deleteExpiredSessions(t.app.deps)).toBeGreaterThanOrEqual(1);
    expect(await sessionRows(admin.id)).toHaveLength(0);
    expect(await sessionRows(user.id)).toHaveLength(1);

    clock.advanceDays(7);
    const purge = startSessionPurge(t.app.deps);
    await purge.stop(); // waits for the run it started
    expect(await sessionRows(user.id)).toHaveLength(0);
    // Nothing anywhere is past its limit now.
    expect(await deleteExpiredSessions(t.app.deps)).toBe(0);
  });
});

describe('what ends a user’s sessions', () => {
  let admin: TestUser;
  let adminCookie: string;
  beforeAll(async () => {
    admin = await insertUser(t.handle.db, { accountType: 'admin', email: 'boss@example.com' });
  });
  // Admin sessions last 30 idle minutes: each test signs the admin in afresh.
  const asAdmin = async () => (adminCookie = await sessionFor(t, admin));
  const fresh = async (id: string) =>
    t.handle.db
      .selectFrom('users')
      .selectAll()
      .select(balanceCentsColumn())
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('a role change ends every session of that user; other edits do not', async () => {
    await asAdmin();
    const user = await insertUser(t.handle.db);
    const [a, b] = [await sessionFor(t, user), await sessionFor(t, user)];
    const city = await trpcMutation(
      t.app,
      'user.update',
      { id: user.id, version: user.version, city: 'Porto' },
      adminCookie,
    );
    trpcData(city);
    expect(await alive(a)).toBe(true);

    // A promotion is a request until a second admin approves it (#17): asking ends nothing.
    const asked = await trpcMutation(
      t.app,
      'user.update',
      { id: user.id, version: user.version + 1, accountType: 'admin' },
      adminCookie,
    );
    expect(trpcData(asked)).toMatchObject({ accountType: 'user', roleRequest: { status: 'pending' } });
    expect(await alive(a)).toBe(true);
    const second = await insertUser(t.handle.db, { accountType: 'admin' });
    const approved = await trpcMutation(
      t.app,
      'user.roleRequest.approve',
      { id: trpcData(asked).roleRequest.id },
      await sessionFor(t, second),
    );
    expect(trpcData(approved)).toMatchObject({ status: 'approved' });
    expect(await alive(a)).toBe(false);
    expect(await alive(b)).toBe(false);
    expect(await sessionRows(user.id)).toHaveLength(0);
    expect(await alive(adminCookie)).toBe(true); // the acting admins' own sessions are untouched

    const audit = await auditOf(user.id);
    expect(audit.map((r) => r.action)).toEqual(['user.update', 'user.update', 'user.role_change', 'session.revoke']);
    expect(audit[2]).toMatchObject({
      actor_id: second.id,
      before: { accountType: 'user' },
      after: { accountType: 'admin' },
    });
    expect(audit[3]).toMatchObject({ actor_id: second.id, after: { reason: 'role_change', sessionsEnded: 2 } });
  });

  it('disabling ends the sessions and refuses sign-in (after the password only); balances stay; enabling restores', async () => {
    await asAdmin();
    const user = await insertUser(t.handle.db, { balanceCents: 12_345 });
    const cookie = await loginAs(t, user);

    const disabled = trpcData(
      await trpcMutation(t.app, 'user.setDisabled', { id: user.id, disabled: true }, adminCookie),
    );
    expect(disabled).toMatchObject({ id: user.id, disabledAt: clock.now().toISOString(), balance: 123.45 });
    expect(await alive(cookie)).toBe(false);
    expect(await sessionRows(user.id)).toHaveLength(0);

    const refused = await trpcMutation(t.app, 'user.login', { email: user.email, password: TEST_PASSWORD });
    expect(trpcError(refused)).toMatchObject({
      status: 403,
      message: 'This account has been disabled. Contact support.',
    });
    expect(refused.cookies).toHaveLength(0);
    // A wrong password gets the answer everyone gets: the state is not told to someone without the password.
    const wrong = await trpcMutation(t.app, 'user.login', { email: user.email, password: 'not the password' });
    expect(trpcError(wrong)).toMatchObject({ status: 401, message: 'Email or password is incorrect.' });
    // A session made some other way is refused too while the account is disabled.
    expect(await alive(await sessionFor(t, user))).toBe(false);

    // The list shows it; balance and ledger stay.
    const list = trpcData(await trpcQuery(t.app, 'user.list', { ids: [user.id] }, adminCookie)) as {
      items: { id: string }[];
    };
    expect(list.items.find((u) => u.id === user.id)).toMatchObject({ disabledAt: disabled.disabledAt });
    expect(Number((await fresh(user.id)).balance_cents)).toBe(12_345);
    const ledger = await t.handle.db.selectFrom('ledger_entries').select('id').where('user_id', '=', user.id).execute();
    expect(ledger).toHaveLength(1);

    // Disabling again changes nothing.
    const again = trpcData(await trpcMutation(t.app, 'user.setDisabled', { id: user.id, disabled: true }, adminCookie));
    expect(again.version).toBe(disabled.version);

    const enabled = trpcData(
      await trpcMutation(t.app, 'user.setDisabled', { id: user.id, disabled: false }, adminCookie),
    );
    expect(enabled).toMatchObject({ disabledAt: null });
    expect(await alive(await loginAs(t, user))).toBe(true);

    const audit = (await auditOf(user.id)).filter((r) => r.action !== 'auth.sign_in');
    expect(audit.map((r) => [r.action, r.actor_id])).toEqual([
      ['user.disable', admin.id],
      ['session.revoke', admin.id],
      ['auth.sign_in_failed', null],
      ['auth.sign_in_failed', null],
      ['user.enable', admin.id],
    ]);
    expect(audit[0]).toMatchObject({ before: { disabledAt: null }, after: { disabledAt: disabled.disabledAt } });
    expect(audit[1]!.after).toEqual({ reason: 'account_disabled', sessionsEnded: 1 });
    expect(audit[2]!.after).toEqual({ email: user.email, reason: 'account_disabled' });
    expect(audit[3]!.after).toEqual({ email: user.email, reason: 'wrong_password' });
  });

  it('an admin cannot disable themselves (409, nothing changes); a plain user cannot disable anyone', async () => {
    await asAdmin();
    const self = await trpcMutation(t.app, 'user.setDisabled', { id: admin.id, disabled: true }, adminCookie);
    expect(trpcError(self)).toMatchObject({ status: 409, message: expect.stringMatching(/cannot disable your own/) });
    expect((await fresh(admin.id)).disabled_at).toBeNull();
    expect(await alive(adminCookie)).toBe(true);

    const user = await insertUser(t.handle.db);
    const other = await insertUser(t.handle.db);
    const denied = await trpcMutation(
      t.app,
      'user.setDisabled',
      { id: other.id, disabled: true },
      await sessionFor(t, user),
    );
    expect(trpcError(denied).status).toBe(403);
    expect((await fresh(other.id)).disabled_at).toBeNull();
  });

  it('puts sign-in success and failure and sign-out in the audit log, with the email tried and never the password', async () => {
    const user = await insertUser(t.handle.db);
    const wrongPassword = 'Wrong-Secret-4711';
    const unknownEmail = `nobody-${Date.now()}@example.com`;
    await trpcMutation(t.app, 'user.login', { email: unknownEmail, password: 'Unknown-Secret-4712' });
    await trpcMutation(t.app, 'user.login', { email: user.email, password: wrongPassword });
    const cookie = await loginAs(t, user);
    trpcData(await trpcMutation(t.app, 'user.logout', undefined, cookie));

    expect((await auditOf(user.id)).map((r) => [r.action, r.actor_id, r.after])).toEqual([
      ['auth.sign_in_failed', null, { email: user.email, reason: 'wrong_password' }],
      ['auth.sign_in', user.id, { email: user.email, accountType: 'user' }],
      ['auth.sign_out', user.id, null],
    ]);
    const unknown = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'entity_id'])
      .where('action', '=', 'auth.sign_in_failed')
      .where('entity_id', 'is', null)
      .execute();
    expect(unknown).toEqual([{ action: 'auth.sign_in_failed', actor_id: null, entity_id: null }]);
    const everything = JSON.stringify(await t.handle.db.selectFrom('audit_log').selectAll().execute());
    expect(everything).toContain(unknownEmail);
    for (const secret of [wrongPassword, 'Unknown-Secret-4712', TEST_PASSWORD])
      expect(everything).not.toContain(secret);
  });

  it('audit.list shows the security events on their own (kind: security) and keeps them out of the changes', async () => {
    const caller = callerAs(t, admin);
    const security = await caller.audit.list({ kind: 'security', limit: 100 });
    const changes = await caller.audit.list({ kind: 'changes', limit: 100 });
    const all = await caller.audit.list({ limit: 100 });
    const isSecurity = (a: string) => a.startsWith('auth.') || a.startsWith('session.');
    expect(security.items.length).toBeGreaterThan(0);
    expect(security.items.every((e) => isSecurity(e.action))).toBe(true);
    expect(new Set(security.items.map((e) => e.action))).toEqual(
      new Set(['auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out', 'session.revoke']),
    );
    expect(changes.items.length).toBeGreaterThan(0);
    expect(changes.items.some((e) => isSecurity(e.action))).toBe(false);
    expect(changes.items.map((e) => e.action)).toEqual(expect.arrayContaining(['user.disable', 'user.role_change']));
    expect(all.items).toHaveLength(security.items.length + changes.items.length);
  });
});
