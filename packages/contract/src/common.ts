import { z } from 'zod';

/** Control characters (Unicode Cc: C0, DEL, C1). NUL cannot even be stored in a PostgreSQL text column. */
const CONTROL_CHARS = /\p{Cc}/u;
/** The same, less tab and line breaks (multi-line fields such as a description or a reason). */
const CONTROL_CHARS_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/**
 * The one rule every free-text input field carries: no control characters (a 400 naming the field instead of
 * a database error). `multiline` fields keep tabs and line breaks.
 */
export const plain = <T extends z.ZodString>(schema: T, label: string, opts: { multiline?: boolean } = {}): T =>
  schema.refine(
    (v) => !(opts.multiline ? CONTROL_CHARS_BUT_LINES : CONTROL_CHARS).test(v),
    opts.multiline
      ? `${label} must not contain control characters (line breaks and tabs are fine)`
      : `${label} must not contain control characters`,
  ) as T;

/** A short required text field, trimmed, one line. */
export const text = (label: string, max = 100) =>
  plain(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  );

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
  cursor: plain(z.string().max(200), 'cursor').optional(),
  limit: z.number().int().min(1).max(100).default(25),
  /** Sent by @trpc/react-query's useInfiniteQuery; lists only page forward, so it is accepted and ignored. */
  direction: z.enum(['forward', 'backward']).optional(),
});

/** `{ items, nextCursor }` for any item schema. */
export const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** An admin's reason for a review decision (required when rejecting a deposit or a withdrawal). */
export const ZReviewReason = plain(z.string().trim().max(500, 'Reason must be at most 500 characters'), 'Reason', {
  multiline: true,
});

/** A review input's rule (with `.refine`): rejecting needs a reason. */
export const reasonGivenToReject = (v: { decision: string; reason?: string }) =>
  v.decision !== 'reject' || (v.reason ?? '').length > 0;
