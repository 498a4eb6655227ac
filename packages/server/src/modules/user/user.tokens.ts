import { tr } from '@vestora/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { AccountTokenPurpose } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import {
  ACCOUNT_LINK_MAIL_KINDS,
  type AccountLinkMailKind,
  BRAND,
  composeMailIn,
  enqueueMail,
} from '../mail/mail.outbox.ts';
import { countMailsToSince, findUserLocale, lockMailRecipient } from '../mail/mail.repo.ts';
import { type Msg, renderIn, tm } from '../../i18n/i18n.ts';
import { hashToken } from '../session/session.service.ts';
import { findAccountToken, insertAccountToken, retireAccountTokens, useAccountToken } from './account-token.repo.ts';

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  reset_password: 30 * 60_000,
  change_email: 24 * 3_600_000,
  verify_email: 48 * 3_600_000,
};

/** Where each kind of link lands in the web app. */
const LINK_PATH: Record<AccountTokenPurpose, string> = {
  reset_password: '/reset-password',
  change_email: '/confirm-email',
  verify_email: '/confirm-email',
};

/** The mail that carries each kind of link. */
const LINK_MAIL: Record<
  AccountTokenPurpose,
  { kind: AccountLinkMailKind; subject: Msg; paragraphs: Msg[]; label: Msg }
> = {
  reset_password: {
    kind: 'password.reset',
    subject: tm('mail.passwordReset.subject', 'Reset your password'),
    paragraphs: [
      tm(
        'mail.passwordReset.body',
        'Someone (hopefully you) asked to reset the password of your account. The link works once, for 30 minutes.',
      ),
      tm('mail.passwordReset.notYou', 'If it was not you, ignore this message: your password stays as it is.'),
    ],
    label: tm('mail.passwordReset.link', 'Choose a new password'),
  },
  verify_email: {
    kind: 'email.verify',
    subject: tm('mail.verifyEmail.subject', 'Confirm your email address'),
    paragraphs: [
      tm('mail.verifyEmail.body', 'Please confirm that this address is yours. The link works once, for 48 hours.'),
    ],
    label: tm('mail.verifyEmail.link', 'Confirm my email address'),
  },
  change_email: {
    kind: 'email.change_confirm',
    subject: tm('mail.changeEmail.subject', 'Confirm your new email address'),
    paragraphs: [
      tm(
        'mail.changeEmail.body',
        'Someone asked to change the email address of a {brand} account to this one. The link works once, for 24 hours.',
        { brand: BRAND },
      ),
      tm('mail.changeEmail.notYou', 'If it was not you, ignore this message: nothing changes.'),
    ],
    label: tm('mail.changeEmail.link', 'Confirm the new address'),
  },
};

/** Account-link mails one recipient address gets at most per ACCOUNT_MAIL_WINDOW_MS, whoever asks for them. */
export const ACCOUNT_MAILS_PER_RECIPIENT = 5;
export const ACCOUNT_MAIL_WINDOW_MS = 3_600_000;

/**
 * The one way an account link is sent: issues the single-use token (see issueAccountLink) for `to` and queues
 * its mail (an account-link kind, see ACCOUNT_LINK_MAIL_KINDS) in the caller's transaction. An address that
 * already got ACCOUNT_MAILS_PER_RECIPIENT of them within the hour gets nothing more (no token, no mail): the
 * form can no longer be used to flood someone's inbox. Callers answer the same either way (a signed-out reset
 * request must not tell whether the address has an account). Returns whether a mail was queued.
 */
export async function sendAccountLink(
  trx: Database,
  deps: { config: Pick<Config, 'publicUrl'> },
  link: { user: { id: string }; purpose: AccountTokenPurpose; to: string; now: Date },
): Promise<boolean> {
  const { user, purpose, to, now } = link;
  await lockMailRecipient(trx, to);
  const since = new Date(now.getTime() - ACCOUNT_MAIL_WINDOW_MS);
  if ((await countMailsToSince(trx, to, ACCOUNT_LINK_MAIL_KINDS, since)) >= ACCOUNT_MAILS_PER_RECIPIENT) return false;
  const url = await issueAccountLink(trx, deps.config, { userId: user.id, purpose, email: to }, now);
  const mail = LINK_MAIL[purpose];
  // In the account's language (#22), also for a new address (the member chose the language, not the address).
  const locale = await findUserLocale(trx, user.id);
  await enqueueMail(
    trx,
    {
      kind: mail.kind,
      to,
      userId: user.id,
      subject: renderIn(locale, mail.subject),
      ...composeMailIn(locale, { paragraphs: mail.paragraphs, link: { label: mail.label, url } }),
    },
    now,
  );
  return true;
}

/**
 * Issues a single-use link: a 256-bit random token (base64url) whose sha256 alone is stored. Earlier unused
 * links of the same purpose stop working (the newest one replaces them). Returns the URL. Only sendAccountLink
 * (which mails it) and the operator's `pnpm cli reset-link` (which prints it, no mail) call this.
 */
export async function issueAccountLink(
  db: Database,
  config: Pick<Config, 'publicUrl'>,
  t: { userId: string; purpose: AccountTokenPurpose; email: string | null },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await retireAccountTokens(db, t.userId, t.purpose, now);
  await insertAccountToken(
    db,
    { id: randomUUID(), userId: t.userId, purpose: t.purpose, tokenHash: hashToken(token), email: t.email },
    now,
    new Date(now.getTime() + TOKEN_LIFETIME_MS[t.purpose]),
  );
  return `${config.publicUrl}${LINK_PATH[t.purpose]}?token=${token}`;
}

/**
 * Uses a link's token once (race-safe: see useAccountToken). A token that cannot be used is refused with a
 * message saying why: unknown, expired, or already used / replaced by a newer link.
 */
export async function useAccountLink(
  db: Database,
  token: string,
  purposes: readonly AccountTokenPurpose[],
  now: Date,
): Promise<{ userId: string; purpose: AccountTokenPurpose; email: string | null }> {
  const tokenHash = hashToken(token);
  const used = await useAccountToken(db, tokenHash, purposes, now);
  if (used) return { userId: used.user_id, purpose: used.purpose, email: used.email };
  const row = await findAccountToken(db, tokenHash);
  if (!row || !purposes.includes(row.purpose)) {
    throw new AppError(
      'BAD_INPUT',
      tr('link.invalid', 'token: This link is not valid. Open the link exactly as it was sent, or ask for a new one.'),
    );
  }
  if (row.used_at !== null) {
    throw new AppError(
      'INVALID_STATE',
      tr(
        'link.used',
        'This link was already used, or a newer link replaced it. Ask for a new one if you still need it.',
      ),
    );
  }
  throw new AppError('INVALID_STATE', tr('link.expired', 'This link has expired. Ask for a new one.'));
}
