import { z } from 'zod';
import { ZId, ZPageInput, page } from './common.ts';
import { ZAmount, ZIdempotencyKey } from './money.ts';
import { ZPayoutFrequency } from './plan-terms.ts';

// ---- quote ----
export const ZInvestmentQuoteInput = z.strictObject({ planId: ZId, amount: ZAmount });
export type TInvestmentQuoteInput = z.infer<typeof ZInvestmentQuoteInput>;

/** One scheduled payment: interest for the period, and the principal with the last one. Dollars. */
export const ZScheduledPayment = z.object({
  period: z.number().int(),
  dueAt: z.string(),
  interest: z.number(),
  principal: z.number(),
});
export type TScheduledPayment = z.infer<typeof ZScheduledPayment>;

/** The terms an investment is (or would be) made on: the plan, the principal in dollars, and a copy of its terms. */
const POSITION_TERMS = {
  planId: z.string(),
  planName: z.string(),
  amount: z.number(),
  annualRateBps: z.number().int(),
  termMonths: z.number().int(),
  payoutFrequency: ZPayoutFrequency,
  earlyExitAllowed: z.boolean(),
};

export const ZInvestmentQuote = z.object({
  ...POSITION_TERMS,
  startAt: z.string(),
  maturityAt: z.string(),
  payments: z.array(ZScheduledPayment),
  totalInterest: z.number(),
  amountAtMaturity: z.number(),
});
export type TInvestmentQuote = z.infer<typeof ZInvestmentQuote>;

// ---- positions ----
export const ZInvestmentStatus = z.enum(['active', 'matured', 'redeemed']);
export type TInvestmentStatus = z.infer<typeof ZInvestmentStatus>;

/**
 * What a position does at maturity: `none` pays everything out to the balance; `principal` puts the principal
 * into a new position in the same plan; `principalAndInterest` puts the principal and the interest the position
 * paid over its whole term (already in the balance, period by period) into it.
 */
export const ZRenewChoice = z.enum(['none', 'principal', 'principalAndInterest']);
export type TRenewChoice = z.infer<typeof ZRenewChoice>;

/** The one label per renewal choice (dialog, card, detail). */
export const RENEW_CHOICE_LABELS: Record<TRenewChoice, string> = {
  none: 'Pay out to my balance',
  principal: 'Renew the principal',
  principalAndInterest: 'Renew principal and interest',
};

/** `renewAtMaturity` is the same choice under the name issue #21 gave it; naming both differently is refused. */
export const ZInvestmentOpenInput = z
  .strictObject({
    planId: ZId,
    amount: ZAmount,
    idempotencyKey: ZIdempotencyKey,
    renew: ZRenewChoice.optional(),
    renewAtMaturity: ZRenewChoice.optional(),
  })
  .refine((v) => v.renew === undefined || v.renewAtMaturity === undefined || v.renew === v.renewAtMaturity, {
    message: 'renew and renewAtMaturity name the same choice; give one of them (or both the same).',
    path: ['renewAtMaturity'],
  });
export type TInvestmentOpenInput = z.infer<typeof ZInvestmentOpenInput>;
export const ZInvestmentSetRenewalInput = z.strictObject({ id: ZId, renew: ZRenewChoice });
export type TInvestmentSetRenewalInput = z.infer<typeof ZInvestmentSetRenewalInput>;
export const ZInvestmentIdInput = z.strictObject({ id: ZId });
export type TInvestmentIdInput = z.infer<typeof ZInvestmentIdInput>;
export const ZInvestmentListInput = ZPageInput.extend({ status: ZInvestmentStatus.optional(), userId: ZId.optional() });
export type TInvestmentListInput = z.input<typeof ZInvestmentListInput>;

/** A position: the principal, a copy of the plan's terms when it opened, and what it has paid so far. */
export const ZInvestment = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  ...POSITION_TERMS,
  status: ZInvestmentStatus,
  startedAt: z.string(),
  maturityAt: z.string(),
  closedAt: z.string().nullable(),
  paidPeriods: z.number().int(),
  totalPeriods: z.number().int(),
  interestPaid: z.number(),
  totalInterest: z.number(),
  nextPayout: z.object({ dueAt: z.string(), amount: z.number() }).nullable(),
  /** What happens at maturity (changeable by the owner until then). */
  renew: ZRenewChoice,
  /** The matured position this one renewed, if it is a renewal. */
  renewedFromId: z.string().nullable(),
  /** The position this one renewed into at maturity. */
  renewedIntoId: z.string().nullable(),
  /** Why a chosen renewal did not happen at maturity (the money went to the balance instead). */
  renewalDeclined: z.string().nullable(),
});
export type TInvestment = z.infer<typeof ZInvestment>;
export const ZInvestmentPage = page(ZInvestment);

export const ZSchedulePaymentStatus = z.enum(['paid', 'upcoming', 'forfeited']);
export const ZInvestmentDetail = ZInvestment.extend({
  schedule: z.array(ZScheduledPayment.extend({ status: ZSchedulePaymentStatus, paidAt: z.string().nullable() })),
  amountAtMaturity: z.number(),
});
export type TInvestmentDetail = z.infer<typeof ZInvestmentDetail>;

// ---- portfolio and overview ----
/** The signed-in user's money at a glance: available balance, principal invested, interest received. */
export const ZPortfolio = z.object({
  available: z.number(),
  invested: z.number(),
  interestReceived: z.number(),
  /** Points in time where one of the three changed, oldest first (for the chart). */
  history: z.array(
    z.object({ at: z.string(), available: z.number(), invested: z.number(), interestReceived: z.number() }),
  ),
});
export type TPortfolio = z.infer<typeof ZPortfolio>;

/** investment.summary: the portfolio's three figures now, without the history (cheap: no ledger read). */
export const ZPortfolioSummary = ZPortfolio.pick({ available: true, invested: true, interestReceived: true });
export type TPortfolioSummary = z.infer<typeof ZPortfolioSummary>;

/** Figures the home page shows visitors, computed from the data. */
export const ZPublicStats = z.object({
  accounts: z.number().int(),
  activeInvestors: z.number().int(),
  amountInvested: z.number(),
  coinsTracked: z.number().int(),
});
export type TPublicStats = z.infer<typeof ZPublicStats>;

/** admin.counts: what waits for an admin, for the menu's badges (cheap: read on every page). */
export const ZAdminCounts = z.object({
  pendingDeposits: z.number().int(),
  pendingWithdrawals: z.number().int(),
  unreadMessages: z.number().int(),
});
export type TAdminCounts = z.infer<typeof ZAdminCounts>;

/** What an operator checks each morning. */
export const ZAdminOverview = z.object({
  users: z.number().int(),
  balancesHeld: z.number(),
  principalByPlan: z.array(
    z.object({ planId: z.string(), planName: z.string(), principal: z.number(), positions: z.number().int() }),
  ),
  principalInvested: z.number(),
  interestDueNext30Days: z.number(),
  /** When balancesHeld, the principal figures and interestDueNext30Days were computed (at most a minute ago). */
  figuresAt: z.string(),
  pendingDeposits: z.object({ count: z.number().int(), amount: z.number() }),
  pendingWithdrawals: z.object({ count: z.number().int(), amount: z.number() }),
  /** The platform check of the last full check (taken at ledgerCheckedAt). */
  platform: z.object({ ok: z.boolean(), difference: z.number() }),
  /** The last full check's per-user result: every balance = sum of its ledger entries. */
  ledgerOk: z.boolean(),
  /** When that full check ran (re-run in the background once a few minutes old, and by ledger.verify). */
  ledgerCheckedAt: z.string(),
  /**
   * #31: open limit orders, and those of them whose price was reached but the platform could not fill (the
   * treasury short, the exposure limit, the trade bounds): they wait, and say why.
   */
  limitOrders: z.object({ open: z.number().int(), failedToFill: z.number().int() }),
  /** What the installation still needs before it can run as intended (the Overview's to-do list). */
  setup: z.object({
    /** False while the deposit account is the seeded placeholder (or missing): members cannot deposit. */
    depositAccountSet: z.boolean(),
    /** Whether SMTP_URL is set (mail is delivered); without it mail waits in the Outbox. */
    mailDelivered: z.boolean(),
    /** Enabled administrators: with one, that admin's own money moves cannot be reviewed (four eyes). */
    activeAdmins: z.number().int(),
  }),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;
