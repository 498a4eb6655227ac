import { tr } from '@vestora/contract';
import type { TProfileUpdateInput } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { findProfileForUpdate, setProfile } from './profile.repo.ts';

/** A member changes their own name, country and city (one transaction with its audit row `user.update_profile`). */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: TProfileUpdateInput,
): Promise<{ ok: true }> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await findProfileForUpdate(trx, userId);
    if (!before) throw new AppError('NOT_FOUND', tr('profile.accountGone', 'Your account no longer exists.'));
    const after = { first_name: input.firstName, last_name: input.lastName, country: input.country, city: input.city };
    await setProfile(trx, userId, after, now);
    await recordAudit(trx, {
      actorId: userId,
      action: 'user.update_profile',
      entityType: 'user',
      entityId: userId,
      before: { firstName: before.first_name, lastName: before.last_name, country: before.country, city: before.city },
      after: input,
    });
  });
  return { ok: true };
}
