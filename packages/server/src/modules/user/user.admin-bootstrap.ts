import { tr } from '@vestora/contract';
import { type TUser, ZEmail, ZPassword } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { type Clock, systemClock } from '../../clock.ts';
import { AppError, describeZodError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { hasAuditEntry, recordAudit } from '../audit/audit.repo.ts';
import { endSessionsOfUser } from '../session/session.service.ts';
import { insertAccount } from './user.create.ts';
import { toPublicUser } from './user.mapper.ts';
import { findUserByEmail, setAccountType } from './user.repo.ts';

export type CreateAdminResult =
  /** created: a new admin account; promoted: an existing user became admin; unchanged: already an admin. */
  | { outcome: 'created' | 'promoted' | 'unchanged'; user: TUser; sessionsEnded?: number }
  /** refused: the email belongs to an existing user and `promote` was not asked for; nothing changed. */
  | { outcome: 'refused'; user: TUser; createdVia: AccountOrigin };

/** How an account came to be, as far as the database can tell. */
export type AccountOrigin = 'create-admin' | 'sign-up';

/**
 * `pnpm cli create-admin`: makes `email` an administrator. A new account asks for a password (so
 * `getPassword` may prompt). An existing plain account is only promoted when `promote` is set: otherwise
 * anyone who signed up with the operator's email before the operator ran this would become an admin with
 * their own password. The refusal says when and how that account was created. A promotion keeps the
 * password and ends every session the account had.
 */
export async function createOrPromoteAdmin(
  db: Database,
  rawEmail: string,
  getPassword: () => Promise<string>,
  opts: { promote?: boolean; clock?: Clock; firstName?: string; lastName?: string } = {},
): Promise<CreateAdminResult> {
  const emailParsed = ZEmail.safeParse(rawEmail);
  if (!emailParsed.success) throw new AppError('BAD_INPUT', describeZodError(emailParsed.error));
  const email = emailParsed.data;

  const existing = await findUserByEmail(db, email);
  if (existing?.account_type === 'admin') return { outcome: 'unchanged', user: toPublicUser(existing) };
  if (existing && !opts.promote) {
    const byCli = await hasAuditEntry(db, existing.id, 'user.create_admin');
    return { outcome: 'refused', user: toPublicUser(existing), createdVia: byCli ? 'create-admin' : 'sign-up' };
  }
  if (existing) {
    return db.transaction().execute(async (trx) => {
      const row = await setAccountType(trx, existing.id, 'admin', (opts.clock ?? systemClock).now());
      if (!row)
        throw new AppError(
          'NOT_FOUND',
          tr(
            'admin.promotedAccountGone',
            'The account {email} disappeared while being promoted; run the command again.',
            {
              email,
            },
          ),
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
      const sessionsEnded = await endSessionsOfUser(trx, row.id, { actorId: null, reason: 'promoted_by_cli' });
      return { outcome: 'promoted' as const, user: after, sessionsEnded };
    });
  }

  const passwordParsed = ZPassword.safeParse(await getPassword());
  if (!passwordParsed.success) throw new AppError('BAD_INPUT', describeZodError(passwordParsed.error));
  const row = await insertAccount(db, {
    // Each administrator by their own name (#34: every one read "Admin User"); without one, the email's local part.
    firstName: opts.firstName?.trim() || nameFromEmail(email),
    lastName: opts.lastName?.trim() || 'Admin',
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

/** "ops.lead@example.com" → "Ops lead": a first name for an administrator created without one. */
export function nameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '')
    .replace(/[._+-]+/g, ' ')
    .trim()
    .slice(0, 100);
  return local ? local.charAt(0).toUpperCase() + local.slice(1) : 'Administrator';
}
