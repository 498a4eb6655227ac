// An investment declared as a money flow: opening, each payout, maturity and early redemption, with their ledger
// effects, notices and refusals. The money core runs them; the payout runner only asks for a period to be paid.
import { tr } from '@vestora/contract';
import type { InvestmentRow } from '../../db/schema.ts';
import { type Msg, money, tm } from '../../i18n/i18n.ts';
import { defineFlow, type LedgerEffect, type MemberNotice } from '../money/money.core.ts';
import { scheduleOf, toInvestment } from './investment.mapper.ts';
import type { ScheduledPayment } from './investment.schedule.ts';
import { claimReferral, forfeitReferral, payReferral } from './investment.referral.ts';

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
    from: 'interest_expense',
    to: 'available',
    memo: `Interest from ${i.plan_name}, period ${payment.period} of ${periods}`,
  };
}

/** What the member is told at maturity: paid out, renewed, or renewal declined and why (investment.renewal.ts). */
function maturityNotice(i: InvestmentRow): MemberNotice {
  const { payment } = justPaid(i);
  const values = {
    plan: i.plan_name,
    principal: money(payment.principalCents),
    interest: money(payment.interestCents),
  };
  const withInterest = payment.interestCents > 0;
  if (i.renewed_into) {
    // One whole sentence per case (with or without interest, what was renewed), so each language can say it well.
    const withAll = i.renew === 'principalAndInterest';
    let body: Msg;
    if (withInterest && withAll) {
      body = tm(
        'notice.investmentRenewed.interest.all',
        "Your {plan} investment matured: {principal} principal and {interest} interest were added to your balance, and as you chose, its principal and the interest it paid went into a new {plan} position on the plan's current terms. Its details are under Investments.",
        values,
      );
    } else if (withInterest) {
      body = tm(
        'notice.investmentRenewed.interest.principal',
        "Your {plan} investment matured: {principal} principal and {interest} interest were added to your balance, and as you chose, its principal went into a new {plan} position on the plan's current terms. Its details are under Investments.",
        values,
      );
    } else if (withAll) {
      body = tm(
        'notice.investmentRenewed.noInterest.all',
        "Your {plan} investment matured: {principal} principal was added to your balance, and as you chose, its principal and the interest it paid went into a new {plan} position on the plan's current terms. Its details are under Investments.",
        values,
      );
    } else {
      body = tm(
        'notice.investmentRenewed.noInterest.principal',
        "Your {plan} investment matured: {principal} principal was added to your balance, and as you chose, its principal went into a new {plan} position on the plan's current terms. Its details are under Investments.",
        values,
      );
    }
    return {
      kind: 'investment.renewed',
      mailKind: 'investment.renewed',
      link: `/dashboard/investments/${i.renewed_into}`,
      subject: tm('notice.investmentRenewed.subject', '{plan} matured and was renewed', { plan: i.plan_name }),
      paragraphs: [body],
    };
  }
  return {
    kind: 'investment.matured',
    mailKind: 'investment.matured',
    link: `/dashboard/investments/${i.id}`,
    subject: tm('notice.investmentMatured.subject', '{plan} matured', { plan: i.plan_name }),
    paragraphs: [
      withInterest
        ? tm(
            'notice.investmentMatured.interest',
            'Your {plan} investment matured: {principal} principal and {interest} interest were added to your balance.',
            values,
          )
        : tm(
            'notice.investmentMatured.noInterest',
            'Your {plan} investment matured: {principal} principal was added to your balance.',
            values,
          ),
      // The reason is stored in English when the position matures (investment.renewal.ts).
      ...(i.renewal_declined
        ? [
            tm(
              'notice.investmentMatured.notRenewed',
              'It was not renewed as you chose, because {reason}; the money stays in your balance.',
              { reason: i.renewal_declined },
            ),
          ]
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
      amountCents: i.amount_cents,
      from: 'available',
      to: 'invested',
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
        const values = {
          interest: money(payment.interestCents),
          plan: i.plan_name,
          period: payment.period,
          periods,
        };
        return {
          kind: 'investment.payout',
          mailKind: 'investment.payout',
          link: `/dashboard/investments/${i.id}`,
          event: `period-${payment.period}`,
          subject: tm('notice.interestReceived.subject', 'Interest of {interest} received', values),
          paragraphs: [
            tm(
              'notice.interestReceived.body',
              '{interest} interest from {plan} (period {period} of {periods}) was added to your balance.',
              values,
            ),
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
          from: 'invested',
          to: 'available',
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
        from: 'invested',
        to: 'available',
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
