import { z } from 'zod';

/** One badge on the rewards page, earned or not (reward.list takes no input). */
export const ZReward = z.object({
  key: z.enum(['early_adopter', 'high_roller', 'diverse_portfolio']),
  name: z.string(),
  description: z.string(),
  earned: z.boolean(),
  detail: z.string(),
});
export type TReward = z.infer<typeof ZReward>;
