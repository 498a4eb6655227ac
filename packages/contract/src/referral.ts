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
