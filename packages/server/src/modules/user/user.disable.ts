import { tr } from '@vestora/contract';
import type { TUserChangeResult, TUserSetDisabledInput } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { endSessionsOfUser } from '../session/session.service.ts';
import { toPublicUser } from './user.mapper.ts';
import { findUserByIdForUpdate, setDisabledAt } from './user.repo.ts';
import { requestRoleChangeIn } from './user.role-request.ts';
import { USER_NOT_FOUND_MESSAGE } from './user.update.ts';

export const CLOSED_ACCOUNT_MESSAGE = tr(
  'user.closedAccount',
  'This account was closed by its owner: its personal fields are erased and it cannot be enabled again.',
);

export const CANNOT_DISABLE_SELF_MESSAGE = tr(
  'user.cannotDisableSelf',
  'You cannot disable your own account. Another administrator can do it if it is really needed.',
);

/**
 * An admin disables an account (its sessions end at once and it cannot sign in; its balance, ledger,
 * deposits, withdrawals and investments stay as they are) or enables it again. Setting the state it
 * already has changes nothing. An admin cannot disable themselves, so the acting admin always remains.
 * Disabling another administrator is not done here: it becomes a pending role request that a second
 * administrator approves (`roleRequest` in the answer), so one admin cannot be alone at the desk.
 */
export async function setUserDisabled(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actorId: string,
  input: TUserSetDisabledInput,
): Promise<TUserChangeResult> {
  if (input.disabled && input.id === actorId) throw new AppError('INVALID_STATE', CANNOT_DISABLE_SELF_MESSAGE);
  return deps.db.transaction().execute(async (trx) => {
    const before = await findUserByIdForUpdate(trx, input.id);
    if (!before) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
    if ((before.disabled_at !== null) === input.disabled) return toPublicUser(before);
    if (!input.disabled && before.closed_at !== null) throw new AppError('INVALID_STATE', CLOSED_ACCOUNT_MESSAGE);
    const now = deps.clock.now();
    if (input.disabled && before.account_type === 'admin') {
      const roleRequest = await requestRoleChangeIn(trx, actorId, before, 'disable', now);
      return { ...toPublicUser(before), roleRequest };
    }
    const row = await setDisabledAt(trx, before.id, input.disabled ? now : null, now);
    if (!row) throw new Error('user vanished inside its own update transaction');
    const after = toPublicUser(row);
    await recordAudit(trx, {
      actorId,
      action: input.disabled ? 'user.disable' : 'user.enable',
      entityType: 'user',
      entityId: before.id,
      before: toPublicUser(before),
      after,
    });
    if (input.disabled) await endSessionsOfUser(trx, before.id, { actorId, reason: 'account_disabled' });
    return after;
  });
}
