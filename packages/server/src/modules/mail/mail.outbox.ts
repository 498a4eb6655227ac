import type { TLocale } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { type Msg, renderIn, tm } from '../../i18n/i18n.ts';
import { findMailTarget, insertOutboxMail, wantsNotifications } from './mail.repo.ts';

/** Messages that always go, whatever the user's preferences say. */
export const SECURITY_MAIL_KINDS = [
  'email.verify',
  'password.reset',
  'password.changed',
  'email.change_confirm',
  'email.change_notice',
  'signin.new_device',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes',
  'two_factor.sign_in_paused',
  'newsletter.confirm',
  'contact.reply',
  'data_export.ready',
  'deposit_account.changed',
] as const;

/**
 * Account-link mails: the body carries a single-use link that acts for the account (sets a password, moves or
 * proves its address). They are queued only by `sendAccountLink` (modules/user/user.tokens.ts); their bodies are
 * secrets (whoever reads one can take the account), so nobody but the recipient should see them.
 */
export const ACCOUNT_LINK_MAIL_KINDS = ['password.reset', 'email.verify', 'email.change_confirm'] as const;
export type AccountLinkMailKind = (typeof ACCOUNT_LINK_MAIL_KINDS)[number];

const ACCOUNT_LINK_KINDS = new Set<string>(ACCOUNT_LINK_MAIL_KINDS);

/** Whether a queued mail's body carries an account link (see ACCOUNT_LINK_MAIL_KINDS). */
export function isAccountLinkMail(kind: string): boolean {
  return ACCOUNT_LINK_KINDS.has(kind);
}

/** Messages that follow the user's `email_notifications` preference. */
export const NOTIFICATION_MAIL_KINDS = [
  'deposit.confirmed',
  'deposit.rejected',
  'withdrawal.paid',
  'withdrawal.rejected',
  'investment.payout',
  'investment.matured',
  'account_statement.ready',
  'investment.renewed',
  'referral.reward_paid',
] as const;

/** A message about the member's own money: follows their preference. */
export type NotificationMailKind = (typeof NOTIFICATION_MAIL_KINDS)[number];
export type MailKind = (typeof SECURITY_MAIL_KINDS)[number] | NotificationMailKind;

const NOTIFICATION_KINDS = new Set<string>(NOTIFICATION_MAIL_KINDS);

/**
 * Kinds whose body an administrator may read in the Outbox: notifications about the member's money and the
 * replies admins wrote themselves. Every other kind (a reset, verification or email-change link, a security
 * notice, and any kind added later until it is listed here) is the recipient's alone: an admin sees that it
 * waits, to whom and why, never its body (#17: a reset link read in the Outbox is the account).
 */
const ADMIN_READABLE_KINDS = new Set<string>([...NOTIFICATION_MAIL_KINDS, 'contact.reply']);

/** Why a withheld message exists, in the Outbox's words (by kind; unknown kinds get a general line). */
const WITHHELD_WHY: Record<string, string> = {
  'password.reset': 'a password reset link the member asked for',
  'email.verify': 'a link that verifies the address',
  'email.change_confirm': 'a link that confirms a change of email address',
  'email.change_notice': 'a notice to the old address that the email address is being changed',
  'password.changed': 'a notice that the password was changed',
  'signin.new_device': 'a notice of a sign-in from a new device',
  'two_factor.enabled': 'a notice that two-factor sign-in was turned on',
  'two_factor.disabled': 'a notice that two-factor sign-in was turned off',
  'two_factor.recovery_codes': 'a notice that new recovery codes were made',
  'two_factor.sign_in_paused': 'a notice that sign-in paused after wrong two-factor codes',
  'newsletter.confirm': 'a link that confirms a newsletter subscription',
  'data_export.ready': 'a notice that the copy of their data the member asked for is ready',
  'deposit_account.changed': "a notice to every administrator that the platform's deposit account changed",
};

/** Whether an admin may read this kind's body (see ADMIN_READABLE_KINDS). */
export function isAdminReadableKind(kind: string): boolean {
  return ADMIN_READABLE_KINDS.has(kind);
}

/** What the Outbox says instead of a security message's body: that it waits, to whom and why. */
export function withheldMailText(kind: string, to: string): string {
  const why = WITHHELD_WHY[kind] ?? 'an account security message';
  return [
    `This is a security message for ${to}: ${why}.`,
    'Its body (and any link in it) is for the recipient only, so it is not shown here.',
    'Without SMTP_URL nothing is sent: an operator with server access can give a member a fresh password reset ' +
      'link with `pnpm cli reset-link --email ADDRESS` (audited).',
  ].join('\n');
}

export const BRAND = 'Vestora';

/** A message before it is queued: plain text and simple HTML, the brand's name, no tracking. */
export interface MailMessage {
  kind: MailKind;
  to: string;
  /** The account it concerns (null for a visitor: newsletter, contact reply). */
  userId: string | null;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The greeting of a mail that names nobody. */
const HELLO = tm('mail.greeting', 'Hello,');

/**
 * Builds the text and HTML bodies of a message from paragraphs and an optional link (one look for every mail);
 * texts already in the recipient's language (see composeMailIn); the default greeting in `locale`.
 */
export function composeMail(
  opts: { greeting?: string; paragraphs: string[]; link?: { label: string; url: string } },
  locale: TLocale = 'en',
): {
  text: string;
  html: string;
} {
  const greeting = opts.greeting ?? renderIn(locale, HELLO);
  const lines = [greeting, '', ...opts.paragraphs.flatMap((p) => [p, ''])];
  if (opts.link) lines.push(`${opts.link.label}: ${opts.link.url}`, '');
  lines.push(`— ${BRAND}`);
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    opts.link ? `<p><a href="${escapeHtml(opts.link.url)}">${escapeHtml(opts.link.label)}</a></p>` : '',
    `<p>— ${BRAND}</p>`,
  ].join('\n');
  return { text: lines.join('\n'), html };
}

/** composeMail of descriptors (`tm`), each written in `locale`. */
export function composeMailIn(
  locale: TLocale,
  opts: { greeting?: Msg; paragraphs: Msg[]; link?: { label: Msg; url: string } },
): { text: string; html: string } {
  const t = (msg: Msg) => renderIn(locale, msg);
  return composeMail(
    {
      ...(opts.greeting ? { greeting: t(opts.greeting) } : {}),
      paragraphs: opts.paragraphs.map(t),
      ...(opts.link ? { link: { label: t(opts.link.label), url: opts.link.url } } : {}),
    },
    locale,
  );
}

/**
 * Queues a message in the outbox. Call it with the transaction of the event that causes it, so the message
 * exists exactly when the event does; the background sender delivers it. Notification kinds are skipped
 * (returns null) when the user turned notifications off; security kinds always go.
 */
export async function enqueueMail(db: Database, mail: MailMessage, now: Date): Promise<string | null> {
  if (NOTIFICATION_KINDS.has(mail.kind) && mail.userId && !(await wantsNotifications(db, mail.userId))) return null;
  return insertOutboxMail(
    db,
    {
      userId: mail.userId,
      to: mail.to,
      kind: mail.kind,
      subject: `${mail.subject} · ${BRAND}`,
      text: mail.text,
      html: mail.html,
    },
    now,
  );
}

/** Whether a kind follows the user's `email_notifications` preference (security kinds always go). */
export function isNotificationKind(kind: string): boolean {
  return NOTIFICATION_KINDS.has(kind);
}

/**
 * Queues a notification about a user's own money (deposit, withdrawal, payout) to their address, in the
 * caller's transaction: one read of the user's address and preference, then one insert; nothing when the
 * user turned notifications off. Returns the outbox id, or null when skipped.
 */
export async function notifyUser(
  db: Database,
  userId: string,
  kind: NotificationMailKind,
  content: { subject: string; paragraphs: string[]; link?: { label: string; url: string } },
  now: Date,
): Promise<string | null> {
  const target = await findMailTarget(db, userId);
  if (!target || !target.emailNotifications) return null;
  const body = composeMail({ paragraphs: content.paragraphs, link: content.link });
  return insertOutboxMail(
    db,
    { userId, to: target.email, kind, subject: `${content.subject} · ${BRAND}`, text: body.text, html: body.html },
    now,
  );
}

/**
 * Queues a message whose sending was already decided by the member's notification preferences
 * (modules/notification: `notify`), in the caller's transaction. Unlike enqueueMail it does not read the old
 * `email_notifications` switch: the preferences include it.
 */
export async function queueDecidedMail(
  db: Database,
  mail: {
    kind: string;
    to: string;
    userId: string;
    /** The language the texts are in (the default greeting follows it). */
    locale: TLocale;
    subject: string;
    greeting?: string | undefined;
    paragraphs: string[];
    link?: { label: string; url: string } | undefined;
  },
  now: Date,
): Promise<string> {
  const body = composeMail(
    {
      ...(mail.greeting ? { greeting: mail.greeting } : {}),
      paragraphs: mail.paragraphs,
      ...(mail.link ? { link: mail.link } : {}),
    },
    mail.locale,
  );
  return insertOutboxMail(
    db,
    { userId: mail.userId, to: mail.to, kind: mail.kind, subject: `${mail.subject} · ${BRAND}`, ...body },
    now,
  );
}
