import { z } from 'zod';

/** A short required text field, trimmed. */
export const text = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Entity ids are UUIDs. */
export const ZId = z.uuid({ error: 'id must be a valid id' });

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Email must be a valid email address' }))
  .transform((e) => e.toLowerCase());

/** ISO-8601 timestamp on the wire. */
export const ZTimestamp = z.string();

/** Cursor pagination input shared by every list. */
export const ZPageInput = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(100).default(25),
  /** Sent by @trpc/react-query's useInfiniteQuery; lists only page forward, so it is accepted and ignored. */
  direction: z.enum(['forward', 'backward']).optional(),
});

/** `{ items, nextCursor }` for any item schema. */
export const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** An admin's reason for a review decision (required when rejecting a deposit or a withdrawal). */
export const ZReviewReason = z.string().trim().max(500, 'Reason must be at most 500 characters');

/** A review input's rule (with `.refine`): rejecting needs a reason. */
export const reasonGivenToReject = (v: { decision: string; reason?: string }) =>
  v.decision !== 'reject' || (v.reason ?? '').length > 0;
