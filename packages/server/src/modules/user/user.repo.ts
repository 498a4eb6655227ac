import { type Kysely, sql } from 'kysely';
import type { DB, NewUser, UserPatch, UserRow } from '../../db/schema.ts';

type Executor = Kysely<DB>;

/** Every users column that may leave the server (the password hash is not one of them). */
export const PUBLIC_USER_COLUMN_NAMES = [
  'id',
  'first_name',
  'last_name',
  'country',
  'city',
  'email',
  'account_type',
  'profile_picture',
  'version',
  'referral_code',
  'referred_by',
  'disabled_at',
  'two_factor_enabled_at',
  'email_verified_at',
  'closed_at',
  'locale',
  'theme',
  'created_at',
] as const satisfies ReadonlyArray<keyof UserRow>;

/**
 * The member's USD balance (their available money in the journal, integer cents), as a column of a users
 * query: `users` names the users table in it (its alias when joined).
 */
export function balanceCentsColumn(users = 'users') {
  return sql<number>`coalesce((select la.balance from ledger_accounts la where la.user_id = ${sql.ref(`${users}.id`)} and la.kind = 'available' and la.asset = 'USD'), 0)::bigint`.as(
    'balance_cents',
  );
}

/** What a user query selects for the wire: the public columns and the USD balance. */
export const PUBLIC_USER_COLUMNS = [...PUBLIC_USER_COLUMN_NAMES, balanceCentsColumn()];

export type PublicUserRow = Pick<UserRow, (typeof PUBLIC_USER_COLUMN_NAMES)[number]> & { balance_cents: number };

/** One user by id, without the password hash. */
export function findUserById(db: Executor, id: string): Promise<PublicUserRow | undefined> {
  return db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Same, locking the row until the transaction ends. */
export function findUserByIdForUpdate(db: Executor, id: string): Promise<PublicUserRow | undefined> {
  return db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** One user by email (emails are stored lower-cased; the lookup is case-insensitive anyway). */
export function findUserByEmail(db: Executor, email: string): Promise<PublicUserRow | undefined> {
  return db
    .selectFrom('users')
    .select(PUBLIC_USER_COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** What a login needs: the id, the stored hash and whether the account is disabled, nothing else. */
export function findCredentialsByEmail(
  db: Executor,
  email: string,
): Promise<Pick<UserRow, 'id' | 'password_hash' | 'disabled_at'> | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** The id of the user owning a referral code (codes are stored upper-case). */
export function findUserIdByReferralCode(db: Executor, code: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('users')
    .select('id')
    .where('referral_code', '=', code.toUpperCase())
    .where('closed_at', 'is', null)
    .executeTakeFirst();
}

/** Inserts a user and returns its public columns. */
export function insertUser(db: Executor, user: NewUser): Promise<PublicUserRow> {
  return db.insertInto('users').values(user).returning(PUBLIC_USER_COLUMNS).executeTakeFirstOrThrow();
}

/** `text` as a LIKE prefix pattern: its own %, _ and backslash match themselves. */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Which page of users: a keyset on `seq` in either direction, optionally a prefix search or a set of ids. */
export interface UserPageFilter {
  search?: string | undefined;
  ids?: readonly string[] | undefined;
  order: 'newest' | 'oldest';
  /** The last seq of the previous page. */
  afterSeq?: number | undefined;
  limit: number;
}

/**
 * One page of users (`limit + 1` rows: the extra one tells there is more). The search matches the start of
 * the email, the last name or "first last", case-insensitive; each is served by a text_pattern_ops index.
 */
export function listUsersPage(db: Executor, filter: UserPageFilter): Promise<(PublicUserRow & { seq: number })[]> {
  const newest = filter.order === 'newest';
  let q = db.selectFrom('users').select([...PUBLIC_USER_COLUMNS, 'seq']);
  if (filter.search) {
    const p = likePrefix(filter.search);
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, 'like', p),
        eb(sql`lower(last_name)`, 'like', p),
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', p),
      ]),
    );
  }
  if (filter.ids) q = filter.ids.length ? q.where('id', 'in', [...filter.ids]) : q.where(sql<boolean>`false`);
  if (filter.afterSeq !== undefined) q = q.where('seq', newest ? '<' : '>', filter.afterSeq);
  return q
    .orderBy('seq', newest ? 'desc' : 'asc')
    .limit(filter.limit + 1)
    .execute();
}

/**
 * Applies `patch` and bumps the version only if the row still has `version` (optimistic concurrency).
 * Undefined when the row is missing or was changed meanwhile.
 */
export function updateUserIfVersion(
  db: Executor,
  id: string,
  version: number,
  patch: UserPatch,
  now: Date,
): Promise<PublicUserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(PUBLIC_USER_COLUMNS)
    .executeTakeFirst();
}

/** Changes the account type of an existing user and bumps its version (create-admin). */
export function setAccountType(
  db: Executor,
  id: string,
  accountType: 'user' | 'admin',
  now: Date,
  /** An approved request's promotion (when, at whose request); null: the CLI or a demotion (no cooldown). */
  grant: { at: Date; by: string } | null = null,
): Promise<PublicUserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({
      account_type: accountType,
      admin_granted_at: grant?.at ?? null,
      admin_granted_by: grant?.by ?? null,
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .returning(PUBLIC_USER_COLUMNS)
    .executeTakeFirst();
}

/** Disables (`at` a time) or re-enables (null) an account and bumps its version. */
export function setDisabledAt(
  db: Executor,
  id: string,
  at: Date | null,
  now: Date,
): Promise<PublicUserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({ disabled_at: at, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .returning(PUBLIC_USER_COLUMNS)
    .executeTakeFirst();
}

/** Ids of every admin, locked, so two concurrent demotions cannot both see "another admin is left". */
export function lockAdminIds(db: Executor): Promise<{ id: string }[]> {
  return db.selectFrom('users').select('id').where('account_type', '=', 'admin').orderBy('id').forUpdate().execute();
}

/** How many users signed up with this user's referral code. */
export async function countReferredBy(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('referred_by', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stored password hash of one user (for a password check), nothing else. */
export function findPasswordHashById(db: Executor, id: string): Promise<{ password_hash: string } | undefined> {
  return db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
}

/** Sets a new password hash and bumps the version. */
export async function setPasswordHash(db: Executor, id: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();
}

/**
 * #33: the password, the email address or two-factor sign-in changed at `now`: withdrawal requests wait
 * SECURITY_HOLD_HOURS from here (kyc/kyc.hold.ts).
 */
export async function markSecurityChange(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ security_changed_at: now }).where('id', '=', id).execute();
}

/** Marks the address verified at `at` (unless it already is) and bumps the version; undefined if no such user. */
export function setEmailVerified(db: Executor, id: string, at: Date): Promise<PublicUserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)),
      version: eb('version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', id)
    .returning(PUBLIC_USER_COLUMNS)
    .executeTakeFirst();
}

/** Replaces the address with one the user just proved (verified at `now`) and bumps the version. */
export function setVerifiedEmail(
  db: Executor,
  id: string,
  email: string,
  now: Date,
): Promise<PublicUserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({ email, email_verified_at: now, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .returning(PUBLIC_USER_COLUMNS)
    .executeTakeFirst();
}

/** Saves the member's language (#22). */
export async function updateUserLocale(db: Executor, id: string, locale: UserRow['locale']): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', id).execute();
}

/** Saves the member's colour theme (#22). */
export async function updateUserTheme(db: Executor, id: string, theme: UserRow['theme']): Promise<void> {
  await db.updateTable('users').set({ theme }).where('id', '=', id).execute();
}
