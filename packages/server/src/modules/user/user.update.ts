import { randomUUID } from 'node:crypto';
import { dollarsToCents, type TUser, type TUserUpdateInput } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB, UserPatch } from '../../db/schema.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { refuseOwnReview } from '../money/money.core.ts';
import { moveMoney } from '../money/money.move.ts';
import { endSessionsOfUser } from '../session/session.service.ts';
import { EMAIL_TAKEN_MESSAGE } from './user.create.ts';
import { toPublicUser } from './user.mapper.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByIdForUpdate,
  lockAdminIds,
  updateUserIfVersion,
} from './user.repo.ts';

export const USER_NOT_FOUND_MESSAGE = 'User not found. It may have been deleted; reload the list.';
export const USER_CHANGED_MESSAGE = 'This user was changed by someone else. Reload and try again.';
export const LAST_ADMIN_MESSAGE =
  'This is the last administrator account. Make another user an administrator first, then change this one.';
export const BALANCE_NEEDS_VERSION_MESSAGE =
  "Changing a balance needs the user's current version (__v on /api/v1, version on /trpc): reload the user and send it with the edit.";
export const BALANCE_NEEDS_REASON_MESSAGE =
  'reason: A balance change needs a reason (the member reads it in their balance history).';

/**
 * An admin's edit of a user, all or nothing in one transaction: the version check (a balance change
 * needs the version; other fields may come without one), the field changes, a
 * balance change as a ledger adjustment (the only way a balance moves) and the audit entry.
 * A role change ends every session of that user (audit rows user.role_change and session.revoke).
 * Demoting an admin (oneself included) is allowed while another admin remains; the last one is refused
 * so the platform can never lose its administration. An admin cannot change their own balance (four eyes);
 * an edit of their own account that leaves the balance as it is goes through.
 */
export async function updateUser(db: Database, actorId: string, input: TUserUpdateInput, now: Date): Promise<TUser> {
  try {
    return await db.transaction().execute((trx) => updateUserInTransaction(trx, actorId, input, now));
  } catch (err) {
    // Another request took the email between our check and our write.
    if (pgErrorCode(err) === '23505') throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { cause: err });
    throw err;
  }
}

async function updateUserInTransaction(
  trx: Transaction<DB>,
  actorId: string,
  input: TUserUpdateInput,
  now: Date,
): Promise<TUser> {
  // A demotion locks every admin row first (in id order, before the target row), so two admins demoting
  // each other at once are serialised instead of both seeing "another admin is left" (or deadlocking).
  const admins = input.accountType === 'user' ? await lockAdminIds(trx) : [];
  const before = await findUserByIdForUpdate(trx, input.id);
  if (!before) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  // Without a version the edit is taken as it is (last write wins), unless it changes the balance: money
  // is never set from a view that may be outdated.
  if (input.version !== undefined && before.version !== input.version)
    throw new AppError('VERSION_CONFLICT', USER_CHANGED_MESSAGE);
  // ZBalance already refused amounts with more than 2 decimals, so this is exact.
  const targetCents = input.balance === undefined ? null : (dollarsToCents(input.balance) ?? Number.NaN);
  const delta = targetCents === null ? 0 : targetCents - Number(before.balance_cents);
  if (delta !== 0) {
    refuseOwnReview(actorId, before.id, 'adjust your own balance');
    if (input.version === undefined) throw new AppError('VERSION_CONFLICT', BALANCE_NEEDS_VERSION_MESSAGE);
    if (!input.reason?.trim()) throw new AppError('BAD_INPUT', BALANCE_NEEDS_REASON_MESSAGE);
  }

  if (input.email !== undefined && input.email !== before.email) {
    const owner = await findUserByEmail(trx, input.email);
    if (owner && owner.id !== before.id) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
  }
  if (before.account_type === 'admin' && input.accountType === 'user') {
    if (!admins.some((a) => a.id !== before.id)) throw new AppError('INVALID_STATE', LAST_ADMIN_MESSAGE);
  }

  const patch: UserPatch = {
    first_name: input.firstName,
    last_name: input.lastName,
    country: input.country,
    city: input.city,
    email: input.email,
    account_type: input.accountType,
    profile_picture: input.profilePicture,
    // A new address is not proven by anyone yet: its owner verifies it (or an admin marks it verified).
    ...(input.email !== undefined && input.email !== before.email ? { email_verified_at: null } : {}),
  };
  const updated = await updateUserIfVersion(trx, before.id, before.version, patch, now);
  if (!updated) throw new AppError('VERSION_CONFLICT', USER_CHANGED_MESSAGE);

  if (delta !== 0) {
    await moveMoney(trx, {
      userId: before.id,
      kind: 'adjustment',
      amountCents: delta,
      ref: { type: 'adjustment', id: randomUUID() },
      actorId,
      memo: input.reason!.trim(),
      at: now,
    });
  }

  const after = await findUserById(trx, before.id);
  if (!after) throw new Error('user vanished inside its own update transaction');
  await recordAudit(trx, {
    actorId,
    action: 'user.update',
    entityType: 'user',
    entityId: before.id,
    before: toPublicUser(before),
    after: toPublicUser(after),
  });
  // A new role takes effect at the next sign-in: every session the user had ends now.
  if (after.account_type !== before.account_type) {
    await recordAudit(trx, {
      actorId,
      action: 'user.role_change',
      entityType: 'user',
      entityId: before.id,
      before: { accountType: before.account_type },
      after: { accountType: after.account_type },
    });
    await endSessionsOfUser(trx, before.id, { actorId, reason: 'role_change' });
  }
  return toPublicUser(after);
}
