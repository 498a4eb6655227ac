import type { Transaction } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/schema.ts';
import { tm } from '../../i18n/i18n.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { notifySecurity } from '../notification/notification.service.ts';
import { sendAccountLink } from './user.tokens.ts';

/**
 * Starts a change of `user`'s address to `newEmail` in the caller's transaction: the confirmation link goes to
 * the new address, the old one is told, and the audit row names who started it (the member in Settings, or an
 * admin for support: #27, an admin never sets a member's address, the member confirms it).
 */
export async function startEmailChangeIn(
  trx: Transaction<DB>,
  deps: Pick<AppDeps, 'config'>,
  change: { user: { id: string; email: string }; newEmail: string; actorId: string; now: Date },
): Promise<void> {
  const { user, now, actorId } = change;
  const input = { newEmail: change.newEmail };
  await sendAccountLink(trx, deps, { user, purpose: 'change_email', to: input.newEmail, now });
  await notifySecurity(
    trx,
    {
      kind: 'email.change_notice',
      to: user.email,
      userId: user.id,
      subject: tm('mail.emailChangeNotice.subject', 'A change of your email address was requested'),
      paragraphs: [
        tm(
          'mail.emailChangeNotice.body',
          "A change of your account's email address to {email} was requested. It takes effect only when the link sent to the new address is opened.",
          { email: input.newEmail },
        ),
        tm('mail.emailChangeNotice.notYou', 'If this was not you, change your password at once and contact support.'),
      ],
    },
    {
      kind: 'security.email_change_requested',
      body: tm(
        'notification.emailChangeRequested.body',
        'A change of your email address to {email} was requested; it takes effect when the link sent there is opened.',
        { email: input.newEmail },
      ),
    },
    now,
  );
  await recordAudit(trx, {
    actorId,
    action: 'user.email_change_requested',
    entityType: 'user',
    entityId: user.id,
    before: { email: user.email },
    after: { email: input.newEmail },
  });
}
