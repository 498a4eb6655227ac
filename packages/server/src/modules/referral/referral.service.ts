import { centsToDollars, tr, type TReferral, type TReferralFriends } from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { SessionUser } from '../session/session.service.ts';
import { iso } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { listReferredFriends } from './referral.repo.ts';
import { countReferredBy, findUserById } from '../user/user.repo.ts';

/** The sign-up link that records `code` as the referrer. */
export function referralLink(config: Config, code: string): string {
  return `${config.publicUrl}/create-account?ref=${encodeURIComponent(code)}`;
}

/** A user's referral code, link and how many people signed up with it: for that user or an admin. */
export async function getReferral(
  db: Database,
  config: Config,
  viewer: SessionUser,
  userId: string,
): Promise<TReferral> {
  // Checked before the lookup, so a user cannot probe which ids exist.
  if (viewer.id !== userId && viewer.account_type !== 'admin') {
    throw new AppError('FORBIDDEN', tr('referral.ownOnly', 'You can only see your own referral details.'));
  }
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', tr('referral.userNotFound', 'User not found.'));
  return {
    userId: user.id,
    referralCode: user.referral_code,
    referralLink: referralLink(config, user.referral_code),
    referredCount: await countReferredBy(db, user.id),
  };
}

/** The friends a user referred (first name and initial only), whether they invested, and the rewards paid. */
export async function getReferredFriends(db: Database, viewer: SessionUser): Promise<TReferralFriends> {
  const rows = await listReferredFriends(db, viewer.id);
  const paidCents = (r: (typeof rows)[number]) => (r.status === 'paid' ? Number(r.amount_cents ?? 0) : 0);
  const friends = rows.map((r) => ({
    name: `${r.first_name} ${r.last_name.slice(0, 1).toUpperCase()}.`,
    joinedAt: iso(r.created_at),
    status: r.investment_id ? ('invested' as const) : ('signed_up' as const),
    reward: centsToDollars(paidCents(r)),
    rewardStatus: r.status ?? ('none' as const),
  }));
  const totalCents = rows.reduce((sum, r) => sum + paidCents(r), 0);
  return { friends, totalRewards: centsToDollars(totalCents) };
}
