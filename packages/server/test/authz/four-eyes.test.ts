import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { createOrPromoteAdmin } from '../../src/modules/user/user.admin-bootstrap.ts';
import { insertUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { legacy, sessionFor, trpcData, trpcError, trpcMutation, trpcQuery } from '../support/http.ts';
import { balanceCentsColumn } from '../../src/modules/user/user.repo.ts';

// Issue #17, "One admin alone defeats four eyes": each attack is performed on the API and shown refused with
// nothing changed. Admins inserted by the factory stand for admins made with `pnpm cli create-admin`.
describe('four eyes that one administrator cannot defeat', () => {
  const clock = new ManualClock('2026-03-02T09:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  const user = (id: string) =>
    t.handle.db
      .selectFrom('users')
      .selectAll()
      .select(balanceCentsColumn())
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const call = async (who: Pick<TestUser, 'id'>, path: string, input?: unknown) =>
    trpcMutation(t.app, path, input, await sessionFor(t, who));
  const auditActions = async (entityId: string) =>
    (
      await t.handle.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_id', '=', entityId)
        .orderBy('seq')
        .execute()
    ).map((r) => r.action);
  const balanceOf = async (id: string) => Number((await user(id)).balance_cents);

  /** Admin A promotes S and admin B approves: S is an admin made through a request asked by A. */
  async function promotedBy(requester: TestUser, approver: TestUser): Promise<TestUser> {
    const sock = await insertUser(t.handle.db, { tier: 1 });
    const req = trpcData(await call(requester, 'user.update', { id: sock.id, accountType: 'admin' })).roleRequest;
    trpcData(await call(approver, 'user.roleRequest.approve', { id: req.id }));
    return user(sock.id);
  }

  it('route a: a promotion is only a request; neither the requester nor the account promoted can approve it', async () => {
    const a = await insertUser(t.handle.db, { accountType: 'admin', balanceCents: 10_000 });
    const b = await insertUser(t.handle.db, { accountType: 'admin' });
    const sock = await insertUser(t.handle.db, { tier: 1 });

    // Before: 200 and the role changed at once. After: 200, the user unchanged and a pending request with its id.
    const asked = trpcData(await call(a, 'user.update', { id: sock.id, accountType: 'admin' }));
    expect(asked).toMatchObject({ id: sock.id, accountType: 'user' });
    expect(asked.roleRequest).toMatchObject({
      id: expect.any(String),
      change: 'promote',
      status: 'pending',
      userId: sock.id,
      requestedById: a.id,
    });
    expect((await user(sock.id)).account_type).toBe('user');
    // Asking again answers the same pending request.
    const again = trpcData(await call(a, 'user.update', { id: sock.id, accountType: 'admin' }));
    expect(again.roleRequest.id).toBe(asked.roleRequest.id);

    // The sock account, still a member, cannot credit A.
    const credit = await call(sock, 'user.update', {
      id: a.id,
      version: a.version,
      balance: 1_000_000,
      reason: 'bonus',
    });
    expect(trpcError(credit)).toMatchObject({ status: 403, message: 'Only an administrator can do this.' });
    expect(await balanceOf(a.id)).toBe(10_000);

    // A cannot approve A's own request; S cannot approve its own promotion.
    const own = await call(a, 'user.roleRequest.approve', { id: asked.roleRequest.id });
    expect(trpcError(own)).toMatchObject({
      status: 403,
      message: expect.stringContaining('another administrator must'),
    });
    const bySock = await call(sock, 'user.roleRequest.approve', { id: asked.roleRequest.id });
    expect(trpcError(bySock).status).toBe(403);
    expect((await user(sock.id)).account_type).toBe('user');

    // The request is listed for the other admins.
    const list = trpcData(await trpcQuery(t.app, 'user.roleRequest.list', undefined, await sessionFor(t, b)));
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ id: asked.roleRequest.id })]));

    // Only a second admin makes it happen.
    const approved = trpcData(await call(b, 'user.roleRequest.approve', { id: asked.roleRequest.id }));
    expect(approved).toMatchObject({ status: 'approved', decidedById: b.id });
    expect((await user(sock.id)).account_type).toBe('admin');
    expect(await auditActions(asked.roleRequest.id)).toEqual(['role_request.create', 'role_request.approve']);
    expect(await auditActions(sock.id)).toEqual(expect.arrayContaining(['user.update', 'user.role_change']));
    // Decided once.
    expect(trpcError(await call(b, 'user.roleRequest.approve', { id: asked.roleRequest.id })).status).toBe(409);
  });

  it('route a on the legacy REST adapter: accountType in /api/v1/user/update is a request too', async () => {
    const a = await insertUser(t.handle.db, { accountType: 'admin' });
    const sock = await insertUser(t.handle.db, { tier: 1 });
    const res = await legacy(
      t.app,
      'POST',
      '/user/update',
      { _id: sock.id, accountType: 'admin' },
      await sessionFor(t, a),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ _id: sock.id, accountType: 'user', roleRequest: { status: 'pending' } });
    expect((await user(sock.id)).account_type).toBe('user');
    expect(trpcError(await call(a, 'user.roleRequest.approve', { id: body.data.roleRequest.id })).status).toBe(403);
  });

  it('one admin cannot disable or demote another alone; the account concerned cannot decide either', async () => {
    const a = await insertUser(t.handle.db, { accountType: 'admin' });
    const b = await insertUser(t.handle.db, { accountType: 'admin' });
    const c = await insertUser(t.handle.db, { accountType: 'admin' });

    const disable = trpcData(await call(a, 'user.setDisabled', { id: b.id, disabled: true }));
    expect(disable).toMatchObject({
      id: b.id,
      disabledAt: null,
      roleRequest: { change: 'disable', status: 'pending' },
    });
    const demote = trpcData(await call(a, 'user.update', { id: b.id, accountType: 'user' }));
    expect(demote).toMatchObject({ accountType: 'admin', roleRequest: { change: 'demote', status: 'pending' } });
    let row = await user(b.id);
    expect(row).toMatchObject({ account_type: 'admin', disabled_at: null });
    // B's session still works: nothing ended.
    expect((await trpcQuery(t.app, 'user.me', undefined, await sessionFor(t, b))).statusCode).toBe(200);

    for (const id of [disable.roleRequest.id, demote.roleRequest.id]) {
      expect(trpcError(await call(a, 'user.roleRequest.approve', { id })).status).toBe(403);
      expect(trpcError(await call(b, 'user.roleRequest.approve', { id })).status).toBe(403);
      expect(trpcError(await call(b, 'user.roleRequest.reject', { id })).status).toBe(403);
    }
    row = await user(b.id);
    expect(row).toMatchObject({ account_type: 'admin', disabled_at: null });

    // A third admin decides: the demotion is rejected, the disabling approved.
    expect(trpcData(await call(c, 'user.roleRequest.reject', { id: demote.roleRequest.id }))).toMatchObject({
      status: 'rejected',
    });
    trpcData(await call(c, 'user.roleRequest.approve', { id: disable.roleRequest.id }));
    row = await user(b.id);
    expect(row.account_type).toBe('admin');
    expect(row.disabled_at).not.toBeNull();
    expect(await auditActions(b.id)).toEqual(expect.arrayContaining(['user.disable', 'session.revoke']));
  });

  it("route b: an admin cannot change another admin's email or name, nor any admin's email through user.update", async () => {
    const a = await insertUser(t.handle.db, { accountType: 'admin' });
    const b = await insertUser(t.handle.db, { accountType: 'admin' });
    const member = await insertUser(t.handle.db, { tier: 1 });

    // Before: 200 and B's address became the attacker's. After: 403 and nothing changed.
    const email = await call(a, 'user.update', { id: b.id, email: 'attacker@example.com' });
    expect(trpcError(email)).toMatchObject({
      status: 403,
      message:
        "You cannot change another administrator's name or email address: they change them themselves in Settings.",
    });
    const name = await call(a, 'user.update', { id: b.id, firstName: 'Mallory' });
    expect(trpcError(name).status).toBe(403);
    const rest = await legacy(
      t.app,
      'POST',
      '/user/update',
      { _id: b.id, email: 'x@example.com' },
      await sessionFor(t, a),
    );
    expect(rest.statusCode).toBe(403);
    expect(await user(b.id)).toMatchObject({ email: b.email, first_name: b.first_name, version: b.version });

    const own = await call(a, 'user.update', { id: a.id, email: 'new-a@example.com' });
    expect(trpcError(own)).toMatchObject({
      status: 403,
      message: expect.stringContaining('own confirmed email change'),
    });
    expect((await user(a.id)).email).toBe(a.email);

    // A member's details (and an admin's city) stay editable.
    trpcData(await call(a, 'user.update', { id: member.id, email: `m-${randomUUID()}@example.com` }));
    trpcData(await call(a, 'user.update', { id: b.id, city: 'Porto' }));
  });

  it('a new admin reviews no money for ADMIN_REVIEW_COOLDOWN_HOURS, and never the money of its requester', async () => {
    const a = await insertUser(t.handle.db, { accountType: 'admin', balanceCents: 50_000, tier: 1 });
    const b = await insertUser(t.handle.db, { accountType: 'admin' });
    const member = await insertUser(t.handle.db, { tier: 1, balanceCents: 5_000 });
    const sock = await promotedBy(a, b);
    expect(sock.admin_granted_by).toBe(a.id);

    const withdrawal = trpcData(
      await call(a, 'withdrawal.request', {
        amount: 100,
        method: 'bank',
        details: 'IBAN PT50 0000',
        idempotencyKey: randomUUID(),
      }),
    );
    const deposit = trpcData(
      await call(member, 'deposit.request', { amount: 20, reference: 'ref-1', idempotencyKey: randomUUID() }),
    );

    // Within the cooldown: the sock approves nothing, credits nobody.
    const pay = await call(sock, 'withdrawal.review', { id: withdrawal.id, decision: 'approve' });
    expect(trpcError(pay)).toMatchObject({ status: 403, message: expect.stringContaining('asked for your promotion') });
    const confirm = await call(sock, 'deposit.review', { id: deposit.id, decision: 'confirm' });
    expect(trpcError(confirm)).toMatchObject({ status: 403, message: expect.stringContaining('24 hours') });
    const credit = await call(sock, 'user.update', {
      id: member.id,
      version: member.version,
      balance: 999,
      reason: 'bonus',
    });
    expect(trpcError(credit).status).toBe(403);
    expect(await balanceOf(member.id)).toBe(5_000);

    // Past 24 hours (the injected clock): other members' money, yes; the requester's money, never.
    clock.advanceMs(24 * 3_600_000 + 1);
    trpcData(await call(sock, 'deposit.review', { id: deposit.id, decision: 'confirm' }));
    // A proposal now (#27): a second admin's confirmation credits it.
    expect(await balanceOf(member.id)).toBe(5_000);
    trpcData(await call(b, 'deposit.review', { id: deposit.id, decision: 'confirm' }));
    expect(await balanceOf(member.id)).toBe(7_000);
    expect(trpcError(await call(sock, 'withdrawal.review', { id: withdrawal.id, decision: 'approve' })).status).toBe(
      403,
    );
    const aRow = await user(a.id);
    expect(
      trpcError(await call(sock, 'user.update', { id: a.id, version: aRow.version, balance: 10_000, reason: 'bonus' }))
        .status,
    ).toBe(403);
    expect(await balanceOf(a.id)).toBe(aRow.balance_cents);
    // B, made on the server, reviews A's withdrawal.
    expect(trpcData(await call(b, 'withdrawal.review', { id: withdrawal.id, decision: 'approve' }))).toMatchObject({
      status: 'approved', // a bank payout: approved, waiting for the payment file (#19),
    });
  });

  it("route c: an admin never reads another person's reset link: not in mail.open, the outbox list or the audit log", async () => {
    const a = await insertUser(t.handle.db, { accountType: 'admin' });
    const b = await insertUser(t.handle.db, { accountType: 'admin' });
    const member = await insertUser(t.handle.db, { tier: 1 });
    for (const victim of [member, b]) {
      trpcData(await trpcMutation(t.app, 'user.requestPasswordReset', { email: victim.email }));
      const stored = await t.handle.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('user_id', '=', victim.id)
        .where('kind', '=', 'password.reset')
        .executeTakeFirstOrThrow();
      const token = /token=([\w-]+)/.exec(stored.text_body ?? '')?.[1];
      expect(token, 'the stored mail holds the link (it is delivered to its owner)').toBeTruthy();

      const cookie = await sessionFor(t, a);
      const page = trpcData(await trpcQuery(t.app, 'mail.outbox', { limit: 100 }, cookie));
      const listed = page.items.find((m: { id: string }) => m.id === stored.id);
      expect(listed).toMatchObject({ to: victim.email, kind: 'password.reset', status: 'queued', withheld: true });
      // Before: 200 with the body and its link. After: 200, withheld, what waits, for whom and why; no link.
      const opened = await trpcMutation(t.app, 'mail.open', { id: stored.id }, cookie);
      expect(trpcData(opened)).toMatchObject({ withheld: true, html: null, to: victim.email });
      expect(trpcData(opened).text).toContain(`security message for ${victim.email}: a password reset link`);
      const audit = await trpcQuery(t.app, 'audit.list', { limit: 100 }, cookie);
      for (const res of [opened, audit, await trpcQuery(t.app, 'mail.outbox', { limit: 100 }, cookie)]) {
        expect(res.body).not.toContain(token);
        expect(res.body).not.toContain('reset-password?token');
      }
    }
  });

  it('an admin made by `pnpm cli create-admin --promote` is not held back', async () => {
    const member = await insertUser(t.handle.db, { tier: 1 });
    const operator = await insertUser(t.handle.db, { tier: 1 });
    const result = await createOrPromoteAdmin(t.handle.db, operator.email, () => Promise.reject(new Error('no')), {
      promote: true,
      clock,
    });
    expect(result.outcome).toBe('promoted');
    const deposit = trpcData(
      await call(member, 'deposit.request', { amount: 5, reference: 'ref-2', idempotencyKey: randomUUID() }),
    );
    expect(trpcData(await call(operator, 'deposit.review', { id: deposit.id, decision: 'confirm' }))).toMatchObject({
      approval: { status: 'pending' },
    });
  });
});
