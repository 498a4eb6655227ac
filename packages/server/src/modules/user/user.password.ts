import { tr } from '@vestora/contract';
import type { TChangePasswordInput, TRequestPasswordResetInput, TResetPasswordInput } from '@vestora/contract';
import { notifySecurity } from '../notification/notification.service.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { type Msg, tm } from '../../i18n/i18n.ts';
import { endSessionsOfUser } from '../session/session.service.ts';
import {
  findCredentialsByEmail,
  findPasswordHashById,
  findUserById,
  markSecurityChange,
  setPasswordHash,
} from './user.repo.ts';
import { retireAllAccountTokens } from './account-token.repo.ts';
import { sendAccountLink, useAccountLink } from './user.tokens.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

export const WRONG_CURRENT_PASSWORD_MESSAGE = tr(
  'password.currentWrong',
  'currentPassword: The current password is incorrect.',
);

/** Checks a signed-in user's current password; a wrong one is a 400 naming the field (the session stays). */
export async function assertCurrentPassword(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  password: string,
): Promise<void> {
  const row = await findPasswordHashById(deps.db, userId);
  if (!row || !(await verifyPassword(row.password_hash, password))) {
    throw new AppError('BAD_INPUT', WRONG_CURRENT_PASSWORD_MESSAGE);
  }
}

/** How the password was changed: the first paragraph of the mail says it (a whole sentence per way). */
const CHANGED_HOW = {
  settings: tm(
    'mail.passwordChanged.fromSettings',
    'The password of your account was changed from your Settings page. Every other signed-in device was signed out.',
  ),
  reset: tm(
    'mail.passwordChanged.withReset',
    'The password of your account was changed with a reset link. Every other signed-in device was signed out.',
  ),
} satisfies Record<string, Msg>;

const passwordChangedMail = (to: string, userId: string, how: keyof typeof CHANGED_HOW) => ({
  kind: 'password.changed' as const,
  to,
  userId,
  subject: tm('mail.passwordChanged.subject', 'Your password was changed'),
  paragraphs: [
    CHANGED_HOW[how],
    tm(
      'mail.passwordChanged.notYou',
      'If this was not you, reset your password at once from the sign-in page and contact support.',
    ),
  ],
});

/**
 * A signed-in user changes their password: the current one is required; every OTHER session ends (the one
 * making the change stays signed in), every outstanding account link stops working; a `password.changed`
 * security mail is queued in the same transaction.
 */
export async function changePassword(
  deps: Deps,
  actor: { userId: string; sessionToken: string | null },
  input: TChangePasswordInput,
): Promise<{ ok: true; otherSessionsEnded: number }> {
  await assertCurrentPassword(deps, actor.userId, input.currentPassword);
  const hash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, actor.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', tr('auth.signInAgain', 'Please sign in again.'));
    await setPasswordHash(trx, user.id, hash, now);
    // #33: withdrawals wait SECURITY_HOLD_HOURS after a new password (a taken-over account cannot cash out at once).
    await markSecurityChange(trx, user.id, now);
    await retireAllAccountTokens(trx, user.id, now);
    // A caller without a session (a server-side caller) keeps none: every session ends.
    const ended = await endSessionsOfUser(trx, user.id, {
      actorId: user.id,
      reason: 'password_change',
      keepToken: actor.sessionToken,
    });
    await recordAudit(trx, {
      actorId: user.id,
      action: 'user.password_change',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: { otherSessionsEnded: ended },
    });
    await notifySecurity(
      trx,
      passwordChangedMail(user.email, user.id, 'settings'),
      {
        kind: 'security.password_changed',
        body: tm('notification.passwordChanged.fromSettings', 'Your password was changed from your Settings page.'),
      },
      now,
    );
    return { ok: true as const, otherSessionsEnded: ended };
  });
}

/**
 * The forgot-password answer takes at least this long, whichever path ran: an existing account costs three
 * more writes than an unknown address (about 15 ms measured on the embedded database), which would otherwise
 * tell an observer which addresses have accounts. Wall time, not the injectable clock: it is about latency.
 */
export const RESET_REQUEST_MIN_MS = 150;

/**
 * Forgot password. The answer is the same whether or not the address has an account, and comes no sooner than
 * RESET_REQUEST_MIN_MS either way; a reset link is queued only for an existing, enabled account.
 */
export async function requestPasswordReset(deps: Deps, input: TRequestPasswordResetInput): Promise<{ ok: true }> {
  const started = performance.now();
  try {
    await queueResetLink(deps, input);
  } finally {
    const rest = RESET_REQUEST_MIN_MS - (performance.now() - started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  return { ok: true };
}

async function queueResetLink(deps: Deps, input: TRequestPasswordResetInput): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const creds = await findCredentialsByEmail(trx, input.email);
    if (!creds || creds.disabled_at !== null) return;
    const user = await findUserById(trx, creds.id);
    if (!user) return;
    await sendAccountLink(trx, deps, { user, purpose: 'reset_password', to: user.email, now });
    await recordAudit(trx, {
      actorId: null,
      action: 'user.password_reset_requested',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: null,
    });
  });
}

/**
 * Sets a new password from a reset link: the token is used once (two racing requests: one wins), every session
 * of the user ends, and a `password.changed` mail is queued, all in one transaction.
 */
export async function resetPassword(deps: Deps, input: TResetPasswordInput): Promise<{ ok: true }> {
  // Hashed before the transaction: argon2 takes tens of milliseconds and should not hold a row lock.
  const hash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const link = await useAccountLink(trx, input.token, ['reset_password'], now);
    const user = await findUserById(trx, link.userId);
    if (!user || user.disabled_at !== null) {
      throw new AppError('FORBIDDEN', tr('auth.accountDisabled', 'This account has been disabled. Contact support.'));
    }
    await setPasswordHash(trx, user.id, hash, now);
    // #33: withdrawals wait SECURITY_HOLD_HOURS after a new password (a taken-over account cannot cash out at once).
    await markSecurityChange(trx, user.id, now);
    // Every other link of the account (a pending email change, another reset, a verification) stops working.
    await retireAllAccountTokens(trx, user.id, now);
    await endSessionsOfUser(trx, user.id, { actorId: null, reason: 'password_reset' });
    await recordAudit(trx, {
      actorId: null,
      action: 'user.password_reset',
      entityType: 'user',
      entityId: user.id,
      before: null,
      after: null,
    });
    await notifySecurity(
      trx,
      passwordChangedMail(user.email, user.id, 'reset'),
      {
        kind: 'security.password_changed',
        body: tm('notification.passwordChanged.withReset', 'Your password was changed with a reset link.'),
      },
      now,
    );
    return { ok: true as const };
  });
}
