// Issue #27, part A: money one admin cannot make alone. Each attack of the issue, performed, and shown refused
// or harmless: one admin's word changes nothing; a second admin approves; who took part never pays it out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { callerAs, insertUser, setDepositAccount } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { legacy, trpcData, trpcError, trpcMutation, trpcQuery } from '../support/http.ts';
import { balanceOf, cookieFor, DETAILS, expectLedgerConsistent, failure, newKey } from '../money/money-helpers.ts';

describe('#27 attacks: one admin plus a self-registered account', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-12-02T10:00:00.000Z');
  let mallory: TestUser; // the admin who tries it alone
  let bob: TestUser; // a second admin
  let carol: TestUser; // a third admin
  let sock: TestUser; // mallory's self-registered account
  let fresh: TestUser; // an admin in their review cooldown

  beforeAll(async () => {
    t = await startTestApp({ clock });
    mallory = await insertUser(t.handle.db, { accountType: 'admin' });
    bob = await insertUser(t.handle.db, { accountType: 'admin' });
    carol = await insertUser(t.handle.db, { accountType: 'admin' });
    sock = await insertUser(t.handle.db, { tier: 1 });
    fresh = await insertUser(t.handle.db, { accountType: 'admin' });
    // Made admin an hour ago through an approved role request (at bob's request): in the 24-hour cooldown.
    await t.handle.db
      .updateTable('users')
      .set({ admin_granted_at: new Date(clock.now().getTime() - 3_600_000), admin_granted_by: bob.id })
      .where('id', '=', fresh.id)
      .execute();
    await setDepositAccount(
      t,
      bob,
      { accountNumber: 'DE89370400440532013000', bankName: 'First Dollar Bank', accountHolder: 'Vestora Ltd' },
      carol,
    );
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  const versionOf = async (u: TestUser) =>
    (await t.handle.db.selectFrom('users').select('version').where('id', '=', u.id).executeTakeFirstOrThrow()).version;

  it('a balance adjustment is a proposal: nothing moves until a second admin approves it, once', async () => {
    const answer = await callerAs(t, mallory).user.update({
      id: sock.id,
      version: await versionOf(sock),
      balance: 250_000,
      reason: 'bonus',
    });
    // Before #27 this answered balance 250000 and the ledger had the credit; now the record is as it was.
    expect(answer.balance).toBe(0);
    expect(answer.approval).toMatchObject({ status: 'pending' });
    expect(await balanceOf(t.handle.db, sock.id)).toBe(0);

    const pending = await callerAs(t, bob).approval.list({ status: 'pending' });
    expect(pending).toContainEqual(
      expect.objectContaining({
        id: answer.approval!.id,
        kind: 'balance_adjustment',
        userId: sock.id,
        amount: 250_000,
        reason: 'bonus',
        proposedBy: mallory.id,
        status: 'pending',
      }),
    );
    // The proposer cannot approve it; the member cannot (not an admin); an admin in the cooldown cannot.
    expect(await failure(callerAs(t, mallory).approval.approve({ id: answer.approval!.id }))).toMatchObject({
      status: 403,
      message: 'You proposed this, so you cannot approve it: another administrator must.',
    });
    expect((await failure(callerAs(t, sock).approval.approve({ id: answer.approval!.id }))).status).toBe(403);
    expect(await failure(callerAs(t, fresh).approval.approve({ id: answer.approval!.id }))).toMatchObject({
      status: 403,
      message: expect.stringContaining('A new administrator reviews no money'),
    });
    expect(await balanceOf(t.handle.db, sock.id)).toBe(0);

    // The database itself refuses an approval recorded as the proposer's.
    await expect(
      t.handle.db
        .updateTable('approvals')
        .set({ status: 'approved', decided_by: mallory.id, decided_at: clock.now() })
        .where('id', '=', answer.approval!.id)
        .execute(),
    ).rejects.toThrow(/approvals_second_person/);

    const approved = await callerAs(t, bob).approval.approve({ id: answer.approval!.id });
    expect(approved).toMatchObject({ status: 'approved', decidedBy: bob.id });
    expect(await balanceOf(t.handle.db, sock.id)).toBe(250_000_00);
    // A second approval changes nothing.
    expect((await failure(callerAs(t, carol).approval.approve({ id: answer.approval!.id }))).status).toBe(409);
    expect(await balanceOf(t.handle.db, sock.id)).toBe(250_000_00);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', answer.approval!.id)
      .orderBy('seq')
      .execute();
    expect(audit).toEqual([
      { action: 'approval.propose', actor_id: mallory.id },
      { action: 'approval.approve', actor_id: bob.id },
    ]);
  });

  it('the payout of money credited through a proposal is refused to every admin who took part in it', async () => {
    const w = await callerAs(t, sock).withdrawal.request({
      amount: 1_000,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    const refusal =
      'You took part in approving money credited to this member (you proposed or approved it), so you cannot approve their payout: another administrator must.';
    for (const admin of [mallory, bob]) {
      expect(
        await failure(callerAs(t, admin).withdrawal.review({ id: w.id, decision: 'approve', payoutReference: 'P-1' })),
      ).toMatchObject({ status: 403, message: refusal });
    }
    expect((await callerAs(t, carol).withdrawal.review({ id: w.id, decision: 'approve' })).status).toBe('approved');
  });

  it('a deposit report confirmed by hand is a proposal; the second admin confirms it, once', async () => {
    const d = await callerAs(t, sock).deposit.request({ amount: 500, reference: 'TRF-1', idempotencyKey: newKey() });
    const before = await balanceOf(t.handle.db, sock.id);
    const first = await callerAs(t, mallory).deposit.review({ id: d.id, decision: 'confirm' });
    // Before #27: status confirmed and $500 credited on mallory's word.
    expect(first).toMatchObject({ status: 'pending', approval: { status: 'pending' } });
    expect(await balanceOf(t.handle.db, sock.id)).toBe(before);
    // Asking again answers the same proposal.
    expect((await callerAs(t, mallory).deposit.review({ id: d.id, decision: 'confirm' })).approval).toEqual(
      first.approval,
    );
    expect((await failure(callerAs(t, mallory).approval.approve({ id: first.approval!.id }))).status).toBe(403);
    const second = await callerAs(t, bob).deposit.review({ id: d.id, decision: 'confirm' });
    expect(second).toMatchObject({ status: 'confirmed', approval: { id: first.approval!.id, status: 'approved' } });
    expect(await balanceOf(t.handle.db, sock.id)).toBe(before + 500_00);
  });

  it('a rejected proposal changes nothing and cannot be approved afterwards', async () => {
    const answer = await callerAs(t, mallory).user.update({
      id: sock.id,
      version: await versionOf(sock),
      balance: 999_999,
      reason: 'again',
    });
    const before = await balanceOf(t.handle.db, sock.id);
    expect((await failure(callerAs(t, bob).approval.reject({ id: answer.approval!.id, reason: '' }))).status).toBe(400);
    const rejected = await callerAs(t, bob).approval.reject({ id: answer.approval!.id, reason: 'No grounds' });
    expect(rejected).toMatchObject({ status: 'rejected', decidedBy: bob.id, decisionReason: 'No grounds' });
    expect((await failure(callerAs(t, carol).approval.approve({ id: answer.approval!.id }))).status).toBe(409);
    expect(await balanceOf(t.handle.db, sock.id)).toBe(before);
  });

  it('an admin in the cooldown proposes nothing: no adjustment, no deposit account', async () => {
    const m = await insertUser(t.handle.db, { tier: 1 });
    expect(
      await failure(
        callerAs(t, fresh).user.update({ id: m.id, version: await versionOf(m), balance: 10, reason: 'x' }),
      ),
    ).toMatchObject({ status: 403, message: expect.stringContaining('A new administrator reviews no money') });
    expect(
      (
        await failure(
          callerAs(t, fresh).account.update({ accountNumber: 'X1', bankName: 'Evil Bank', accountHolder: 'Fresh' }),
        )
      ).status,
    ).toBe(403);
    expect(
      await t.handle.db.selectFrom('approvals').select('id').where('proposed_by', '=', fresh.id).execute(),
    ).toEqual([]);
  });

  it('the deposit account re-pointed: a proposal; every admin is mailed on approval; the page says since when', async () => {
    const member = await insertUser(t.handle.db, { tier: 1 });
    const shown = await callerAs(t, member).deposit.instructions();
    const proposal = await callerAs(t, mallory).account.update({
      accountNumber: 'GB33BUKB20201555555555',
      bankName: 'Mallory Bank',
      accountHolder: 'Mallory',
    });
    // Before #27: the record and every member's Deposit page changed at once.
    expect(proposal).toMatchObject({ accountNumber: shown.accountNumber, approval: { status: 'pending' } });
    expect(await callerAs(t, member).deposit.instructions()).toEqual(shown);
    expect((await failure(callerAs(t, mallory).approval.approve({ id: proposal.approval.id }))).status).toBe(403);

    clock.set(new Date(clock.now().getTime() + 60_000));
    const mailsBefore = await t.handle.db
      .selectFrom('mail_outbox')
      .select('to_address as to')
      .where('kind', '=', 'deposit_account.changed')
      .execute();
    await callerAs(t, bob).approval.approve({ id: proposal.approval.id });
    const now = await callerAs(t, member).deposit.instructions();
    expect(now).toMatchObject({ accountNumber: 'GB33BUKB20201555555555', validSince: clock.now().toISOString() });
    const mails = await t.handle.db
      .selectFrom('mail_outbox')
      .select(['to_address as to', 'text_body as text'])
      .where('kind', '=', 'deposit_account.changed')
      .execute();
    const admins = await t.handle.db.selectFrom('users').select('email').where('account_type', '=', 'admin').execute();
    expect(mails.length - mailsBefore.length).toBe(admins.length);
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining(admins.map((a) => a.email)));
    expect(mails.at(-1)!.text).toContain('GB33BUKB20201555555555');
  });

  it("account takeover: an admin cannot set a member's email; the member confirms and the old address is told", async () => {
    const victim = await insertUser(t.handle.db, { tier: 1, email: 'victim@example.com', emailVerified: true });
    const answer = await callerAs(t, mallory).user.update({ id: victim.id, email: 'mallory-owns@example.com' });
    // Before #27: the email was mallory's at once, ready for "mark verified" and a password reset.
    expect(answer).toMatchObject({ email: 'victim@example.com', emailChangeSentTo: 'mallory-owns@example.com' });
    const row = await t.handle.db
      .selectFrom('users')
      .select(['email', 'email_verified_at'])
      .where('id', '=', victim.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('victim@example.com');
    expect(row.email_verified_at).not.toBeNull();
    const mails = await t.handle.db
      .selectFrom('mail_outbox')
      .select(['to_address as to', 'kind'])
      .where('user_id', '=', victim.id)
      .execute();
    expect(mails).toEqual(
      expect.arrayContaining([
        { to: 'mallory-owns@example.com', kind: 'email.change_confirm' },
        { to: 'victim@example.com', kind: 'email.change_notice' },
      ]),
    );
    // A reset now goes to the member's own address.
    await callerAs(t, null).user.requestPasswordReset({ email: 'mallory-owns@example.com' });
    expect(
      await t.handle.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', '=', 'password.reset')
        .where('to_address', '=', 'mallory-owns@example.com')
        .execute(),
    ).toEqual([]);
  });

  it('the legacy REST paths answer the record as it is plus the pending proposal', async () => {
    const cookie = await cookieFor(t, mallory);
    const member = await insertUser(t.handle.db, { tier: 1 });
    const res = await legacy(
      t.app,
      'POST',
      '/user/update',
      { _id: member.id, __v: await versionOf(member), accountBallance: 250_000 },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ _id: member.id, accountBallance: 0, approval: { status: 'pending' } });
    expect(await balanceOf(t.handle.db, member.id)).toBe(0);

    const shown = (await callerAs(t, member).deposit.instructions()).accountNumber;
    const acc = await legacy(
      t.app,
      'POST',
      '/accountsNumber/update',
      { accountNumber: 'FR7630006000011234567890189', bankName: 'Evil', accountHolder: 'Mallory' },
      cookie,
    );
    expect(acc.statusCode).toBe(200);
    expect(acc.json().data).toMatchObject({ accountNumber: shown, approval: { status: 'pending' } });
    expect((await callerAs(t, member).deposit.instructions()).accountNumber).toBe(shown);

    const freshCookie = await cookieFor(t, fresh);
    const refused = await legacy(
      t.app,
      'POST',
      '/accountsNumber/update',
      { accountNumber: 'FR7630006000011234567890189', bankName: 'Evil', accountHolder: 'Fresh' },
      freshCookie,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('a member cannot see or decide proposals (403), over /trpc too', async () => {
    const cookie = await cookieFor(t, sock);
    expect(trpcError(await trpcQuery(t.app, 'approval.list', {}, cookie)).status).toBe(403);
    const someId = (await callerAs(t, bob).approval.list({}))[0]!.id;
    expect(trpcError(await trpcMutation(t.app, 'approval.approve', { id: someId }, cookie)).status).toBe(403);
  });

  it('signed-in /trpc answers carry Cache-Control: no-store; public ones do not', async () => {
    const cookie = await cookieFor(t, sock);
    const me = await trpcQuery(t.app, 'user.me', undefined, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const list = await trpcQuery(t.app, 'approval.list', {}, await cookieFor(t, bob));
    expect(trpcData(list)).toBeInstanceOf(Array);
    expect(list.headers['cache-control']).toBe('no-store');
    const publicPlans = await trpcQuery(t.app, 'plan.list');
    expect(publicPlans.statusCode).toBe(200);
    expect(publicPlans.headers['cache-control']).not.toBe('no-store');
  });
});
