import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMemberZip } from '../../src/modules/dataexport/dataexport.builder.ts';
import { documentLink } from '../../src/modules/kyc/kyc.links.ts';
import { eraseDueIdentityRecords } from '../../src/modules/kyc/kyc.retention.ts';
import { insertUser, TEST_PASSWORD, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { dumpTables } from '../../src/test/table-dump.ts';
import { sessionFor, trpcMutation } from '../support/http.ts';
import { jpegWithGps, MULTIPART_TYPE, multipartBody } from './files.ts';

// #33: closing keeps identity records (restricted) for KYC_RETENTION_YEARS (5), then the job erases the files and
// the personal data, leaving no name, date of birth or address in any table; "Download my data" has them all
// (documents decrypted) and never a reviewer's note.

const DAY = 24 * 60 * 60 * 1000;

describe('identity records: retention after closing, and the data export (#33)', () => {
  let t: TestApp;
  const clock = new ManualClock('2026-12-03T10:00:00.000Z');
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await insertUser(t.handle.db, { accountType: 'admin', firstName: 'Ada' });
  });
  afterAll(() => t.close());

  /** A member with an uploaded document, verified details and an application reviewed with a note. */
  async function memberWithRecords(tag: string) {
    const member = await insertUser(t.handle.db, { firstName: `M${tag}` });
    const cookie = await sessionFor(t, member);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/kyc/documents',
      headers: { 'content-type': MULTIPART_TYPE, cookie },
      payload: multipartBody({ kind: 'identity' }, { name: 'passport.jpg', type: 'image/jpeg', bytes: jpegWithGps() }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const documentId = upload.json<{ id: string }>().id;
    const details = {
      legal_name: `Jane ${tag} Doevskaya`,
      date_of_birth: '1987-06-05',
      address: `42 Retention Lane ${tag}, Porto`,
    };
    await t.handle.db
      .insertInto('kyc_members')
      .values({ user_id: member.id, tier: 1, ...details })
      .execute();
    const applicationId = randomUUID();
    await t.handle.db
      .insertInto('kyc_applications')
      .values({
        id: applicationId,
        user_id: member.id,
        tier: 1,
        status: 'retry',
        ...details,
        document_ids: [documentId],
        retry_item: 'identity',
        member_reason: `The photo of ${details.legal_name} is blurred`,
        submitted_at: clock.now(),
      })
      .execute();
    await t.handle.db
      .insertInto('kyc_reviews')
      .values({
        id: randomUUID(),
        application_id: applicationId,
        reviewer_id: admin.id,
        decision: 'retry',
        reason: 'blurred',
        note: `REVIEWER-NOTE-${tag}: looks like ${details.legal_name}`,
      })
      .execute();
    return { member, cookie, documentId, details, applicationId };
  }

  const hasText = async (needles: string[]) => {
    const dump = JSON.stringify(await dumpTables(t.handle.db));
    return needles.filter((n) => dump.includes(n));
  };

  it('"Download my data" holds the identity details, applications with reasons, and the documents; no notes', async () => {
    const { member, cookie, documentId, details } = await memberWithRecords('x');
    const served = await t.app.inject({
      method: 'GET',
      url: documentLink(t.config, { documentId, viewerId: member.id }, clock.now())!,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);

    const built = await buildMemberZip(t.app.deps, member.id);
    const files = unzipSync(built!.zip);
    const names = Object.keys(files);
    const doc = names.find((n) => n.endsWith(`identity_documents/${documentId}.jpg`));
    expect(doc, names.join('\n')).toBeDefined();
    // The document decrypted: the same bytes the member is served (metadata stripped).
    expect(Buffer.from(files[doc!]!).equals(served.rawPayload)).toBe(true);
    const text = (suffix: string) => strFromU8(files[names.find((n) => n.endsWith(suffix))!]!);
    expect(JSON.parse(text('/identity.json'))).toEqual([expect.objectContaining({ tier: 1, ...details })]);
    const applications = JSON.parse(text('/identity_applications.json'));
    expect(applications).toEqual([
      expect.objectContaining({
        status: 'retry',
        retry_item: 'identity',
        member_reason: expect.stringContaining('blurred'),
      }),
    ]);
    expect(JSON.parse(text('/identity_documents.json'))).toEqual([
      expect.objectContaining({ id: documentId, kind: 'identity', mime: 'image/jpeg' }),
    ]);
    const everything = names.map((n) => Buffer.from(files[n]!).toString('latin1')).join('\n');
    expect(everything).not.toContain('REVIEWER-NOTE');
    expect(everything).not.toContain('storage_key');
  });

  it('closing keeps the records for admins only; the job erases them after 5 years, not before', async () => {
    const { member, documentId, details } = await memberWithRecords('y');
    const row = await t.handle.db
      .selectFrom('kyc_documents')
      .selectAll()
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    const file = path.join(t.config.KYC_STORAGE_DIR!, row.storage_key.slice(0, 2), row.storage_key);
    expect(existsSync(file)).toBe(true);

    const closedAt = clock.now();
    const closed = await trpcMutation(
      t.app,
      'user.close',
      { currentPassword: TEST_PASSWORD },
      await sessionFor(t, member),
    );
    expect(closed.statusCode, closed.body).toBe(200);
    const kept = await t.handle.db
      .selectFrom('kyc_members')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ ...details, personal_data_erased_at: null });
    expect(new Date(kept.relationship_ended_at!).getTime()).toBe(closedAt.getTime());

    // Restricted: the closed member (even with a session made directly) cannot open it; an admin can.
    const memberCookie = await sessionFor(t, member);
    const asMember = await t.app.inject({
      method: 'GET',
      url: documentLink(t.config, { documentId, viewerId: member.id }, clock.now())!,
      headers: { cookie: memberCookie },
    });
    expect([401, 404]).toContain(asMember.statusCode);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: documentLink(t.config, { documentId, viewerId: admin.id }, clock.now())!,
      headers: { cookie: await sessionFor(t, admin) },
    });
    expect(asAdmin.statusCode).toBe(200);

    // A day short of five years: nothing goes.
    clock.set(new Date(closedAt.getTime() + 5 * 365 * DAY)); // 2031-12-02 (2028 is a leap year)
    expect(await eraseDueIdentityRecords(t.app.deps)).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(await hasText([details.legal_name, details.address])).toEqual([details.legal_name, details.address]);

    // Five years after closing: the file and the personal data are gone, in every table.
    clock.set(new Date('2031-12-03T10:00:01.000Z'));
    expect(await eraseDueIdentityRecords(t.app.deps)).toBe(1);
    expect(existsSync(file)).toBe(false);
    const after = await t.handle.db
      .selectFrom('kyc_members')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ legal_name: null, date_of_birth: null, address: null, tier: 1 });
    expect(after.personal_data_erased_at).not.toBeNull();
    const doc = await t.handle.db
      .selectFrom('kyc_documents')
      .select('deleted_at')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(doc.deleted_at).not.toBeNull();
    // 'x' (the export test's member) did not close: their records stay.
    expect(await hasText([details.legal_name, details.address, 'REVIEWER-NOTE-y', 'Retention Lane y'])).toEqual([]);
    expect(await hasText(['Jane x Doevskaya'])).toEqual(['Jane x Doevskaya']);
    // Nobody's date of birth is left for the erased member (the other member's row still has theirs).
    const births = await t.handle.db
      .selectFrom('kyc_applications')
      .select('date_of_birth')
      .where('user_id', '=', member.id)
      .execute();
    expect(births).toEqual([{ date_of_birth: null }]);
    // The audit rows KYC code wrote name ids only.
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'in', ['kyc.retention_erase', 'kyc.document_view'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['kyc.document_view', 'kyc.retention_erase']);
    const auditText = JSON.stringify(audit);
    for (const word of ['Jane', 'Doevskaya', '1987-06-05', 'Retention Lane', 'Porto'])
      expect(auditText).not.toContain(word);
    const erase = audit.find((a) => a.action === 'kyc.retention_erase')!;
    expect(erase).toMatchObject({ actor_id: null, entity_type: 'kyc_member', entity_id: member.id });
    expect(erase.after).toEqual({ userId: member.id, documentIds: [documentId], retentionYears: 5 });

    // Once: a second run finds nothing.
    expect(await eraseDueIdentityRecords(t.app.deps)).toBe(0);
  });
});
