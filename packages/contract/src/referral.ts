import { z } from 'zod';
import { ZId } from './common.ts';

export const ZReferralGetInput = z.strictObject({ userId: ZId });
export const ZReferral = z.object({
  userId: z.string(),
  referralCode: z.string(),
  referralLink: z.string(),
  referredCount: z.number().int(),
});
export type TReferral = z.infer<typeof ZReferral>;

/** A friend who signed up with your link: first name and initial only, and what their sign-up earned you. */
export const ZReferredFriend = z.object({
  name: z.string(),
  joinedAt: z.string(),
  status: z.enum(['signed_up', 'invested']),
  /** What their first investment earned you so far (paid rewards only). */
  reward: z.number(),
  /**
   * none: no investment yet; pending: their first investment has not completed a payout period yet (the reward is
   * paid then); paid; forfeited: that investment was redeemed before its first payout.
   */
  rewardStatus: z.enum(['none', 'pending', 'paid', 'forfeited']),
});
export const ZReferralFriends = z.object({
  friends: z.array(ZReferredFriend),
  totalRewards: z.number(),
});
export type TReferralFriends = z.infer<typeof ZReferralFriends>;
