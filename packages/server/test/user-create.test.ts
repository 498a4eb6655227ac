import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbHandle } from '../src/db/create-db.ts';
import { AppError } from '../src/lib/errors.ts';
import { createOrPromoteAdmin } from '../src/modules/user/user.admin-bootstrap.ts';
import { insertAccount, type NewAccount } from '../src/modules/user/user.create.ts';
import { insertUser } from '../src/test/factories.ts';
import { createTestDb } from '../src/test/test-db.ts';

const account = (email: string): NewAccount => ({
  firstName: 'Race',
  lastName: 'Condition',
  country: 'Portugal',
  city: 'Lisbon',
  email,
  passwordHash: 'not-a-real-hash',
  accountType: 'user',
  referredBy: null,
});

describe('account creation rules below the procedures', () => {
  let handle: DbHandle;
  let db: Database;
  beforeAll(async () => {
    handle = await createTestDb();
    db = handle.db;
  });
  afterAll(() => handle.close());

  it('turns the unique-violation race on the email (past the pre-check) into the same 409', async () => {
    await insertAccount(db, account('twice@example.com'));
    const second = insertAccount(db, account('TWICE@example.com'));
    await expect(second).rejects.toBeInstanceOf(AppError);
    await expect(second).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists.',
    });
  });

  it('retries with a new referral code when the first one is taken', async () => {
    const existing = await insertUser(db);
    const codes = [existing.referral_code, 'FRESH234'];
    const row = await insertAccount(db, account('collision@example.com'), () => codes.shift()!);
    expect(row.referral_code).toBe('FRESH234');
  });

  it('create-admin creates a new admin with the given password, or (with promote only) promotes a user keeping theirs', async () => {
    let asked = 0;
    const created = await createOrPromoteAdmin(db, 'New.Admin@Example.com', async () => {
      asked++;
      return 'admin password 1';
    });
    expect(created).toMatchObject({
      outcome: 'created',
      user: { email: 'new.admin@example.com', accountType: 'admin', firstName: 'New admin', lastName: 'Admin' },
    });
    expect(asked).toBe(1);
    // #34: two administrators are not both "Admin User": each has the name given, or its email's.
    const named = await createOrPromoteAdmin(db, 'ops@example.com', async () => 'admin password 2', {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(named.user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });

    const user = await insertUser(db);
    const noPassword = async (): Promise<string> => {
      throw new Error('must not ask for a password when promoting');
    };
    // Without promote, an existing account is refused and left as it was.
    const refused = await createOrPromoteAdmin(db, user.email, noPassword);
    expect(refused).toMatchObject({
      outcome: 'refused',
      createdVia: 'sign-up',
      user: { id: user.id, accountType: 'user', version: user.version },
    });
    const promoted = await createOrPromoteAdmin(db, user.email.toUpperCase(), noPassword, { promote: true });
    expect(promoted).toMatchObject({
      outcome: 'promoted',
      user: { id: user.id, accountType: 'admin', version: user.version + 1 },
    });
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBe(user.password_hash);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', user.id)
      .execute();
    expect(audit).toEqual([{ action: 'user.promote_admin', actor_id: null }]);

    expect((await createOrPromoteAdmin(db, user.email, async () => '')).outcome).toBe('unchanged');
    await expect(createOrPromoteAdmin(db, 'not an email', async () => 'x')).rejects.toThrow(
      'Email must be a valid email address',
    );
  });
});
