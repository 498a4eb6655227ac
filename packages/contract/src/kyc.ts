// #33: who is behind each account. Identity tiers (0: email verified; 1: legal name, date of birth, address and an
// identity document; 2: proof of address, and a selfie when the operator asks for one) and the withdrawal limits
// that go with them, in dollars across every way money leaves. Amounts are decimal dollar strings ("1500.00").
import { z } from 'zod';
import { say, ZId, ZTimestamp } from './common.ts';
import { tr } from './i18n.ts';

export const KYC_TIERS = [0, 1, 2] as const;
export type TKycTier = (typeof KYC_TIERS)[number];

export const KYC_DOCUMENT_KINDS = ['identity', 'proof_of_address', 'selfie'] as const;
export const ZKycDocumentKind = z.enum(KYC_DOCUMENT_KINDS);
export type TKycDocumentKind = z.infer<typeof ZKycDocumentKind>;

/** The only types a document may be (its bytes are sniffed: the name and the declared type must agree with them). */
export const KYC_DOCUMENT_MIMES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type TKycDocumentMime = (typeof KYC_DOCUMENT_MIMES)[number];

/**
 * An application's life: pending → awaiting_second_review (one admin approved) → approved (a second, different
 * admin approved); retry (an item must be sent again: the member sees which and why); rejected (final);
 * superseded (a newer application replaced it).
 */
export const KYC_APPLICATION_STATUSES = [
  'pending',
  'awaiting_second_review',
  'approved',
  'retry',
  'rejected',
  'superseded',
] as const;
export type TKycApplicationStatus = (typeof KYC_APPLICATION_STATUSES)[number];

export const KYC_DECISIONS = ['approve', 'retry', 'reject'] as const;
export const ZKycDecision = z.enum(KYC_DECISIONS);
export type TKycDecision = z.infer<typeof ZKycDecision>;

/** What a retry may ask for again: a document kind or one of the details. */
export const KYC_ITEMS = [...KYC_DOCUMENT_KINDS, 'legal_name', 'date_of_birth', 'address'] as const;
export const ZKycItem = z.enum(KYC_ITEMS);
export type TKycItem = z.infer<typeof ZKycItem>;

const ZIsoDate = z
  .string()
  .trim()
  .refine(
    (v) => /^\d{4}-\d\d-\d\d$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
    say(() => tr('validation.isoDate', 'A date such as 1990-04-21')),
  );

export const ZKycSubmitInput = z.strictObject({
  tier: z.union([z.literal(1), z.literal(2)]),
  legalName: z.string().trim().min(2).max(200),
  dateOfBirth: ZIsoDate,
  address: z.string().trim().min(5).max(500),
  documentIds: z.array(ZId).min(1).max(10),
});
export type TKycSubmitInput = z.infer<typeof ZKycSubmitInput>;

export const ZKycReviewInput = z.strictObject({
  id: ZId,
  decision: ZKycDecision,
  /** Shown to the member on retry and reject; kept for the record on approve. */
  reason: z.string().trim().max(1000),
  /** On retry: which document or detail to send again. */
  item: ZKycItem.optional(),
  /** For admins only: never reaches the member. */
  note: z.string().trim().max(2000).optional(),
});
export type TKycReviewInput = z.infer<typeof ZKycReviewInput>;

export const ZKycIdInput = z.strictObject({ id: ZId });

/** The member's limits now: dollars a day (rolling 24 h) and a month (rolling 30 days), and what is used of each. */
export const ZKycLimits = z.object({
  dailyUsd: z.string(),
  monthlyUsd: z.string(),
  usedDailyUsd: z.string(),
  usedMonthlyUsd: z.string(),
});
export type TKycLimits = z.infer<typeof ZKycLimits>;

/** A document as its owner sees it (the link expires after 15 minutes). */
export const ZKycDocumentLink = z.object({
  id: z.string(),
  kind: ZKycDocumentKind,
  mime: z.string(),
  sizeBytes: z.number().int(),
  createdAt: ZTimestamp,
  url: z.string().nullable(),
});
export type TKycDocumentLink = z.infer<typeof ZKycDocumentLink>;

/**
 * One thing the member gave, as they see it: `accepted` (approved), `in_review` (an application waits for
 * review), `send_again` (a reviewer or a check asks for it again: `reason` says why), `waiting` (given with an
 * application one other item of which must be sent again: reviewed with the next submission), `rejected`
 * (the application was refused for good: `reason` says why). `value` is the detail itself (a document: null).
 */
export const KYC_ITEM_STATES = ['accepted', 'in_review', 'send_again', 'waiting', 'rejected'] as const;
export type TKycItemState = (typeof KYC_ITEM_STATES)[number];
export const ZKycItemView = z.object({
  item: ZKycItem,
  state: z.enum(KYC_ITEM_STATES),
  reason: z.string().nullable(),
  value: z.string().nullable(),
  document: ZKycDocumentLink.nullable(),
});
export type TKycItemView = z.infer<typeof ZKycItemView>;

/** What the next tier needs (null at tier 2): the tier, the items to give and its limits. */
export const ZKycNext = z.object({
  tier: z.union([z.literal(1), z.literal(2)]),
  needs: z.array(ZKycItem),
  dailyUsd: z.string(),
  monthlyUsd: z.string(),
});
export type TKycNext = z.infer<typeof ZKycNext>;

/** kyc.status: the member's tier, their open application, what they gave and its state, limits, the next tier. */
export const ZKycStatus = z.object({
  tier: z.number().int().min(0).max(2),
  /** The open application (pending or awaiting a second review), or null. */
  pending: z
    .object({
      id: z.string(),
      status: z.enum(['pending', 'awaiting_second_review']),
      tier: z.number().int(),
      submittedAt: ZTimestamp,
    })
    .nullable(),
  /** A reject is final: the member cannot apply again. */
  rejected: z.boolean(),
  items: z.array(ZKycItemView),
  limits: ZKycLimits,
  next: ZKycNext.nullable(),
});
export type TKycStatus = z.infer<typeof ZKycStatus>;

/** kyc.submit's answer. */
export const ZKycSubmitResult = z.object({ id: z.string(), status: z.literal('pending'), tier: z.number().int() });
export type TKycSubmitResult = z.infer<typeof ZKycSubmitResult>;

/** A decision on an application, as admins see it (with the note). */
export const ZKycReviewView = z.object({
  id: z.string(),
  reviewerId: z.string(),
  reviewerEmail: z.string().nullable(),
  decision: ZKycDecision,
  reason: z.string().nullable(),
  item: ZKycItem.nullable(),
  note: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TKycReviewView = z.infer<typeof ZKycReviewView>;

/** One application in the admins' queue (oldest first). */
export const ZKycQueueItem = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  tier: z.number().int(),
  status: z.enum(['pending', 'awaiting_second_review']),
  submittedAt: ZTimestamp,
  /** The admins who already approved it (one at most until the second approval closes it). */
  approvedBy: z.array(z.object({ id: z.string(), email: z.string().nullable() })),
});
export const ZKycQueue = z.object({ items: z.array(ZKycQueueItem) });
export type TKycQueue = z.infer<typeof ZKycQueue>;

/** kyc.get: an application, its member, its documents (with links) and its review history (with notes). */
export const ZKycApplicationDetail = z.object({
  id: z.string(),
  tier: z.number().int(),
  status: z.enum(KYC_APPLICATION_STATUSES),
  legalName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  retryItem: ZKycItem.nullable(),
  memberReason: z.string().nullable(),
  submittedAt: ZTimestamp,
  decidedAt: ZTimestamp.nullable(),
  member: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    tier: z.number().int(),
    createdAt: ZTimestamp,
  }),
  documents: z.array(ZKycDocumentLink.extend({ expiresOn: z.string().nullable(), deleted: z.boolean() })),
  reviews: z.array(ZKycReviewView),
});
export type TKycApplicationDetail = z.infer<typeof ZKycApplicationDetail>;

/** kyc.review's answer: the application's status after the decision. */
export const ZKycReviewResult = z.object({
  id: z.string(),
  status: z.enum(['awaiting_second_review', 'approved', 'retry', 'rejected']),
  tier: z.number().int(),
});
export type TKycReviewResult = z.infer<typeof ZKycReviewResult>;
