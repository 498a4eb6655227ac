import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { insertUser, approveAs, secondAdmin } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { expectNoSecrets, sessionFor, trpcData, trpcError, trpcMutation, trpcQuery } from './support/http.ts';
import { balanceCentsColumn } from '../src/modules/user/user.repo.ts';

describe('user.list / user.update (admin)', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminCookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    adminCookie = await sessionFor(t, admin);
  });
  afterAll(() => t.close());

  const row = (id: string) =>
    t.handle.db
      .selectFrom('users')
      .selectAll()
      .select(balanceCentsColumn())
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const update = (input: unknown, cookie = adminCookie) => trpcMutation(t.app, 'user.update', input, cookie);

  it('user.list answers a page of users without secrets; a plain user gets 403', async () => {
    const user = await insertUser(t.handle.db);
    const res = await trpcQuery(t.app, 'user.list', undefined, adminCookie);
    expectNoSecrets(res);
    const ids = trpcData<{ items: { id: string }[] }>(res).items.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, user.id]));
    const denied = await trpcQuery(t.app, 'user.list', undefined, await sessionFor(t, user));
    expect(trpcError(denied)).toMatchObject({ status: 403, message: 'Only an administrator can do this.' });
  });

  it('changes fields, bumps the version and writes an audit entry with public fields only', async () => {
    const user = await insertUser(t.handle.db);
    const res = await update({
      id: user.id,
      version: user.version,
      firstName: 'Grace',
      city: 'Arlington',
      accountType: 'admin',
    });
    expectNoSecrets(res);
    // The role is not changed by the edit: it is requested (a second admin approves it, #17).
    expect(trpcData(res)).toMatchObject({
      firstName: 'Grace',
      city: 'Arlington',
      accountType: 'user',
      version: user.version + 1,
      roleRequest: { change: 'promote', status: 'pending' },
    });
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'user.update', actor_id: admin.id, entity_type: 'user' });
    expect(audit.before).toMatchObject({ firstName: 'Test', accountType: 'user' });
    expect(audit.after).toMatchObject({ firstName: 'Grace', accountType: 'user' });
    expect(JSON.stringify(audit)).not.toMatch(/password|argon2/i);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const user = await insertUser(t.handle.db);
    trpcData(await update({ id: user.id, version: user.version, city: 'Porto' }));
    const stale = await update({ id: user.id, version: user.version, city: 'Faro' });
    expect(trpcError(stale)).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'This user was changed by someone else. Reload and try again.',
    });
    expect((await row(user.id)).city).toBe('Porto');
  });

  it('lets exactly one of two simultaneous edits of the same version through', async () => {
    const user = await insertUser(t.handle.db);
    const [a, b] = await Promise.all([
      update({ id: user.id, version: user.version, city: 'Braga' }),
      update({ id: user.id, version: user.version, city: 'Coimbra' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await row(user.id)).version).toBe(user.version + 1);
  });

  it('turns a balance change into one ledger adjustment with the reason, and bumps the version', async () => {
    const user = await insertUser(t.handle.db, { balanceCents: 10_000 });
    const res = await update({
      id: user.id,
      version: user.version,
      balance: 250.5,
      reason: 'Bonus for testing',
    });
    const after = trpcData(res);
    // A proposal (#27): the balance as it is until a second admin approves; then the one adjustment.
    expect(after.balance).toBe(100);
    expect(after.approval).toMatchObject({ status: 'pending' });
    expect(after.version).toBeGreaterThan(user.version);
    const approver = await secondAdmin(t);
    await approveAs(t, approver, after);
    expect((await row(user.id)).balance_cents).toBe(25_050);
    const entries = await t.handle.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('actor_id', '=', approver.id)
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'adjustment',
      ref_type: 'adjustment',
      amount_cents: 15_050,
      balance_after_cents: 25_050,
      memo: 'Bonus for testing',
    });
    // The same balance again is not a change: no new ledger entry.
    trpcData(await update({ id: user.id, version: (await row(user.id)).version, balance: 250.5, city: 'Lisbon' }));
    const count = await t.handle.db.selectFrom('ledger_entries').select('id').where('user_id', '=', user.id).execute();
    expect(count).toHaveLength(2); // the factory's opening credit + the one adjustment
  });

  it('refuses a balance change without a reason (400) and writes nothing; the member reads the reason', async () => {
    const user = await insertUser(t.handle.db, { balanceCents: 10_000 });
    for (const reason of [undefined, '', '   ']) {
      const res = await update({ id: user.id, version: user.version, balance: 50, city: 'Braga', reason });
      expect(trpcError(res)).toMatchObject({ status: 400, message: expect.stringMatching(/needs a reason/) });
    }
    const r = await t.handle.db
      .selectFrom('users')
      .selectAll()
      .select(balanceCentsColumn())
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect([r.city, r.balance_cents, r.version]).toEqual(['Lisbon', 10_000, user.version]);
    await approveAs(
      t,
      await secondAdmin(t),
      trpcData(await update({ id: user.id, version: user.version, balance: 50, reason: 'Refund of a double deposit' })),
    );
    const mine = trpcData<{ items: { kind: string; amount: number; memo: string | null }[] }>(
      await trpcQuery(t.app, 'ledger.list', {}, await sessionFor(t, user)),
    );
    expect(mine.items[0]).toMatchObject({ kind: 'adjustment', amount: -50, memo: 'Refund of a double deposit' });
  });

  it('refuses bad input with a clear 400 and writes nothing at all', async () => {
    const user = await insertUser(t.handle.db, { balanceCents: 500 });
    for (const bad of [
      { id: user.id, version: user.version, firstName: 'Changed', balance: -1 },
      { id: user.id, version: user.version, firstName: 'Changed', balance: 1.005 },
      { id: user.id, version: user.version, firstName: 'Changed', password: 'new password!' },
      { id: user.id, version: user.version, firstName: 'Changed', balance: 0.1 + 0.2 },
      { id: user.id, version: user.version, firstName: 'Changed', balance: 5.000000001 },
      { id: 'not-a-uuid', version: 0, firstName: 'Changed' },
    ]) {
      const err = trpcError(await update(bad));
      expect(err.status).toBe(400);
      expect(err.message.length).toBeGreaterThan(5);
    }
    const r = await row(user.id);
    expect([r.first_name, r.balance_cents, r.version]).toEqual(['Test', 500, user.version]);
  });

  it('without a version: an edit that leaves the balance as it is goes through; a balance change is 409', async () => {
    const user = await insertUser(t.handle.db, { balanceCents: 500 });
    const same = await update({ id: user.id, firstName: 'Ada', balance: 5 });
    expect(trpcData(same)).toMatchObject({ firstName: 'Ada', balance: 5, version: user.version + 1 });
    const changed = await update({ id: user.id, city: 'Elsewhere', balance: 6 });
    expect(trpcError(changed)).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Changing a balance needs the user's current version/),
    });
    const r = await row(user.id);
    expect([r.first_name, r.city, r.balance_cents, r.version]).toEqual(['Ada', 'Lisbon', 500, user.version + 1]);
  });

  it('four eyes: an admin cannot adjust their own balance (403, nothing changes); another admin can', async () => {
    const self = await insertUser(t.handle.db, { accountType: 'admin', balanceCents: 100 });
    const selfCookie = await sessionFor(t, self);
    const ledgerCount = async () =>
      (await t.handle.db.selectFrom('ledger_entries').select('id').where('user_id', '=', self.id).execute()).length;
    const auditCount = async () =>
      (await t.handle.db.selectFrom('audit_log').select('id').where('entity_id', '=', self.id).execute()).length;
    const [ledgerBefore, auditBefore] = [await ledgerCount(), await auditCount()];
    const own = await update({ id: self.id, version: self.version, balance: 1_000_000, reason: 'mine' }, selfCookie);
    expect(trpcError(own)).toMatchObject({
      status: 403,
      message: 'You cannot adjust your own balance. Another administrator must do it.',
    });
    let r = await row(self.id);
    expect([r.balance_cents, r.version, await ledgerCount(), await auditCount()]).toEqual([
      100,
      self.version,
      ledgerBefore,
      auditBefore,
    ]);
    // Their own profile, balance left as it is (the edit panel sends it back), is theirs to edit.
    const profile = await update({ id: self.id, version: self.version, city: 'Braga', balance: 1 }, selfCookie);
    expect(trpcData(profile)).toMatchObject({ city: 'Braga', balance: 1 });
    // A second administrator makes the change.
    const other = await update({ id: self.id, version: self.version + 1, balance: 2.5, reason: 'refund' });
    expect(trpcData(other)).toMatchObject({ balance: 1, approval: { status: 'pending' } });
    await approveAs(t, await secondAdmin(t), trpcData(other));
    r = await row(self.id);
    expect(r.balance_cents).toBe(250);
    expect(await ledgerCount()).toBe(ledgerBefore + 1);
  });

  it('refuses an email another account has (any case) with 409', async () => {
    const [a, b] = [await insertUser(t.handle.db), await insertUser(t.handle.db)];
    const res = await update({ id: a.id, version: a.version, email: b.email.toUpperCase() });
    expect(trpcError(res)).toMatchObject({ status: 409, message: 'An account with this email already exists.' });
    expect((await row(a.id)).email).toBe(a.email);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await update({ id: '00000000-0000-4000-8000-000000000000', version: 0, city: 'Nowhere' });
    expect(trpcError(res)).toMatchObject({ status: 404 });
  });

  it('lets an admin step down when a second admin approves; the last admin cannot be demoted', async () => {
    const t2 = await startTestApp();
    try {
      const [a, b] = [
        await insertUser(t2.handle.db, { accountType: 'admin' }),
        await insertUser(t2.handle.db, { accountType: 'admin' }),
      ];
      const aCookie = await sessionFor(t2, a);
      // a asks to step down, b approves: b remains, so that is fine.
      const asked = trpcData(
        await trpcMutation(t2.app, 'user.update', { id: a.id, version: a.version, accountType: 'user' }, aCookie),
      );
      expect(asked).toMatchObject({ accountType: 'admin', roleRequest: { change: 'demote' } });
      trpcData(
        await trpcMutation(t2.app, 'user.roleRequest.approve', { id: asked.roleRequest.id }, await sessionFor(t2, b)),
      );
      // b is now the last admin: its own demotion can only be asked, and nobody else may approve it.
      const last = trpcData(
        await trpcMutation(
          t2.app,
          'user.update',
          { id: b.id, version: b.version, accountType: 'user' },
          await sessionFor(t2, b),
        ),
      );
      const self = await trpcMutation(
        t2.app,
        'user.roleRequest.approve',
        { id: last.roleRequest.id },
        await sessionFor(t2, b),
      );
      expect(trpcError(self).status).toBe(403);
      const bRow = await t2.handle.db
        .selectFrom('users')
        .select('account_type')
        .where('id', '=', b.id)
        .executeTakeFirst();
      expect(bRow?.account_type).toBe('admin');
      // The role change ended a's session; signed in again, a is a plain user.
      expect(trpcError(await trpcQuery(t2.app, 'user.list', undefined, aCookie)).status).toBe(401);
      expect(trpcError(await trpcQuery(t2.app, 'user.list', undefined, await sessionFor(t2, a))).status).toBe(403);
    } finally {
      await t2.close();
    }
  });
});
