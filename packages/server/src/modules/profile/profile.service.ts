import { tr } from '@vestora/contract';
import type { TProfileUpdateInput } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { returnIfNameLeftLegalName } from '../kyc/kyc.return.ts';
import { findProfileForUpdate, setProfile } from './profile.repo.ts';

/**
 * A member changes their own name, country and city (one transaction with its audit row `user.update_profile`).
 * #33: a verified member whose new name leaves their verified legal name is returned to review for it in the same
 * transaction (the tier falls at once, see kyc.return.ts).
 */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
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
    await returnIfNameLeftLegalName(trx, deps, { userId, before, after, now });
  });
  return { ok: true };
}
