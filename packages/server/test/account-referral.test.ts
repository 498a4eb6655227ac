import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { insertUser } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { signupFields } from './support/fixtures.ts';
import { sessionFor, trpcData, trpcError, trpcMutation, trpcQuery } from './support/http.ts';

const details = {
  accountNumber: 'PT50 0002 0123 1234 5678 9015 4',
  bankName: 'Banco Teste',
  accountHolder: 'Vestora Ltd',
};

describe('account.get / account.update', () => {
  let t: TestApp;
  let adminCookie: string;
  let secondCookie: string;
  let userCookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    adminCookie = await sessionFor(t, await insertUser(t.handle.db, { accountType: 'admin' }));
    secondCookie = await sessionFor(t, await insertUser(t.handle.db, { accountType: 'admin' }));
    userCookie = await sessionFor(t, await insertUser(t.handle.db));
  });
  afterAll(() => t.close());

  it('answers 404 with a helpful message before an admin has set the record up', async () => {
    const err = trpcError(await trpcQuery(t.app, 'account.get', undefined, userCookie));
    expect(err).toMatchObject({ status: 404 });
    expect(err.message).toMatch(/not been set up yet/);
  });

  /** One admin proposes, a second approves (#27); answers the record the approval made. */
  const setAccount = async (fields: typeof details) => {
    const proposed = trpcData(await trpcMutation(t.app, 'account.update', fields, adminCookie));
    expect(proposed.approval).toMatchObject({ status: 'pending' });
    trpcData(await trpcMutation(t.app, 'approval.approve', { id: proposed.approval.id }, secondCookie));
    return trpcData(await trpcQuery(t.app, 'account.get', undefined, userCookie));
  };

  it('an admin proposes, a second approves: the one record is created, then updated; users read it; audited', async () => {
    const created = await setAccount(details);
    expect(created).toMatchObject(details);
    const changed = await setAccount({ ...details, bankName: 'Other Bank' });
    expect(changed).toMatchObject({ id: created.id, bankName: 'Other Bank' });
    expect(trpcData(await trpcQuery(t.app, 'account.get', undefined, userCookie))).toEqual(changed);
    const rows = await t.handle.db.selectFrom('deposit_account').select('id').execute();
    expect(rows).toEqual([{ id: created.id }]);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_type', '=', 'deposit_account')
      .orderBy('seq')
      .execute();
    expect(audit).toEqual([
      { action: 'account.update', before: null, after: created },
      { action: 'account.update', before: created, after: changed },
    ]);
  });

  it('refuses users (403), anonymous callers (401), blanks and unknown keys (400)', async () => {
    expect(trpcError(await trpcMutation(t.app, 'account.update', details, userCookie)).status).toBe(403);
    expect(trpcError(await trpcQuery(t.app, 'account.get')).status).toBe(401);
    const blank = await trpcMutation(t.app, 'account.update', { ...details, bankName: '  ' }, adminCookie);
    expect(trpcError(blank)).toMatchObject({ status: 400, message: 'bankName: Bank name is required' });
    const extra = await trpcMutation(t.app, 'account.update', { ...details, iban: 'x' }, adminCookie);
    expect(trpcError(extra)).toMatchObject({ status: 400, message: 'Unknown field(s): iban' });
  });
});

describe('referral.get', () => {
  let t: TestApp;
  let self: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://invest.example/' } });
    [self, other, admin] = [
      await insertUser(t.handle.db),
      await insertUser(t.handle.db),
      await insertUser(t.handle.db, { accountType: 'admin' }),
    ];
  });
  afterAll(() => t.close());

  it('answers the code, the PUBLIC_URL link and how many signed up through it', async () => {
    const cookie = await sessionFor(t, self);
    const before = trpcData(await trpcQuery(t.app, 'referral.get', { userId: self.id }, cookie));
    expect(before).toEqual({
      userId: self.id,
      referralCode: self.referral_code,
      referralLink: `https://invest.example/create-account?ref=${self.referral_code}`,
      referredCount: 0,
    });
    trpcData(await trpcMutation(t.app, 'user.signup', { ...signupFields(), ref: self.referral_code }));
    expect(trpcData(await trpcQuery(t.app, 'referral.get', { userId: self.id }, cookie)).referredCount).toBe(1);
  });

  it('is refused (403) for another user, allowed for an admin, 404 for an unknown user', async () => {
    const otherCookie = await sessionFor(t, other);
    const err = trpcError(await trpcQuery(t.app, 'referral.get', { userId: self.id }, otherCookie));
    expect(err).toMatchObject({ status: 403, message: 'You can only see your own referral details.' });
    const adminCookie = await sessionFor(t, admin);
    expect(trpcData(await trpcQuery(t.app, 'referral.get', { userId: self.id }, adminCookie)).referralCode).toBe(
      self.referral_code,
    );
    const missing = await trpcQuery(
      t.app,
      'referral.get',
      { userId: '00000000-0000-4000-8000-000000000000' },
      adminCookie,
    );
    expect(trpcError(missing).status).toBe(404);
    // A plain user probing an unknown id learns nothing: 403, not 404.
    expect(
      trpcError(await trpcQuery(t.app, 'referral.get', { userId: '00000000-0000-4000-8000-000000000000' }, otherCookie))
        .status,
    ).toBe(403);
  });
});
