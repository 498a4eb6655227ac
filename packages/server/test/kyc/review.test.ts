import { randomUUID } from 'node:crypto';
import type { TKycDocumentKind } from '@vestora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerAs, insertKycDocument, insertUser, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { failure } from '../money/money-helpers.ts';

// #33: identity applications and their four-eyes review: what a submission must carry, two different admins to
// approve, who may not review, retry's reason without the note, a final reject, and concurrent approvals.
describe('identity review', () => {
  let t: TestApp;
  let clock: ManualClock;
  let a1: TestUser;
  let a2: TestUser;
  let a3: TestUser;
  const as = (u: TestUser) => callerAs(t, u);

  const doc = (owner: TestUser, kind: TKycDocumentKind, opts: { expiresOn?: string } = {}) =>
    insertKycDocument(t.handle.db, owner.id, kind, { ...opts, now: clock.now() });
  const details = { legalName: 'Maria Test User', dateOfBirth: '1990-04-21', address: '1 Rua Augusta, Lisbon' };
  const submitTier1 = async (m: TestUser, opts: { expiresOn?: string } = {}) =>
    as(m).kyc.submit({ tier: 1, ...details, documentIds: [await doc(m, 'identity', opts)] });
  const approveTwice = async (id: string) => {
    await as(a1).kyc.review({ id, decision: 'approve', reason: '' });
    return as(a2).kyc.review({ id, decision: 'approve', reason: '' });
  };
  const auditOf = (entityId: string) =>
    t.handle.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('seq').execute();

  beforeAll(async () => {
    clock = new ManualClock('2026-06-01T10:00:00.000Z');
    t = await startTestApp({ clock });
    a1 = await insertUser(t.handle.db, { accountType: 'admin', firstName: 'A1' });
    a2 = await insertUser(t.handle.db, { accountType: 'admin', firstName: 'A2' });
    a3 = await insertUser(t.handle.db, { accountType: 'admin', firstName: 'A3' });
  });
  afterAll(() => t.close());

  it('one admin alone cannot approve: the first approval waits for a second, different admin', async () => {
    const m = await insertUser(t.handle.db);
    const sub = await submitTier1(m);
    expect(sub).toMatchObject({ status: 'pending', tier: 1 });
    const before = await as(m).kyc.status();
    expect(before).toMatchObject({ tier: 0, pending: { id: sub.id, status: 'pending', tier: 1 }, rejected: false });
    expect(before.items.map((i) => [i.item, i.state])).toEqual([
      ['legal_name', 'in_review'],
      ['date_of_birth', 'in_review'],
      ['address', 'in_review'],
      ['identity', 'in_review'],
    ]);
    // The member's own document, with its expiring link.
    expect(before.items.find((i) => i.item === 'identity')?.document?.url).toMatch(/^\/api\/kyc\/documents\//);
    expect(before.next).toMatchObject({ tier: 1, dailyUsd: '2000.00', monthlyUsd: '10000.00' });

    expect(await as(a1).kyc.review({ id: sub.id, decision: 'approve', reason: '' })).toEqual({
      id: sub.id,
      status: 'awaiting_second_review',
      tier: 1,
    });
    expect((await as(m).kyc.status()).tier).toBe(0);
    // The queue shows who already approved.
    const queued = (await as(a3).kyc.queue()).items.find((i) => i.id === sub.id);
    expect(queued).toMatchObject({ status: 'awaiting_second_review', approvedBy: [{ id: a1.id }] });
    // The same admin again: a clear 409, nothing changes.
    const again = await failure(as(a1).kyc.review({ id: sub.id, decision: 'approve', reason: '' }));
    expect(again).toMatchObject({ status: 409, message: expect.stringContaining('second, different administrator') });
    expect((await as(m).kyc.status()).tier).toBe(0);

    clock.advanceMs(60_000);
    expect(await as(a2).kyc.review({ id: sub.id, decision: 'approve', reason: 'ok' })).toMatchObject({
      status: 'approved',
      tier: 1,
    });
    const row = await t.handle.db
      .selectFrom('kyc_members')
      .selectAll()
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tier: 1, legal_name: details.legalName, date_of_birth: '1990-04-21' });
    expect(new Date(row.tier_changed_at!).toISOString()).toBe(clock.now().toISOString());
    const after = await as(m).kyc.status();
    expect(after).toMatchObject({ tier: 1, pending: null, limits: { dailyUsd: '2000.00' }, next: { tier: 2 } });
    expect(after.items.every((i) => i.state === 'accepted')).toBe(true);
    expect((await as(a3).kyc.queue()).items.some((i) => i.id === sub.id)).toBe(false);
    // Audited by ids: no name, birth date or address in the log.
    const audit = await auditOf(sub.id);
    expect(audit.map((r) => [r.action, r.actor_id])).toEqual([
      ['kyc.submit', m.id],
      ['kyc.approve', a1.id],
      ['kyc.approve', a2.id],
    ]);
    expect(JSON.stringify(audit)).not.toContain('Maria');
    expect(JSON.stringify(audit)).not.toContain('1990-04-21');
    // The member was told, in-app.
    const notes = await t.handle.db.selectFrom('notifications').select('kind').where('user_id', '=', m.id).execute();
    expect(notes.map((n) => n.kind)).toContain('account.kyc_approved');
    // A decided application takes no more decisions.
    const closed = await failure(as(a3).kyc.review({ id: sub.id, decision: 'reject', reason: 'late' }));
    expect(closed.status).toBe(409);
  });

  it('the member (an admin) cannot review their own application', async () => {
    const adminMember = await insertUser(t.handle.db, { accountType: 'admin' });
    const sub = await submitTier1(adminMember);
    const own = await failure(as(adminMember).kyc.review({ id: sub.id, decision: 'approve', reason: '' }));
    expect(own).toMatchObject({ status: 403, message: expect.stringContaining('your own identity application') });
    expect((await as(a1).kyc.get({ id: sub.id })).reviews).toEqual([]);
  });

  it('an admin who changed or promoted the account, or decided its role request, cannot review it', async () => {
    const m = await insertUser(t.handle.db);
    const editor = await insertUser(t.handle.db, { accountType: 'admin' });
    await as(editor).user.update({ id: m.id, city: 'Porto' });
    const sub = await submitTier1(m);
    const changed = await failure(as(editor).kyc.review({ id: sub.id, decision: 'approve', reason: '' }));
    expect(changed).toMatchObject({ status: 403, message: expect.stringContaining('created, promoted or changed') });
    // Nor asking again or rejecting: any decision.
    expect((await failure(as(editor).kyc.review({ id: sub.id, decision: 'reject', reason: 'no' }))).status).toBe(403);

    // An admin account promoted at another admin's request.
    const promoter = await insertUser(t.handle.db, { accountType: 'admin' });
    const promoted = await insertUser(t.handle.db, { accountType: 'admin' });
    await t.handle.db
      .updateTable('users')
      .set({ admin_granted_by: promoter.id, admin_granted_at: clock.now() })
      .where('id', '=', promoted.id)
      .execute();
    const sub2 = await submitTier1(promoted);
    expect((await failure(as(promoter).kyc.review({ id: sub2.id, decision: 'approve', reason: '' }))).status).toBe(403);
    // A role request about the member the admin decided.
    const decider = await insertUser(t.handle.db, { accountType: 'admin' });
    await t.handle.db
      .insertInto('role_requests')
      .values({
        id: randomUUID(),
        user_id: m.id,
        change: 'disable',
        requested_by: a3.id,
        decided_by: decider.id,
        created_at: clock.now(),
      })
      .execute();
    expect((await failure(as(decider).kyc.review({ id: sub.id, decision: 'approve', reason: '' }))).status).toBe(403);
    // Others still may.
    expect((await approveTwice(sub.id)).status).toBe('approved');
  });

  it('retry shows the member the item and the reason, never the note', async () => {
    const m = await insertUser(t.handle.db);
    const sub = await submitTier1(m);
    const missing = await failure(as(a1).kyc.review({ id: sub.id, decision: 'retry', reason: 'blurry' }));
    expect(missing.status).toBe(400);
    const res = await as(a1).kyc.review({
      id: sub.id,
      decision: 'retry',
      item: 'identity',
      reason: 'The photo is blurry: please send a sharper one.',
      note: 'SECRET-NOTE looks edited around the birth date',
    });
    expect(res).toMatchObject({ status: 'retry' });
    const status = await as(m).kyc.status();
    expect(status.pending).toBeNull();
    expect(status.items.find((i) => i.item === 'identity')).toMatchObject({
      state: 'send_again',
      reason: 'The photo is blurry: please send a sharper one.',
    });
    expect(status.items.find((i) => i.item === 'legal_name')).toMatchObject({ state: 'waiting', reason: null });
    expect(JSON.stringify(status)).not.toContain('SECRET-NOTE');
    const notes = await t.handle.db.selectFrom('notifications').selectAll().where('user_id', '=', m.id).execute();
    expect(JSON.stringify(notes)).toContain('blurry');
    expect(JSON.stringify(notes)).not.toContain('SECRET-NOTE');
    const outbox = await t.handle.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', m.email).execute();
    expect(JSON.stringify(outbox)).not.toContain('SECRET-NOTE');
    // Admins see the note in the history.
    const detail = await as(a2).kyc.get({ id: sub.id });
    expect(detail.reviews).toMatchObject([
      { decision: 'retry', item: 'identity', note: expect.stringContaining('SECRET') },
    ]);
    expect(detail.member.id).toBe(m.id);

    // Sending again supersedes the retry application.
    const again = await submitTier1(m);
    expect((await as(m).kyc.status()).pending).toMatchObject({ id: again.id });
    expect((await as(a1).kyc.get({ id: sub.id })).status).toBe('superseded');
  });

  it('reject is final: the member cannot apply again', async () => {
    const m = await insertUser(t.handle.db);
    const sub = await submitTier1(m);
    expect(
      await as(a1).kyc.review({ id: sub.id, decision: 'reject', reason: 'The document is not genuine.' }),
    ).toMatchObject({ status: 'rejected' });
    const status = await as(m).kyc.status();
    expect(status).toMatchObject({ tier: 0, rejected: true, pending: null });
    expect(status.items.every((i) => i.state === 'rejected' && i.reason === 'The document is not genuine.')).toBe(true);
    const again = await failure(submitTier1(m));
    expect(again).toMatchObject({ status: 403, message: expect.stringContaining('final') });
  });

  it('refuses what a submission may not carry, with 4xx and nothing written', async () => {
    const m = await insertUser(t.handle.db);
    const other = await insertUser(t.handle.db);
    const id = await doc(m, 'identity');
    const minor = await failure(
      as(m).kyc.submit({ tier: 1, ...details, dateOfBirth: '2010-01-01', documentIds: [id] }),
    );
    expect(minor).toMatchObject({ status: 400, message: expect.stringContaining('18 years') });
    const future = await failure(
      as(m).kyc.submit({ tier: 1, ...details, dateOfBirth: '2027-01-01', documentIds: [id] }),
    );
    expect(future.status).toBe(400);
    const foreign = await failure(
      as(m).kyc.submit({ tier: 1, ...details, documentIds: [await doc(other, 'identity')] }),
    );
    expect(foreign.status).toBe(404);
    const wrongKind = await failure(
      as(m).kyc.submit({ tier: 1, ...details, documentIds: [await doc(m, 'proof_of_address')] }),
    );
    expect(wrongKind).toMatchObject({ status: 400, message: expect.stringContaining('identity document') });
    const expired = await failure(
      as(m).kyc.submit({ tier: 1, ...details, documentIds: [await doc(m, 'identity', { expiresOn: '2026-05-31' })] }),
    );
    expect(expired.status).toBe(400);
    // Tier 2 without tier 1: it needs the identity document in the same submission.
    const noTier1 = await failure(
      as(m).kyc.submit({ tier: 2, ...details, documentIds: [await doc(m, 'proof_of_address')] }),
    );
    expect(noTier1).toMatchObject({ status: 400, message: expect.stringContaining('identity document') });
    expect(await t.handle.db.selectFrom('kyc_applications').select('id').where('user_id', '=', m.id).execute()).toEqual(
      [],
    );
    // Both tiers in one submission: one approval grants tier 2.
    const both = await as(m).kyc.submit({
      tier: 2,
      ...details,
      documentIds: [id, await doc(m, 'proof_of_address')],
    });
    expect((await approveTwice(both.id)).tier).toBe(2);
    const status = await as(m).kyc.status();
    expect(status).toMatchObject({ tier: 2, next: null, limits: { dailyUsd: '50000.00' } });
    const held = await failure(submitTier1(m));
    expect(held.status).toBe(409);
  });

  it('two admins approving at once: one second approval, written once', async () => {
    const m = await insertUser(t.handle.db);
    const sub = await submitTier1(m);
    await as(a1).kyc.review({ id: sub.id, decision: 'approve', reason: '' });
    const results = await Promise.allSettled([
      as(a2).kyc.review({ id: sub.id, decision: 'approve', reason: '' }),
      as(a3).kyc.review({ id: sub.id, decision: 'approve', reason: '' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused && (await failure(Promise.reject(refused.reason))).status).toBe(409);
    const reviews = await t.handle.db
      .selectFrom('kyc_reviews')
      .select('id')
      .where('application_id', '=', sub.id)
      .execute();
    expect(reviews).toHaveLength(2);
    const approvals = (await auditOf(sub.id)).filter((r) => r.action === 'kyc.approve');
    expect(approvals).toHaveLength(2);
    const notes = await t.handle.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', m.id)
      .where('kind', '=', 'account.kyc_approved')
      .execute();
    expect(notes).toHaveLength(1);

    // The same admin twice at once on a fresh application: one approval, one clear 409.
    const m2 = await insertUser(t.handle.db);
    const sub2 = await submitTier1(m2);
    const twice = await Promise.allSettled([
      as(a1).kyc.review({ id: sub2.id, decision: 'approve', reason: '' }),
      as(a1).kyc.review({ id: sub2.id, decision: 'approve', reason: '' }),
    ]);
    expect(twice.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await as(a2).kyc.get({ id: sub2.id })).status).toBe('awaiting_second_review');
  });
});
