// #31: what acts while the member is away: recurring buys (a fixed dollar amount of a coin every week or month,
// each period at most once) and price alerts (once per crossing). Amounts and prices are decimal strings.
import { z } from 'zod';
import { say, ZId, ZTimestamp } from './common.ts';
import { tr } from './i18n.ts';
import { ZAssetCode, ZDecimalAmount, ZUsd } from './trade.ts';

export const RECURRING_EVERY = ['week', 'month'] as const;
export const ZRecurringEvery = z.enum(RECURRING_EVERY);
export type TRecurringEvery = z.infer<typeof ZRecurringEvery>;

/** When a recurring buy starts: an ISO time (with its zone); leave it out to start now. */
const ZStartAt = z
  .string()
  .trim()
  .max(40)
  .refine(
    (v) => /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(v) && !Number.isNaN(Date.parse(v)),
    say(() => tr('validation.isoTime', 'Start: a date and time such as 2026-12-07T09:00:00Z')),
  );

export const ZRecurringBuyCreateInput = z.strictObject({
  asset: ZAssetCode,
  amountUsd: ZDecimalAmount,
  every: ZRecurringEvery,
  startAt: ZStartAt.optional(),
});
export type TRecurringBuyCreateInput = z.infer<typeof ZRecurringBuyCreateInput>;

export const ZRecurringBuyIdInput = z.strictObject({ id: ZId });

/** Why a period was skipped (one word per reason: the web's labels and the notices read it). */
export const RECURRING_SKIP_REASONS = ['missed', 'balance', 'paused', 'stale', 'refused'] as const;

export const ZRecurringBuyRun = z.object({
  /** 1 is the period at the start date. */
  period: z.number().int(),
  dueAt: ZTimestamp,
  status: z.enum(['bought', 'skipped']),
  reasonCode: z.enum(RECURRING_SKIP_REASONS).nullable(),
  /** Why it was skipped, in the reader's language (null: bought). */
  reason: z.string().nullable(),
  tradeId: z.string().nullable(),
  /** What a bought period got (the coin's amount), null when skipped. */
  amount: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TRecurringBuyRun = z.infer<typeof ZRecurringBuyRun>;

export const ZRecurringBuy = z.object({
  id: z.string(),
  asset: z.string(),
  amountUsd: ZUsd,
  every: ZRecurringEvery,
  startAt: ZTimestamp,
  status: z.enum(['active', 'paused']),
  /** When the next period falls due (while paused: the next one after a resume now). */
  nextDueAt: ZTimestamp,
  createdAt: ZTimestamp,
  /** Newest first. */
  runs: z.array(ZRecurringBuyRun),
});
export type TRecurringBuy = z.infer<typeof ZRecurringBuy>;

export const ZRecurringBuyList = z.object({ items: z.array(ZRecurringBuy) });
export type TRecurringBuyList = z.infer<typeof ZRecurringBuyList>;

export const ZPriceAlertCreateInput = z.strictObject({
  asset: ZAssetCode,
  direction: z.enum(['above', 'below']),
  price: ZDecimalAmount,
});
export type TPriceAlertCreateInput = z.infer<typeof ZPriceAlertCreateInput>;

export const ZPriceAlertIdInput = z.strictObject({ id: ZId });

export const ZPriceAlert = z.object({
  id: z.string(),
  asset: z.string(),
  direction: z.enum(['above', 'below']),
  price: z.string(),
  /** armed: fires at the next fresh price past the level; waiting: fired, re-arms once the price moved back. */
  status: z.enum(['armed', 'waiting']),
  /** The price at which a waiting alert re-arms. */
  rearmPrice: z.string(),
  firedCount: z.number().int(),
  createdAt: ZTimestamp,
  /** Newest first (the last 20 crossings). */
  firings: z.array(z.object({ crossing: z.number().int(), price: z.string(), at: ZTimestamp })),
});
export type TPriceAlert = z.infer<typeof ZPriceAlert>;

export const ZPriceAlertList = z.object({ items: z.array(ZPriceAlert) });
export type TPriceAlertList = z.infer<typeof ZPriceAlertList>;

/** overview.automation (admin): counts of recurring buys and alerts, and the latest skipped runs. */
export const ZAutomationOverview = z.object({
  recurringActive: z.number().int(),
  recurringPaused: z.number().int(),
  boughtLast7d: z.number().int(),
  skippedLast7d: z.number().int(),
  alertsLive: z.number().int(),
  alertsFiredLast7d: z.number().int(),
  /** Newest first, at most 10. */
  recentSkips: z.array(
    z.object({
      recurringBuyId: z.string(),
      userId: z.string(),
      asset: z.string(),
      period: z.number().int(),
      reasonCode: z.enum(RECURRING_SKIP_REASONS),
      reason: z.string(),
      at: ZTimestamp,
    }),
  ),
});
export type TAutomationOverview = z.infer<typeof ZAutomationOverview>;
