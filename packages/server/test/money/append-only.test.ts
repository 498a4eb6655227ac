import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { pgErrorCode } from '../../src/lib/errors.ts';
import { callerAs, insertUser, approveAs, secondAdmin } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';

/** The error a statement fails with (the test fails if it succeeds). */
async function refusal(p: Promise<unknown>): Promise<{ code: string | undefined; message: string }> {
  try {
    await p;
  } catch (e) {
    return { code: pgErrorCode(e), message: (e as Error).message };
  }
  throw new Error('expected the database to refuse the statement, but it succeeded');
}

// The ledger and the audit log are a permanent record: the database refuses to change or delete their rows
// through the application's own handle (the role and connection the product runs with), on PGlite and
// PostgreSQL alike; and who acted is never set to null.
describe('ledger and audit log are append-only in the database', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  const snapshot = async () => ({
    ledger: await t.handle.db.selectFrom('ledger_entries').selectAll().orderBy('seq').execute(),
    audit: await t.handle.db.selectFrom('audit_log').selectAll().orderBy('seq').execute(),
  });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    user = await insertUser(t.handle.db, { balanceCents: 50_00 });
    // An adjustment by the admin: one ledger entry and one audit record naming the admin as the actor.
    await approveAs(
      t,
      await secondAdmin(t),
      await callerAs(t, admin).user.update({ id: user.id, version: user.version, balance: 75, reason: 'goodwill' }),
    );
  });
  afterAll(() => t.close());

  it('UPDATE of a ledger entry fails in the database and changes nothing', async () => {
    const before = await snapshot();
    expect(before.ledger.length).toBe(2);
    // The journal's postings and movements (#29); the members' lines are a view of them.
    const err = await refusal(sql`update ledger_postings set amount = amount + 100000`.execute(t.handle.db));
    expect(err.code).toBe('23001');
    expect(err.message).toMatch(/ledger_postings is append-only: UPDATE is refused/);
    const viaKysely = await refusal(
      t.handle.db.updateTable('ledger_movements').set({ memo: 'rewritten' }).where('kind', '=', 'adjustment').execute(),
    );
    expect(viaKysely.code).toBe('23001');
    // The view over them cannot be written at all.
    expect((await refusal(sql`update ledger_entries set memo = 'rewritten'`.execute(t.handle.db))).message).toMatch(
      /cannot update view/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('DELETE from the audit log and from the ledger fails in the database', async () => {
    const before = await snapshot();
    expect(before.audit.length).toBe(3); // user.update, approval.propose, approval.approve (#27)
    const audit = await refusal(sql`delete from audit_log`.execute(t.handle.db));
    expect(audit).toMatchObject({ code: '23001', message: expect.stringMatching(/audit_log is append-only: DELETE/) });
    const ledger = await refusal(t.handle.db.deleteFrom('ledger_postings').execute());
    expect(ledger.code).toBe('23001');
    const movements = await refusal(t.handle.db.deleteFrom('ledger_movements').execute());
    expect(movements.code).toBe('23001');
    const auditUpdate = await refusal(sql`update audit_log set actor_id = null`.execute(t.handle.db));
    expect(auditUpdate.code).toBe('23001');
    expect(await snapshot()).toEqual(before);
  });

  it('TRUNCATE of either table fails in the database', async () => {
    const before = await snapshot();
    expect((await refusal(sql`truncate ledger_postings`.execute(t.handle.db))).code).toBe('23001');
    expect((await refusal(sql`truncate ledger_movements cascade`.execute(t.handle.db))).code).toBe('23001');
    expect((await refusal(sql`truncate audit_log`.execute(t.handle.db))).code).toBe('23001');
    expect(await snapshot()).toEqual(before);
  });

  it('a user named as an actor cannot be deleted: the actor is kept, never set to null', async () => {
    const before = await snapshot();
    // The adjustment's ledger entry names the admin who approved it (#27).
    const approver = await secondAdmin(t);
    const err = await refusal(t.handle.db.deleteFrom('users').where('id', '=', approver.id).execute());
    // Refused by the foreign key itself (RESTRICT), before any SET NULL could try to rewrite a record.
    // (23001 restrict_violation on newer PostgreSQL, as PGlite; 23503 foreign_key_violation on older.)
    expect(['23001', '23503']).toContain(err.code);
    expect(err.message).toMatch(
      /foreign key constraint "(ledger_movements_actor_id|audit_log_actor_id|approvals_decided_by)_fkey"/,
    );
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(after.ledger.filter((l) => l.actor_id === approver.id)).toHaveLength(1);
    expect(after.audit.map((a) => a.actor_id)).toEqual([admin.id, admin.id, approver.id]);
    expect(await t.handle.db.selectFrom('users').select('id').where('id', '=', approver.id).execute()).toHaveLength(1);
  });

  it('inserting stays possible: money still moves', async () => {
    const { version } = await t.handle.db
      .selectFrom('users')
      .select('version')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await approveAs(
      t,
      await secondAdmin(t),
      await callerAs(t, admin).user.update({ id: user.id, version, balance: 80, reason: 'second edit' }),
    );
    const { ledger, audit } = await snapshot();
    expect(ledger).toHaveLength(3);
    // Per edit: user.update, approval.propose and approval.approve (#27).
    expect(audit).toHaveLength(6);
  });
});
