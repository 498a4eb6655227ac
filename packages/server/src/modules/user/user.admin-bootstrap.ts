import { type TUser, ZEmail, ZPassword } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { AppError, describeZodError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { insertAccount } from './user.create.ts';
import { toPublicUser } from './user.mapper.ts';
import { findUserByEmail, setAccountType } from './user.repo.ts';

export interface CreateAdminResult {
  /** created: a new admin account; promoted: an existing user became admin; unchanged: already an admin. */
  outcome: 'created' | 'promoted' | 'unchanged';
  user: TUser;
}

/**
 * `pnpm cli create-admin`: makes `email` an administrator. An existing account is promoted and keeps its
 * password; only a new account asks for one (so `getPassword` may prompt).
 */
export async function createOrPromoteAdmin(
  db: Database,
  rawEmail: string,
  getPassword: () => Promise<string>,
): Promise<CreateAdminResult> {
  const emailParsed = ZEmail.safeParse(rawEmail);
  if (!emailParsed.success) throw new AppError('BAD_INPUT', describeZodError(emailParsed.error));
  const email = emailParsed.data;

  const existing = await findUserByEmail(db, email);
  if (existing?.account_type === 'admin') return { outcome: 'unchanged', user: toPublicUser(existing) };
  if (existing) {
    const user = await db.transaction().execute(async (trx) => {
      const row = await setAccountType(trx, existing.id, 'admin');
      if (!row)
        throw new AppError(
          'NOT_FOUND',
          `The account ${email} disappeared while being promoted; run the command again.`,
        );
      const after = toPublicUser(row);
      await recordAudit(trx, {
        actorId: null,
        action: 'user.promote_admin',
        entityType: 'user',
        entityId: row.id,
        before: toPublicUser(existing),
        after,
      });
      return after;
    });
    return { outcome: 'promoted', user };
  }

  const passwordParsed = ZPassword.safeParse(await getPassword());
  if (!passwordParsed.success) throw new AppError('BAD_INPUT', describeZodError(passwordParsed.error));
  const row = await insertAccount(db, {
    firstName: 'Admin',
    lastName: 'User',
    country: 'Not set',
    city: 'Not set',
    email,
    passwordHash: await hashPassword(passwordParsed.data),
    accountType: 'admin',
    referredBy: null,
  });
  const user = toPublicUser(row);
  await recordAudit(db, {
    actorId: null,
    action: 'user.create_admin',
    entityType: 'user',
    entityId: row.id,
    before: null,
    after: user,
  });
  return { outcome: 'created', user };
}
