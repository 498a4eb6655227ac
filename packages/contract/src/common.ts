import { z } from 'zod';
import { type Msg, tr, translate } from './i18n.ts';

/** Control characters (Unicode Cc: C0, DEL, C1). NUL cannot even be stored in a PostgreSQL text column. */
const CONTROL_CHARS = /\p{Cc}/u;
/** The same, less tab and line breaks (multi-line fields such as a description or a reason). */
const CONTROL_CHARS_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/** A field's name in the reader's language (a technical name such as `cursor` stays as it is). */
const nameOf = (label: string | Msg) => (typeof label === 'string' ? label : translate(label));

/**
 * A validation message, said when zod reports it (not when the schema is built): the web installs its
 * translator after the contract loads, so the same schema speaks the reader's language there, English here.
 */
export const say = (msg: () => Msg) => ({ error: () => translate(msg()) });

/** "First name is required", in the reader's language. */
export const required = (label: string | Msg) =>
  say(() => tr('validation.required', '{label} is required', { label: nameOf(label) }));

/** "First name must be at most 100 characters", in the reader's language. */
export const atMost = (label: string | Msg, max: number) =>
  say(() => tr('validation.tooLong', '{label} must be at most {max} characters', { label: nameOf(label), max }));

/**
 * The one rule every free-text input field carries: no control characters (a 400 naming the field instead of
 * a database error). `multiline` fields keep tabs and line breaks.
 */
export const plain = <T extends z.ZodString>(schema: T, label: string | Msg, opts: { multiline?: boolean } = {}): T =>
  schema.refine(
    (v) => !(opts.multiline ? CONTROL_CHARS_BUT_LINES : CONTROL_CHARS).test(v),
    opts.multiline
      ? say(() =>
          tr(
            'validation.controlCharsMultiline',
            '{label} must not contain control characters (line breaks and tabs are fine)',
            { label: nameOf(label) },
          ),
        )
      : say(() =>
          tr('validation.controlChars', '{label} must not contain control characters', { label: nameOf(label) }),
        ),
  ) as T;

/** A short required text field, trimmed, one line. `label` is the field's name (`tr('field.city', 'City')`). */
export const text = (label: Msg, max = 100) =>
  plain(z.string(required(label)).trim().min(1, required(label)).max(max, atMost(label, max)), label);

/** Entity ids are UUIDs. */
export const ZId = z.uuid({ error: 'id must be a valid id' });

const EMAIL = tr('field.email', 'Email');

export const ZEmail = z
  .string(required(EMAIL))
  .trim()
  .max(254, atMost(EMAIL, 254))
  .pipe(z.email(say(() => tr('validation.emailInvalid', 'Email must be a valid email address'))))
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
export const REASON = tr('field.reason', 'Reason');
export const ZReviewReason = plain(z.string().trim().max(500, atMost(REASON, 500)), REASON, { multiline: true });

/** A review input's rule (with `.refine`): rejecting needs a reason. */
export const reasonGivenToReject = (v: { decision: string; reason?: string }) =>
  v.decision !== 'reject' || (v.reason ?? '').length > 0;
