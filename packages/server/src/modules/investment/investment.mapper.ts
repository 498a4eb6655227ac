import { centsToDollars, type TInvestment } from '@vestora/contract';
import type { InvestmentRow } from '../../db/schema.ts';
import { iso, isoOrNull } from '../../lib/dates.ts';
import { buildSchedule, type Schedule } from './investment.schedule.ts';

/** The schedule a position was opened with (the same code quotes and pays it). */
export function scheduleOf(row: InvestmentRow): Schedule {
  return buildSchedule(
    { annualRateBps: row.annual_rate_bps, termMonths: row.term_months, payoutFrequency: row.payout_frequency },
    row.amount_cents,
    new Date(row.started_at),
  );
}

/** A position as the wire shows it (dollars, ISO dates, the next payout if one is still to come). */
export function toInvestment(row: InvestmentRow, userEmail: string): TInvestment {
  const schedule = scheduleOf(row);
  const next = row.status === 'active' ? schedule.payments[row.paid_periods] : undefined;
  return {
    id: row.id,
    userId: row.user_id,
    userEmail,
    planId: row.plan_id,
    planName: row.plan_name,
    amount: centsToDollars(row.amount_cents),
    annualRateBps: row.annual_rate_bps,
    termMonths: row.term_months,
    payoutFrequency: row.payout_frequency,
    earlyExitAllowed: row.early_exit_allowed,
    status: row.status,
    startedAt: iso(row.started_at),
    maturityAt: iso(row.maturity_at),
    closedAt: isoOrNull(row.closed_at),
    paidPeriods: row.paid_periods,
    totalPeriods: schedule.payments.length,
    interestPaid: centsToDollars(Number(row.interest_paid_cents)),
    totalInterest: centsToDollars(schedule.totalInterestCents),
    nextPayout: next
      ? { dueAt: next.dueAt.toISOString(), amount: centsToDollars(next.interestCents + next.principalCents) }
      : null,
    renew: row.renew,
    renewedFromId: row.renewed_from,
    renewedIntoId: row.renewed_into,
    renewalDeclined: row.renewal_declined,
  };
}
