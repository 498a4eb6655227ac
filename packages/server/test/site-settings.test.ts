/**
 * Issue 18: the operator's facts come from Site settings (public read, admin write, audited; nothing invented
 * until set), the Early Adopter badge reads the launch date from there, `site.config` says whether mail is sent
 * and what a referral pays, and the home figures count members only.
 */
import { randomUUID } from 'node:crypto';
import { CONTACT_RECEIVED_MESSAGE, NEWSLETTER_SUBSCRIBE_MESSAGE } from '@vestora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { adjustBalance, callerAs, insertUser } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { insertPlanRow } from './support/fixtures.ts';
import { sessionFor, trpcData, trpcError, trpcMutation, trpcQuery } from './support/http.ts';

const FACTS = {
  companyName: 'Vestora Ltd',
  registration: 'Company no. 123456, registered in England and Wales',
  address: '1 Example Street\nLondon',
  supportEmail: 'help@vestora.example',
  licence: '',
  launchDate: '2026-01-15',
};

describe('site settings', () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    member = await insertUser(t.handle.db, {});
  });
  afterAll(() => t.close());

  it('states nothing until an admin sets the facts', async () => {
    const res = await trpcQuery(t.app, 'site.settings');
    expect(trpcData(res)).toEqual({
      companyName: null,
      registration: null,
      address: null,
      supportEmail: null,
      licence: null,
      launchDate: null,
      mapUrl: null,
      updatedAt: null,
    });
  });

  it('refuses a visitor and a member, and a bad support address', async () => {
    expect(trpcError(await trpcMutation(t.app, 'site.updateSettings', FACTS)).status).toBe(401);
    const memberCookie = await sessionFor(t, member);
    expect(trpcError(await trpcMutation(t.app, 'site.updateSettings', FACTS, memberCookie)).status).toBe(403);
    const adminCookie = await sessionFor(t, admin);
    const bad = trpcError(
      await trpcMutation(t.app, 'site.updateSettings', { ...FACTS, supportEmail: 'not an address' }, adminCookie),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/Support email/);
    expect(trpcData(await trpcQuery(t.app, 'site.settings')).companyName).toBeNull();
  });

  it('an admin saves them (empty text is no fact), everyone reads them, and the change is audited', async () => {
    const adminCookie = await sessionFor(t, admin);
    const saved = trpcData(await trpcMutation(t.app, 'site.updateSettings', FACTS, adminCookie));
    expect(saved).toMatchObject({ ...FACTS, licence: null });
    const read = trpcData(await trpcQuery(t.app, 'site.settings'));
    expect(read).toMatchObject({ ...FACTS, licence: null });
    expect(typeof read.updatedAt).toBe('string');

    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'site.update_settings')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(admin.id);
    expect(audit[0]!.before).toMatchObject({ companyName: null });
    expect(audit[0]!.after).toMatchObject({ companyName: 'Vestora Ltd', launchDate: '2026-01-15' });
  });

  it('keeps a map link (https only) that Contact shows; a save without one keeps it, an empty one clears it', async () => {
    const adminCookie = await sessionFor(t, admin);
    for (const bad of ['javascript:alert(1)', 'http://maps.example/place', 'not a link']) {
      const refused = trpcError(
        await trpcMutation(t.app, 'site.updateSettings', { ...FACTS, mapUrl: bad }, adminCookie),
      );
      expect(refused.status, bad).toBe(400);
      expect(refused.message).toMatch(/Map link must be a web address starting with https/);
    }
    const url = 'https://www.openstreetmap.org/?mlat=51.5&mlon=-0.1#map=17/51.5/-0.1';
    expect(
      trpcData(await trpcMutation(t.app, 'site.updateSettings', { ...FACTS, mapUrl: url }, adminCookie)).mapUrl,
    ).toBe(url);
    expect(trpcData(await trpcQuery(t.app, 'site.settings')).mapUrl).toBe(url);
    // An older caller that does not know the field leaves it as it is.
    await trpcMutation(t.app, 'site.updateSettings', FACTS, adminCookie);
    expect(trpcData(await trpcQuery(t.app, 'site.settings')).mapUrl).toBe(url);
    const last = await t.handle.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'site.update_settings')
      .orderBy('created_at', 'desc')
      .limit(2)
      .execute();
    expect(last.some((r) => (r.after as { mapUrl?: string }).mapUrl === url)).toBe(true);
    await trpcMutation(t.app, 'site.updateSettings', { ...FACTS, mapUrl: '' }, adminCookie);
    expect(trpcData(await trpcQuery(t.app, 'site.settings')).mapUrl).toBeNull();
  });
});

describe('the Early Adopter badge reads the launch date from the settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is locked for everyone while no launch date is set, and earned by early accounts once it is', async () => {
    const admin = await insertUser(t.handle.db, { accountType: 'admin' });
    const early = await insertUser(t.handle.db, {});
    await t.handle.db
      .updateTable('users')
      .set({ created_at: new Date('2026-01-10T12:00:00Z') })
      .where('id', '=', early.id)
      .execute();
    const badge = async () => {
      const cookie = await sessionFor(t, early);
      const list = trpcData<{ key: string; earned: boolean; detail: string }[]>(
        await trpcQuery(t.app, 'reward.list', undefined, cookie),
      );
      return list.find((r) => r.key === 'early_adopter')!;
    };
    const before = await badge();
    expect(before.earned).toBe(false);
    expect(before.detail).toMatch(/not announced its launch date/);

    await callerAs(t, admin).site.updateSettings({
      companyName: null,
      registration: null,
      address: null,
      supportEmail: null,
      licence: null,
      launchDate: '2026-01-15',
    });
    const after = await badge();
    expect(after.earned).toBe(true);
    expect(after.detail).toMatch(/2026-01-15/);
  });
});

describe('site.config', () => {
  it('says mail is not sent without SMTP_URL, the referral reward the server pays and the upload limit', async () => {
    const t = await startTestApp({
      env: { REFERRAL_REWARD_PERCENT: '2.5', REFERRAL_REWARD_MAX: '40', KYC_MAX_UPLOAD_MB: '7' },
    });
    try {
      expect(trpcData(await trpcQuery(t.app, 'site.config'))).toEqual({
        mailEnabled: false,
        referral: { percent: 2.5, maxDollars: 40 },
        kycMaxUploadMb: 7,
      });
    } finally {
      await t.close();
    }
  });

  it('says mail is sent with SMTP_URL', async () => {
    const t = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      expect(trpcData(await trpcQuery(t.app, 'site.config')).mailEnabled).toBe(true);
      // With mail, the contact form and the newsletter promise what really happens: an email.
      const sent = trpcData(
        await trpcMutation(t.app, 'contact.send', {
          name: 'Ada',
          email: 'ada@example.com',
          message: 'A question about plans.',
        }),
      );
      expect(sent.message).toBe(CONTACT_RECEIVED_MESSAGE);
      const subscribed = trpcData(await trpcMutation(t.app, 'newsletter.subscribe', { email: 'reader@example.com' }));
      expect(subscribed.message).toBe(NEWSLETTER_SUBSCRIBE_MESSAGE);
    } finally {
      await t.close();
    }
  });
});

describe('home figures', () => {
  it('count members only: admins and their positions are not "accounts opened" or "investors"', async () => {
    const t = await startTestApp();
    try {
      const admin = await insertUser(t.handle.db, { accountType: 'admin' });
      const member = await insertUser(t.handle.db, {});
      const planId = await insertPlanRow(t.handle.db);
      await adjustBalance(t.handle.db, admin.id, 50_000, 'test');
      await adjustBalance(t.handle.db, member.id, 50_000, 'test');
      await callerAs(t, admin).investment.open({ planId, amount: 200, idempotencyKey: randomUUID() });
      await callerAs(t, member).investment.open({ planId, amount: 150, idempotencyKey: randomUUID() });
      expect(trpcData(await trpcQuery(t.app, 'overview.home'))).toMatchObject({
        accounts: 1,
        activeInvestors: 1,
        amountInvested: 150,
      });
    } finally {
      await t.close();
    }
  });
});

describe('profile.update', () => {
  it("changes the member's own name, country and city, audited; a blank name is refused", async () => {
    const t = await startTestApp();
    try {
      const member = await insertUser(t.handle.db, { firstName: 'Old' });
      const cookie = await sessionFor(t, member);
      const bad = trpcError(
        await trpcMutation(
          t.app,
          'profile.update',
          { firstName: ' ', lastName: 'X', country: 'PT', city: 'Porto' },
          cookie,
        ),
      );
      expect(bad.status).toBe(400);
      const input = { firstName: 'New', lastName: 'Name', country: 'Portugal', city: 'Porto' };
      expect(trpcData(await trpcMutation(t.app, 'profile.update', input, cookie))).toEqual({ ok: true });
      const session = trpcData(await trpcQuery(t.app, 'user.session', undefined, cookie));
      expect(session).toMatchObject(input);
      const audit = await t.handle.db
        .selectFrom('audit_log')
        .select(['actor_id', 'before', 'after'])
        .where('action', '=', 'user.update_profile')
        .executeTakeFirstOrThrow();
      expect(audit.actor_id).toBe(member.id);
      expect(audit.before).toMatchObject({ firstName: 'Old' });
      expect(audit.after).toMatchObject(input);
    } finally {
      await t.close();
    }
  });
});
