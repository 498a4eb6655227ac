import { createHash, randomBytes } from 'node:crypto';
import { NEWSLETTER_SUBSCRIBE_MESSAGE, NEWSLETTER_SUBSCRIBE_NO_MAIL_MESSAGE, tr } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { TLocale } from '@vestora/contract';
import { renderIn, tm } from '../../i18n/i18n.ts';
import { BRAND, composeMailIn, enqueueMail } from '../mail/mail.outbox.ts';
import {
  confirmSubscriberByToken,
  countSubscribersByStatus,
  listConfirmedSubscribers,
  unsubscribeByToken,
  upsertPendingSubscriber,
} from './newsletter.repo.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** How long a newsletter confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_MS = 48 * 3_600_000;

const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const confirmUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/newsletter/confirm?token=${token}`;
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/newsletter/unsubscribe?token=${token}`;

/**
 * Double opt-in: a new, pending or unsubscribed address gets fresh tokens and a confirmation mail (with an
 * unsubscribe link, as every newsletter mail has); a confirmed one gets nothing. The answer is the same in
 * every case, so it tells nobody whether an address is subscribed. (Tokens are stored hashed, so sending
 * a new unsubscribe link replaces the previous one.)
 */
export async function subscribe(
  deps: Deps,
  email: string,
  locale: TLocale = 'en',
): Promise<{ ok: true; message: string }> {
  const now = deps.clock.now();
  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  await deps.db.transaction().execute(async (trx) => {
    const send = await upsertPendingSubscriber(
      trx,
      email,
      {
        confirmTokenHash: hashOf(confirmToken),
        confirmExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_MS),
        unsubscribeTokenHash: hashOf(unsubscribeToken),
      },
      now,
    );
    if (!send) return;
    // In the language the visitor was reading in (English when the form did not say).
    const body = composeMailIn(locale, {
      paragraphs: [
        tm(
          'mail.newsletterConfirm.body',
          'Someone (hopefully you) asked to receive the {brand} newsletter at this address. Confirm with the link below; it works once, for 48 hours.',
          { brand: BRAND },
        ),
        tm(
          'mail.newsletterConfirm.notYou',
          'If it was not you, ignore this message: nothing is sent until the address is confirmed.',
        ),
        tm(
          'mail.newsletterConfirm.unsubscribe',
          'To unsubscribe at any time (every newsletter mail carries this link): {url}',
          {
            url: unsubscribeUrl(deps.config.publicUrl, unsubscribeToken),
          },
        ),
      ],
      link: {
        label: tm('mail.newsletterConfirm.link', 'Confirm your subscription'),
        url: confirmUrl(deps.config.publicUrl, confirmToken),
      },
    });
    const subject = renderIn(locale, tm('mail.newsletterConfirm.subject', 'Confirm your newsletter subscription'));
    await enqueueMail(trx, { kind: 'newsletter.confirm', to: email, userId: null, subject, ...body }, now);
  });
  // The same answer for every address, but a true one: without SMTP_URL the link is written and not sent.
  return {
    ok: true,
    message: deps.config.SMTP_URL ? NEWSLETTER_SUBSCRIBE_MESSAGE : NEWSLETTER_SUBSCRIBE_NO_MAIL_MESSAGE,
  };
}

export async function confirm(deps: Deps, token: string): Promise<{ status: 'confirmed'; email: string }> {
  const email = await confirmSubscriberByToken(deps.db, hashOf(token), deps.clock.now());
  if (!email) {
    throw new AppError(
      'BAD_INPUT',
      tr(
        'newsletter.confirmInvalid',
        'This confirmation link is not valid: it was already used or has expired. Subscribe again to get a new one.',
      ),
    );
  }
  return { status: 'confirmed', email };
}

export async function unsubscribe(deps: Deps, token: string): Promise<{ status: 'unsubscribed'; email: string }> {
  const email = await unsubscribeByToken(deps.db, hashOf(token), deps.clock.now());
  if (!email)
    throw new AppError(
      'BAD_INPUT',
      tr('newsletter.unsubscribeInvalid', 'This unsubscribe link is not valid (a newer mail may carry a newer one).'),
    );
  return { status: 'unsubscribed', email };
}

export const newsletterStats = (deps: Deps) => countSubscribersByStatus(deps.db);

export async function exportConfirmed(deps: Deps): Promise<{ email: string; confirmedAt: string }[]> {
  return (await listConfirmedSubscribers(deps.db)).map((r) => ({
    email: r.email,
    confirmedAt: new Date(r.confirmed_at ?? 0).toISOString(),
  }));
}
