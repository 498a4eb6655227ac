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
  reward: z.number(),
});
export const ZReferralFriends = z.object({
  friends: z.array(ZReferredFriend),
  totalRewards: z.number(),
});
export type TReferralFriends = z.infer<typeof ZReferralFriends>;
