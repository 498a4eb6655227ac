import { tr } from '@vestora/contract';
import { randomUUID } from 'node:crypto';
import type {
  TChangeEmailInput,
  TConfirmEmailInput,
  TConfirmEmailResult,
  TEmailPolicy,
  TMarkEmailVerifiedInput,
  TUser,
} from '@vestora/contract';
import { notify } from '../notification/notification.service.ts';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { tm } from '../../i18n/i18n.ts';
import type { SessionUser } from '../session/session.service.ts';
import { countAccountTokensSince, retireAllAccountTokens } from './account-token.repo.ts';
import { EMAIL_TAKEN_MESSAGE } from './user.create.ts';
import { toPublicUser } from './user.mapper.ts';
import { assertCurrentPassword } from './user.password.ts';
import {
  findUserByEmail,
  findUserByIdForUpdate,
  markSecurityChange,
  setEmailVerified,
  setVerifiedEmail,
} from './user.repo.ts';
import { USER_NOT_FOUND_MESSAGE } from './user.update.ts';
import { startEmailChangeIn } from './user.email-change.ts';
import { sendAccountLink, useAccountLink } from './user.tokens.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** Verification links a user may be sent within RESEND_WINDOW_MS (the sign-up one counts). */
export const VERIFICATION_LINKS_PER_WINDOW = 3;
export const RESEND_WINDOW_MS = 3_600_000;

/** Mail is delivered only with SMTP_URL; only then can a user be expected to verify before withdrawing. */
export function emailPolicy(config: Pick<Config, 'SMTP_URL'>): TEmailPolicy {
  const delivered = config.SMTP_URL !== undefined;
  return { mailDelivered: delivered, withdrawalNeedsVerifiedEmail: delivered };
}

export const UNVERIFIED_WITHDRAWAL_MESSAGE = tr(
  'email.verifyBeforeWithdrawal',
  'Verify your email address before requesting a withdrawal: open the link we sent you, or ask for a new one from your dashboard.',
);

/** Refuses a withdrawal request (403) while mail is delivered and the user's address is unverified. */
export function assertMayWithdraw(
  config: Pick<Config, 'SMTP_URL'>,
  user: Pick<SessionUser, 'email_verified_at'>,
): void {
  if (emailPolicy(config).withdrawalNeedsVerifiedEmail && user.email_verified_at === null) {
    throw new AppError('FORBIDDEN', UNVERIFIED_WITHDRAWAL_MESSAGE);
  }
}

/** A new verification link, at most VERIFICATION_LINKS_PER_WINDOW an hour; refused when already verified. */
export async function resendVerification(deps: Deps, user: SessionUser): Promise<{ ok: true }> {
  if (user.email_verified_at !== null)
    throw new AppError('INVALID_STATE', tr('email.alreadyVerified', 'Your email address is already verified.'));
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // The row lock serialises two racing resends, so the count below cannot be passed by both.
    await findUserByIdForUpdate(trx, user.id);
    const sent = await countAccountTokensSince(
      trx,
      user.id,
      'verify_email',
      new Date(now.getTime() - RESEND_WINDOW_MS),
    );
    if (sent >= VERIFICATION_LINKS_PER_WINDOW) {
      throw new AppError(
        'RATE_LIMITED',
        tr(
          'email.resendLimit',
          'We already sent {sent, plural, other {# verification links}} within the last hour. Please check your inbox (and spam folder), or try again later.',
          { sent },
        ),
        { retryAfterS: RESEND_WINDOW_MS / 1000 },
      );
    }
    await sendAccountLink(trx, deps, { user, purpose: 'verify_email', to: user.email, now });
  });
  return { ok: true };
}

/**
 * Starts an email change: the current password is required; a confirmation link (24 h, single use) goes to
 * the new address and a notice to the old one. Nothing changes until the link is used.
 */
export async function changeEmail(
  deps: Deps,
  user: SessionUser,
  input: TChangeEmailInput,
): Promise<{ ok: true; pendingEmail: string }> {
  await assertCurrentPassword(deps, user.id, input.currentPassword);
  if (input.newEmail === user.email.toLowerCase()) {
    throw new AppError('BAD_INPUT', tr('email.sameAddress', 'newEmail: This is already your email address.'));
  }
  if (await findUserByEmail(deps.db, input.newEmail)) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
  const now = deps.clock.now();
  await deps.db
    .transaction()
    .execute((trx) => startEmailChangeIn(trx, deps, { user, newEmail: input.newEmail, actorId: user.id, now }));
  return { ok: true, pendingEmail: input.newEmail };
}

/**
 * Uses a verification or email-change link (once). A verification proves the address the account still has;
 * an email change sets the new address (verified), refused with 409 if another account took it meanwhile.
 */
export async function confirmEmail(deps: Deps, input: TConfirmEmailInput): Promise<TConfirmEmailResult> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const link = await useAccountLink(trx, input.token, ['verify_email', 'change_email'], now);
      const user = await findUserByIdForUpdate(trx, link.userId);
      if (!user || link.email === null)
        throw new AppError('INVALID_STATE', tr('link.noAccount', 'This link no longer applies to any account.'));
      if (link.purpose === 'verify_email') {
        if (user.email.toLowerCase() !== link.email.toLowerCase()) {
          throw new AppError(
            'INVALID_STATE',
            tr(
              'link.oldAddress',
              'This link was for an address the account no longer uses. Ask for a new verification link.',
            ),
          );
        }
        await setEmailVerified(trx, user.id, now);
        await recordAudit(trx, {
          actorId: user.id,
          action: 'user.email_verify',
          entityType: 'user',
          entityId: user.id,
          before: null,
          after: { email: user.email },
        });
        return { outcome: 'verified' as const, email: user.email };
      }
      const holder = await findUserByEmail(trx, link.email);
      if (holder && holder.id !== user.id) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      await setVerifiedEmail(trx, user.id, link.email, now);
      // #33: withdrawals wait SECURITY_HOLD_HOURS after the address changed.
      await markSecurityChange(trx, user.id, now);
      // Links sent before the change (a reset to the old address, another pending change) stop working.
      await retireAllAccountTokens(trx, user.id, now);
      await recordAudit(trx, {
        actorId: user.id,
        action: 'user.email_change',
        entityType: 'user',
        entityId: user.id,
        before: { email: user.email },
        after: { email: link.email },
      });
      // In-app only: the request already mailed the old address, and the new one just proved itself.
      await notify(trx, {
        userId: user.id,
        kind: 'security.email_changed',
        title: tm('notification.emailChanged.title', 'Your email address was changed'),
        body: tm('notification.emailChanged.body', "Your account's email address is now {email} (it was {previous}).", {
          email: link.email,
          previous: user.email,
        }),
        link: '/dashboard/settings',
        eventKey: `security.email_changed:${randomUUID()}`,
        at: now,
      });
      return { outcome: 'changed' as const, email: link.email };
    });
  } catch (err) {
    // Another account took the address between our check and the update (unique index on email).
    if (pgErrorCode(err) === '23505') throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { cause: err });
    throw err;
  }
}

/** An admin marks a user's address verified (audited); already verified changes nothing. */
export async function markEmailVerified(deps: Deps, adminId: string, input: TMarkEmailVerifiedInput): Promise<TUser> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await findUserByIdForUpdate(trx, input.id);
    if (!before) throw new AppError('NOT_FOUND', USER_NOT_FOUND_MESSAGE);
    if (before.email_verified_at !== null) return toPublicUser(before);
    const row = await setEmailVerified(trx, before.id, now);
    if (!row) throw new Error('user vanished inside its own update transaction');
    await recordAudit(trx, {
      actorId: adminId,
      action: 'user.mark_email_verified',
      entityType: 'user',
      entityId: before.id,
      before: { email: before.email, emailVerified: false },
      after: { email: row.email, emailVerified: true },
    });
    return toPublicUser(row);
  });
}
