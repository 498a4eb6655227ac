import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The users `referrerId` brought in, newest first, with the reward each one's first investment claimed. */
export function listReferredFriends(db: Kysely<DB>, referrerId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('referral_rewards as r', 'r.referred_user_id', 'u.id')
    .select(['u.first_name', 'u.last_name', 'u.created_at', 'r.amount_cents', 'r.investment_id', 'r.status'])
    .where('u.referred_by', '=', referrerId)
    .orderBy('u.created_at', 'desc')
    .limit(500)
    .execute();
}
