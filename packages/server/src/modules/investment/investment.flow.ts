// An investment declared as a money flow: opening, each payout, maturity and early redemption, with their ledger
// effects, notices and refusals. The money core runs them; the payout runner only asks for a period to be paid.
import { formatCents, tr } from '@vestora/contract';
import type { InvestmentRow } from '../../db/schema.ts';
import { defineFlow, type LedgerEffect, type MemberNotice } from '../money/money.core.ts';
import { scheduleOf, toInvestment } from './investment.mapper.ts';
import type { ScheduledPayment } from './investment.schedule.ts';
import { claimReferral, forfeitReferral, payReferral } from './investment.referral.ts';

const dollars = (cents: number) => `$${formatCents(cents)}`;

/** The period a position has just been paid: in the row after a payout, `paid_periods` is that period. */
function justPaid(i: InvestmentRow): { payment: ScheduledPayment; periods: number } {
  const { payments } = scheduleOf(i);
  const payment = payments[i.paid_periods - 1];
  if (!payment) throw new Error(`investment ${i.id} has no period ${i.paid_periods}`);
  return { payment, periods: payments.length };
}

/** The period's interest: the platform pays it (its own ledger records the same cents). */
function interestOf(i: InvestmentRow): LedgerEffect {
  const { payment, periods } = justPaid(i);
  return {
    kind: 'interest',
    amountCents: payment.interestCents,
    memo: `Interest from ${i.plan_name}, period ${payment.period} of ${periods}`,
    platform: { kind: 'interest', refType: 'investment_payout', refId: `${i.id}:${payment.period}` },
  };
}

/** What the member is told at maturity: paid out, renewed, or renewal declined and why (investment.renewal.ts). */
function maturityNotice(i: InvestmentRow): MemberNotice {
  const { payment } = justPaid(i);
  const paidOut =
    `${dollars(payment.principalCents)} principal` +
    (payment.interestCents > 0 ? ` and ${dollars(payment.interestCents)} interest were` : ' was') +
    ' added to your balance';
  if (i.renewed_into) {
    const what = i.renew === 'principalAndInterest' ? 'principal and the interest it paid' : 'principal';
    return {
      kind: 'investment.renewed',
      mailKind: 'investment.renewed',
      link: `/dashboard/investments/${i.renewed_into}`,
      subject: `${i.plan_name} matured and was renewed`,
      paragraphs: [
        `Your ${i.plan_name} investment matured: ${paidOut}, and as you chose, its ${what} went into a new ` +
          `${i.plan_name} position on the plan's current terms. Its details are under Investments.`,
      ],
    };
  }
  return {
    kind: 'investment.matured',
    mailKind: 'investment.matured',
    link: `/dashboard/investments/${i.id}`,
    subject: `${i.plan_name} matured`,
    paragraphs: [
      `Your ${i.plan_name} investment matured: ${paidOut}.`,
      ...(i.renewal_declined
        ? [`It was not renewed as you chose, because ${i.renewal_declined}; the money stays in your balance.`]
        : []),
    ],
  };
}

const stillActive = {
  matured: tr('investment.alreadyMatured', 'This investment has matured and its principal was already returned.'),
  redeemed: tr('investment.alreadyRedeemed', 'This investment was already redeemed.'),
} as const;

/**
 * An investment: opening moves the principal out of the balance (`investment`) and, for a referred member's
 * first investment, claims the referrer's reward (paid with the first payout, forfeited by an early
 * redemption before it: investment.referral.ts); the payout runner pays interest per period (`pay`) and, with the last period, the principal
 * (`mature`: active → matured); where the plan allows it the owner may redeem early (active → redeemed: the
 * principal comes back, unpaid interest is forfeited).
 */
export const investmentFlow = defineFlow({
  table: 'investments',
  entity: 'investment',
  plural: 'investments',
  toWire: toInvestment,
  opening: {
    ledger: (i) => ({
      kind: 'investment',
      amountCents: -i.amount_cents,
      memo: i.renewed_from ? `Renewed into ${i.plan_name} at maturity` : `Invested in ${i.plan_name}`,
    }),
    follow: claimReferral,
  },
  transitions: {
    pay: {
      from: 'active',
      to: 'active',
      by: 'system',
      // Each period is recorded by its investment_payouts row and its ledger entries; maturity is audited.
      audit: false,
      ledger: interestOf,
      follow: payReferral,
      notice: (i) => {
        const { payment, periods } = justPaid(i);
        if (payment.interestCents === 0) return null;
        const interest = dollars(payment.interestCents);
        return {
          kind: 'investment.payout',
          mailKind: 'investment.payout',
          link: `/dashboard/investments/${i.id}`,
          event: `period-${payment.period}`,
          subject: `Interest of ${interest} received`,
          paragraphs: [
            `${interest} interest from ${i.plan_name} (period ${payment.period} of ${periods}) was added to your balance.`,
          ],
        };
      },
    },
    mature: {
      from: 'active',
      to: 'matured',
      by: 'system',
      ledger: (i) => [
        interestOf(i),
        {
          kind: 'principal_return',
          amountCents: justPaid(i).payment.principalCents,
          memo: `${i.plan_name} matured: principal returned`,
        },
      ],
      follow: payReferral,
      // One mail per paid period at most: the maturity mail carries the last interest and the renewal too.
      notice: maturityNotice,
    },
    redeem: {
      from: 'active',
      to: 'redeemed',
      by: 'owner',
      ledger: (i) => ({
        kind: 'principal_return',
        amountCents: i.amount_cents,
        memo: `Early redemption of ${i.plan_name}: principal returned`,
      }),
      follow: forfeitReferral,
    },
  },
  refusals: {
    pay: stillActive,
    mature: stillActive,
    redeem: stillActive,
  },
});
