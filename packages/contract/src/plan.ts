import { z } from 'zod';
import { ZId, text } from './common.ts';

/** Plan values are plain text, as in the legacy product. */
export const ZPlanFields = z.strictObject({
  investmentPlanName: text('Plan name'),
  interestRate: text('Interest rate', 50),
  investmentLimit: text('Investment limit', 50),
  returns: text('Returns', 50),
  investmentDuration: text('Investment duration', 50),
  capitalGrowth: text('Capital growth', 50),
  riskLevel: text('Risk level', 50),
  totalReturn: text('Total return', 50),
  investmentPlanDescription: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
  investmentPlanImage: z.string().trim().max(500, 'Image must be at most 500 characters').default(''),
});
export const ZPlanCreateInput = ZPlanFields;
export type TPlanCreateInput = z.input<typeof ZPlanCreateInput>;

export const ZPlanUpdateInput = ZPlanFields.partial().extend({
  id: ZId,
  version: z.number().int().min(0).optional(),
});
export type TPlanUpdateInput = z.input<typeof ZPlanUpdateInput>;

export const ZPlan = z.object({
  id: z.string(),
  investmentPlanName: z.string(),
  interestRate: z.string(),
  investmentLimit: z.string(),
  returns: z.string(),
  investmentDuration: z.string(),
  capitalGrowth: z.string(),
  riskLevel: z.string(),
  totalReturn: z.string(),
  investmentPlanDescription: z.string(),
  investmentPlanImage: z.string(),
  version: z.number().int(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZPlanIdInput = z.strictObject({ id: ZId });
