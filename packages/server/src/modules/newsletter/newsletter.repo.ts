import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, NewsletterStatus } from '../../db/schema.ts';

type Executor = Kysely<DB>;

export interface SubscriberTokens {
  confirmTokenHash: string;
  confirmExpiresAt: Date;
  unsubscribeTokenHash: string;
}

/**
 * Starts (or starts again) a subscription as pending with fresh tokens, unless the address is already
 * confirmed. Returns whether a confirmation should be sent (false: already confirmed, nothing changed).
 */
export async function upsertPendingSubscriber(
  db: Executor,
  email: string,
  tokens: SubscriberTokens,
  now: Date,
): Promise<boolean> {
  const fresh = {
    status: 'pending' as const,
    confirm_token_hash: tokens.confirmTokenHash,
    confirm_expires_at: tokens.confirmExpiresAt,
    unsubscribe_token_hash: tokens.unsubscribeTokenHash,
  };
  const r = await db
    .insertInto('newsletter_subscribers')
    .values({ id: randomUUID(), email, created_at: now, ...fresh })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ ...fresh, unsubscribed_at: null })
        .where('newsletter_subscribers.status', '!=', 'confirmed'),
    )
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

/** Confirms the pending subscription with this live confirm token (single use); returns its email or undefined. */
export async function confirmSubscriberByToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const r = await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'confirmed', confirmed_at: now, confirm_token_hash: null, confirm_expires_at: null })
    .where('confirm_token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('confirm_expires_at', '>', now)
    .returning('email')
    .executeTakeFirst();
  return r?.email;
}

/** Unsubscribes the address with this unsubscribe token (again is harmless); returns its email or undefined. */
export async function unsubscribeByToken(db: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
  const r = await db
    .updateTable('newsletter_subscribers')
    .set((eb) => ({
      status: 'unsubscribed',
      confirm_token_hash: null,
      confirm_expires_at: null,
      unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(now)),
    }))
    .where('unsubscribe_token_hash', '=', tokenHash)
    .returning('email')
    .executeTakeFirst();
  return r?.email;
}

export async function countSubscribersByStatus(db: Executor): Promise<Record<NewsletterStatus, number>> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('status')
    .execute();
  const out: Record<NewsletterStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

export function listConfirmedSubscribers(db: Executor): Promise<{ email: string; confirmed_at: Date | null }[]> {
  return db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'confirmed_at'])
    .where('status', '=', 'confirmed')
    .orderBy('confirmed_at')
    .orderBy('email')
    .execute();
}
