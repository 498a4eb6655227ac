// #33: the security hold. After a password, email or two-factor change (users.security_changed_at, set where those
// changes happen: user.password.ts, user.email.ts, twofactor.service.ts), withdrawal requests are refused until
// SECURITY_HOLD_HOURS have passed: whoever took over a session or a password cannot cash out at once, and the
// member, told of the change by mail, has that long to act.
import { tr } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import { securityChangedAt } from './kyc.repo.ts';

/** When the member's hold ends, or null when there is none now. */
export async function securityHoldUntil(db: Database, config: Config, userId: string, now: Date): Promise<Date | null> {
  const changed = await securityChangedAt(db, userId);
  if (!changed || config.SECURITY_HOLD_HOURS === 0) return null;
  const until = new Date(changed.getTime() + config.SECURITY_HOLD_HOURS * 3_600_000);
  return until > now ? until : null;
}

/** "2026-06-02 12:00 UTC": the same in every language (the sentence around it is translated). */
const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Refuses (403, SECURITY_HOLD) a withdrawal request while the member's security hold lasts, saying until when. */
export async function checkSecurityHold(db: Database, config: Config, userId: string, now: Date): Promise<void> {
  const until = await securityHoldUntil(db, config, userId, now);
  if (!until) return;
  // Rounded up to the minute, so the time said is never before the hold ends.
  const shown = new Date(Math.ceil(until.getTime() / 60_000) * 60_000);
  throw new AppError(
    'SECURITY_HOLD',
    tr(
      'kyc.securityHold',
      'Withdrawals are paused for {hours} hours after a change of your password, email address or two-factor sign-in. You can request one again from {until}.',
      { hours: config.SECURITY_HOLD_HOURS, until: utcMinute(shown) },
    ),
  );
}
