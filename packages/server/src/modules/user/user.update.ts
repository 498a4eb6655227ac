import { dollarsToCents, tr, type TUserChangeResult, type TUserUpdateInput } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { DB, UserPatch } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { proposeIn } from '../approval/approval.core.ts';
import { type FlowEnv, flowEnv, refuseNewAdminReview, refuseOwnReview } from '../money/money.core.ts';
import { startEmailChangeIn } from './user.email-change.ts';
import { EMAIL_TAKEN_MESSAGE } from './user.create.ts';
import { toPublicUser } from './user.mapper.ts';
import { findUserByEmail, findUserById, findUserByIdForUpdate, updateUserIfVersion } from './user.repo.ts';
import { requestRoleChangeIn } from './user.role-request.ts';
import { returnIfNameLeftLegalName } from '../kyc/kyc.return.ts';

export const USER_NOT_FOUND_MESSAGE = tr('user.notFound', 'User not found. It may have been deleted; reload the list.');
export const USER_CHANGED_MESSAGE = tr('user.changed', 'This user was changed by someone else. Reload and try again.');
export const BALANCE_NEEDS_VERSION_MESSAGE = tr(
  'user.balanceNeedsVersion',
  "Changing a balance needs the user's current version (__v on /api/v1, version on /trpc): reload the user and send it with the edit.",
);
export const BALANCE_NEEDS_REASON_MESSAGE = tr(
  'user.balanceNeedsReason',
  'reason: A balance change needs a reason (the member reads it in their balance history).',
);

export const OTHER_ADMIN_IDENTITY_MESSAGE = tr(
  'user.otherAdminIdentity',
  "You cannot change another administrator's name or email address: they change them themselves in Settings.",
);
export const ADMIN_EMAIL_MESSAGE = tr(
  'user.adminEmail',
  "An administrator's email address changes only through their own confirmed email change (Settings → Email address).",
);

/**
 * An admin's edit of a user, all or nothing in one transaction: the version check (a balance change
 * needs the version; other fields may come without one), the field changes and the audit entry. A balance
 * change is not made but proposed (#27: `approval`, a second admin approves it and the ledger adjustment is
 * written then); a new email address of a member is not set but sent a confirmation link (`emailChangeSentTo`).
 * A change of role is not made here: it becomes a pending role request that a second admin approves
 * (user.roleRequest.approve), answered as `roleRequest` beside the user as it now is. An admin cannot change
 * their own balance (four eyes), nor another admin's name or email, nor any admin's email (an admin's address
 * moves only by their own confirmed email change: else one admin could take over another through a reset).
 */
export async function updateUser(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  actorId: string,
  input: TUserUpdateInput,
): Promise<TUserChangeResult> {
  const env = flowEnv(deps);
  try {
    return await deps.db.transaction().execute((trx) => updateUserInTransaction(trx, actorId, input, env));
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
  env: FlowEnv,
): Promise<TUserChangeResult> {
  const { now } = env;
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
    refuseOwnReview(
      actorId,
      before.id,
      tr('money.ownBalance', 'You cannot adjust your own balance. Another administrator must do it.'),
    );
    if (input.version === undefined) throw new AppError('VERSION_CONFLICT', BALANCE_NEEDS_VERSION_MESSAGE);
    // Who may (403) before what is missing (400): a refused reviewer learns nothing from the form.
    await refuseNewAdminReview(trx, actorId, before.id, env);
    if (!input.reason?.trim()) throw new AppError('BAD_INPUT', BALANCE_NEEDS_REASON_MESSAGE);
  }

  const emailChanges = input.email !== undefined && input.email !== before.email;
  if (before.account_type === 'admin') {
    const nameChanges =
      (input.firstName !== undefined && input.firstName !== before.first_name) ||
      (input.lastName !== undefined && input.lastName !== before.last_name);
    if (before.id !== actorId && (emailChanges || nameChanges)) {
      throw new AppError('FORBIDDEN', OTHER_ADMIN_IDENTITY_MESSAGE);
    }
    if (emailChanges) throw new AppError('FORBIDDEN', ADMIN_EMAIL_MESSAGE);
  }
  if (emailChanges) {
    const owner = await findUserByEmail(trx, input.email!);
    if (owner && owner.id !== before.id) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
  }
  const roleChanges = input.accountType !== undefined && input.accountType !== before.account_type;

  const patch: UserPatch = {
    first_name: input.firstName,
    last_name: input.lastName,
    country: input.country,
    city: input.city,
    profile_picture: input.profilePicture,
  };
  const updated = await updateUserIfVersion(trx, before.id, before.version, patch, now);
  if (!updated) throw new AppError('VERSION_CONFLICT', USER_CHANGED_MESSAGE);
  // #33: a verified member whose name an admin changed away from their legal name is returned to review for it.
  if (before.account_type === 'user') {
    await returnIfNameLeftLegalName(trx, env, { userId: before.id, before, after: patch, now });
  }

  // A balance change is money a person decides (#27): proposed here, made when a second admin approves it.
  const approval =
    delta !== 0
      ? await proposeIn(trx, {
          kind: 'balance_adjustment',
          payload: { deltaCents: delta, fromCents: Number(before.balance_cents), toCents: targetCents },
          userId: before.id,
          amountCents: delta,
          reason: input.reason!.trim(),
          proposedBy: actorId,
          now,
        })
      : undefined;
  // A member's address is theirs (#27): support starts a change that the member confirms; the old address is told.
  if (emailChanges) {
    await startEmailChangeIn(trx, env, {
      user: { id: before.id, email: before.email },
      newEmail: input.email!,
      actorId,
      now,
    });
  }
  const extra = {
    ...(approval ? { approval } : {}),
    ...(emailChanges ? { emailChangeSentTo: input.email! } : {}),
  };

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
  // A new role is asked for, never given here: a second admin approves it (four eyes on roles).
  if (roleChanges) {
    const change = input.accountType === 'admin' ? 'promote' : 'demote';
    const roleRequest = await requestRoleChangeIn(trx, actorId, after, change, now);
    return { ...toPublicUser(after), roleRequest, ...extra };
  }
  return { ...toPublicUser(after), ...extra };
}
