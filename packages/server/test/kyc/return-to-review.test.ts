// #33: after approval, an expired document or a changed name returns the member to review for that item: the tier
// falls at once, a retry tells the member which item and why, and withdrawals the new limit does not cover go back
// to review. The expiry is a daily job (kyc.expiry.ts) run here under a moved clock.
import type { TKycDocumentKind } from '@vestora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnExpiredDocuments } from '../../src/modules/kyc/kyc.expiry.ts';
import { callerAs, insertKycDocument, insertUser, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { DETAILS, newKey } from '../money/money-helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('returned to review after approval', () => {
  let t: TestApp;
  let clock: ManualClock;
  let a1: TestUser;
  let a2: TestUser;
  const as = (u: TestUser) => callerAs(t, u);

  const doc = (owner: TestUser, kind: TKycDocumentKind, expiresOn: string | null) =>
    insertKycDocument(t.handle.db, owner.id, kind, { expiresOn, now: clock.now() });
  /** A member verified at tier 1 by two admins, with an identity document that expires on `expiresOn`. */
  async function verifiedMember(expiresOn: string | null, balanceCents = 0): Promise<TestUser> {
    const m = await insertUser(t.handle.db, { firstName: 'Maria', balanceCents });
    const sub = await as(m).kyc.submit({
      tier: 1,
      legalName: 'Maria User',
      dateOfBirth: '1990-04-21',
      address: '1 Rua Augusta, Lisbon',
      documentIds: [await doc(m, 'identity', expiresOn)],
    });
    await as(a1).kyc.review({ id: sub.id, decision: 'approve', reason: '' });
    expect((await as(a2).kyc.review({ id: sub.id, decision: 'approve', reason: '' })).status).toBe('approved');
    expect((await as(m).kyc.status()).tier).toBe(1);
    return m;
  }
  const withdrawalStatus = async (id: string) =>
    (await t.handle.db.selectFrom('withdrawals').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  beforeAll(async () => {
    clock = new ManualClock('2026-06-01T10:00:00.000Z');
    t = await startTestApp({ clock });
    a1 = await insertUser(t.handle.db, { accountType: 'admin' });
    a2 = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(() => t.close());

  it('an expired identity document: nothing before its day, then tier 0, a retry for it, and an approved withdrawal back in review', async () => {
    const m = await verifiedMember('2026-06-10', 500_00);
    const w = await as(m).withdrawal.request({
      amount: 100,
      method: 'bank',
      details: DETAILS.bank,
      idempotencyKey: newKey(),
    });
    expect((await as(a1).withdrawal.review({ id: w.id, decision: 'approve' })).status).toBe('approved');

    // The document is valid through 2026-06-10: the job finds nothing until the day after.
    clock.set('2026-06-10T23:00:00.000Z');
    await returnExpiredDocuments({ db: t.handle.db, config: t.config, clock });
    expect((await as(m).kyc.status()).tier).toBe(1);

    clock.advanceMs(DAY_MS);
    expect(await returnExpiredDocuments({ db: t.handle.db, config: t.config, clock })).toBeGreaterThanOrEqual(1);
    const status = await as(m).kyc.status();
    expect(status.tier).toBe(0);
    expect(status.limits).toMatchObject({ dailyUsd: '0.00', monthlyUsd: '0.00' });
    const identity = status.items.find((i) => i.item === 'identity');
    expect(identity).toMatchObject({ state: 'send_again' });
    expect(identity?.reason).toBe('This document has expired: please send a valid one.');
    // Tier 0 lets nothing leave: the approved, unsent withdrawal goes back to review, its money still held.
    expect(await withdrawalStatus(w.id)).toBe('pending');
    const notices = JSON.stringify(await as(m).notification.list({}));
    expect(notices).toContain('Your identity needs checking again');
    // The platform did it, audited by ids.
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['actor_id', 'after'])
      .where('action', '=', 'kyc.return_to_review')
      .execute();
    expect(audit.filter((r) => JSON.stringify(r.after).includes(m.id))).toEqual([
      { actor_id: null, after: { userId: m.id, tier: 0, item: 'identity', cause: 'document_expired' } },
    ]);

    // A second run (the next day) does nothing more for this member.
    clock.advanceMs(DAY_MS);
    await returnExpiredDocuments({ db: t.handle.db, config: t.config, clock });
    const again = await t.handle.db
      .selectFrom('kyc_applications')
      .select('status')
      .where('user_id', '=', m.id)
      .where('status', '=', 'retry')
      .execute();
    expect(again).toHaveLength(1);
  });

  it('a document without an expiry date never expires', async () => {
    const m = await verifiedMember(null);
    clock.advanceMs(400 * DAY_MS);
    await returnExpiredDocuments({ db: t.handle.db, config: t.config, clock });
    expect((await as(m).kyc.status()).tier).toBe(1);
  });

  it("a name that leaves the verified legal name (the member's or an admin's edit) returns them to review for it; letter case or part of it does not", async () => {
    const m = await verifiedMember(null);
    const profile = { country: 'Portugal', city: 'Lisbon' };
    await as(m).profile.update({ firstName: 'maria ', lastName: 'USER', ...profile });
    expect((await as(m).kyc.status()).tier).toBe(1);
    await as(m).profile.update({ firstName: 'Maria', lastName: 'Maria', ...profile }); // words of the legal name
    expect((await as(m).kyc.status()).tier).toBe(1);
    await as(m).profile.update({ firstName: 'Maria', lastName: 'Other', ...profile });
    const status = await as(m).kyc.status();
    expect(status.tier).toBe(0);
    expect(status.items.find((i) => i.item === 'legal_name')).toMatchObject({
      state: 'send_again',
      reason: 'Your name no longer matches your verified legal name: please verify your identity again.',
    });

    const n = await verifiedMember(null);
    await as(a1).user.update({ id: n.id, lastName: 'Renamed' });
    expect((await as(n).kyc.status()).tier).toBe(0);
  });
});
