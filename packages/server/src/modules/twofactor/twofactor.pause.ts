import { tr } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { notifySecurity } from '../notification/notification.service.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { tm } from '../../i18n/i18n.ts';
import { clearWrongSignInCodes, countWrongSignInCode, findSignInPause, pauseSignIn } from './twofactor.repo.ts';

// Guessing two-factor codes: with the password, 20 guesses a minute without end would find a 6-digit code
// (three accepted per 30 s) in about 8% of the days. From the 10th wrong code in a row, sign-in of that account
// pauses, one minute at first and twice as long after every further wrong code (at most a day); the owner gets a
// security mail when the pauses start, and every pause is in the audit log. A right code after a wait signs in
// and the count starts again.

/** Wrong codes in a row before sign-in pauses. */
export const WRONG_CODES_BEFORE_PAUSE = 10;
/** The first pause; each further wrong code doubles it. */
export const FIRST_PAUSE_MS = 60_000;
/** The longest pause. */
export const MAX_PAUSE_MS = 24 * 3_600_000;

/** How long sign-in pauses after `failures` wrong codes in a row (null: no pause yet). */
export function pauseAfter(failures: number): number | null {
  if (failures < WRONG_CODES_BEFORE_PAUSE) return null;
  return Math.min(FIRST_PAUSE_MS * 2 ** Math.min(failures - WRONG_CODES_BEFORE_PAUSE, 30), MAX_PAUSE_MS);
}

/** The refusal, with the wait in minutes under an hour, else in hours. */
const pausedFor = (ms: number) => {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) {
    return tr(
      'twoFactor.pausedMinutes',
      'Too many wrong codes: sign-in to this account is paused. Try again in {minutes, plural, one {# minute} other {# minutes}} ' +
        'with the current code from your authenticator app, or an unused recovery code.',
      { minutes },
    );
  }
  return tr(
    'twoFactor.pausedHours',
    'Too many wrong codes: sign-in to this account is paused. Try again in {hours, plural, one {# hour} other {# hours}} ' +
      'with the current code from your authenticator app, or an unused recovery code.',
    { hours: Math.ceil(minutes / 60) },
  );
};

/** Refuses (429 with Retry-After) a sign-in code while the account's sign-in is paused. */
export async function assertSignInNotPaused(db: Database, userId: string, now: Date): Promise<void> {
  const pause = await findSignInPause(db, userId);
  if (!pause?.pausedUntil || pause.pausedUntil <= now) return;
  const left = pause.pausedUntil.getTime() - now.getTime();
  throw new AppError('RATE_LIMITED', pausedFor(left), { retryAfterS: Math.ceil(left / 1000) });
}

/**
 * Counts a wrong sign-in code for the account, in its own transaction (the failed sign-in wrote nothing else);
 * from the WRONG_CODES_BEFORE_PAUSE-th on, pauses sign-in (audited), and at the first pause mails the owner.
 */
export async function noteWrongSignInCode(
  deps: Pick<AppDeps, 'db'>,
  user: { id: string; email: string },
  now: Date,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const failures = await countWrongSignInCode(trx, user.id);
    const pauseMs = pauseAfter(failures);
    if (pauseMs === null) return;
    const until = new Date(now.getTime() + pauseMs);
    await pauseSignIn(trx, user.id, until);
    await recordAudit(trx, {
      actorId: null,
      action: 'auth.two_factor_paused',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { wrongCodes: failures, pausedUntil: until.toISOString() },
    });
    if (failures !== WRONG_CODES_BEFORE_PAUSE) return;
    await notifySecurity(
      trx,
      {
        kind: 'two_factor.sign_in_paused',
        to: user.email,
        userId: user.id,
        subject: tm('mail.signInPaused.subject', 'Someone is trying to sign in to your account'),
        paragraphs: [
          tm(
            'mail.signInPaused.body',
            'Your password was entered correctly, followed by {count, plural, one {# wrong two-factor code} other {# wrong two-factor codes}} in a row. Sign-in to your account is paused for a while, longer after every further wrong code.',
            { count: failures },
          ),
          tm(
            'mail.signInPaused.notYou',
            'If this was not you, someone knows your password: reset it now from the sign-in page and contact support.',
          ),
        ],
      },
      {
        kind: 'security.sign_in_paused',
        body: tm(
          'notification.signInPaused.body',
          'Your password was entered correctly, followed by wrong two-factor codes: sign-in is paused for a while.',
        ),
      },
      now,
    );
  });
}

/** A right code: wrong codes are forgotten (call in the sign-in's transaction). */
export function forgetWrongSignInCodes(db: Database, userId: string): Promise<void> {
  return clearWrongSignInCodes(db, userId);
}
