import type { Kysely } from 'kysely';
import { balanceCentsColumn } from './user.repo.ts';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB>;

/** What may keep an account open: the balance and the money still moving (counted under the user's row lock). */
export async function findClosingBlockers(
  db: Executor,
  userId: string,
): Promise<{
  balanceCents: number;
  openPositions: number;
  pendingDeposits: number;
  openWithdrawals: number;
  coinsHeld: string[];
}> {
  const row = await db
    .selectFrom('users')
    .select(balanceCentsColumn())
    .select((eb) => [
      eb
        .selectFrom('investments')
        .select(eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .as('open_positions'),
      eb
        .selectFrom('deposits')
        .select(eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .as('pending_deposits'),
      eb
        .selectFrom('withdrawals')
        .select(eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('status', 'in', ['pending', 'approved', 'sent'])
        .as('open_withdrawals'),
    ])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // #30: coins held (any account of the member's in an asset other than USD, not zero).
  const coins = await db
    .selectFrom('ledger_accounts')
    .select('asset')
    .where('user_id', '=', userId)
    .where('asset', '<>', 'USD')
    .where('balance', '<>', '0')
    .groupBy('asset')
    .orderBy('asset')
    .execute();
  return {
    coinsHeld: coins.map((c) => c.asset),
    balanceCents: Number(row.balance_cents),
    openPositions: Number(row.open_positions ?? 0),
    pendingDeposits: Number(row.pending_deposits ?? 0),
    openWithdrawals: Number(row.open_withdrawals ?? 0),
  };
}

/**
 * Erases the personal fields of a closed account: names, address, city and country, picture, two-factor, the
 * referral code; the email becomes `placeholderEmail` (unique, under the reserved .invalid domain) and the
 * password hash one that no password matches. The row stays (ledger and audit rows point at its id).
 */
export async function eraseClosedAccount(
  db: Executor,
  userId: string,
  erased: { placeholderEmail: string; referralCode: string; passwordHash: string; now: Date },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: 'Closed',
      last_name: 'account',
      country: '',
      city: '',
      email: erased.placeholderEmail,
      password_hash: erased.passwordHash,
      profile_picture: '',
      referral_code: erased.referralCode,
      email_verified_at: null,
      email_notifications: false,
      two_factor_secret: null,
      two_factor_pending_secret: null,
      two_factor_enabled_at: null,
      two_factor_last_step: null,
      two_factor_failures: 0,
      two_factor_paused_until: null,
      closed_at: erased.now,
      disabled_at: erased.now,
      updated_at: erased.now,
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  // Queued and sent messages keep their kind, subject and status (what happened), not the address or bodies.
  await db
    .updateTable('mail_outbox')
    .set({
      to_address: erased.placeholderEmail,
      text_body: null,
      html_body: null,
      status: 'failed',
      last_error: 'account closed',
    })
    .where('user_id', '=', userId)
    .where('status', '=', 'queued')
    .execute();
  await db
    .updateTable('mail_outbox')
    .set({ to_address: erased.placeholderEmail, text_body: null, html_body: null })
    .where('user_id', '=', userId)
    .execute();
}

/** Drops a newsletter subscription of the address (closing the account takes it off every list). */
export async function dropNewsletterAddress(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('newsletter_subscribers').where('email', '=', email.toLowerCase()).execute();
}
