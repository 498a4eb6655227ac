import { PAYOUT_PERIOD_MONTHS, type TPayoutFrequency, termInterestCents } from '@vestora/contract';

/** What a payout schedule depends on (a plan's terms as they were when the investment was made). */
export interface ScheduleTerms {
  annualRateBps: number;
  termMonths: number;
  payoutFrequency: TPayoutFrequency;
}

export interface ScheduledPayment {
  /** 1-based. */
  period: number;
  dueAt: Date;
  interestCents: number;
  /** 0 except the last period, which returns the principal. */
  principalCents: number;
}

export interface Schedule {
  payments: ScheduledPayment[];
  totalInterestCents: number;
  maturityAt: Date;
  amountAtMaturityCents: number;
}

/**
 * `months` calendar months after `start`, counted from the start date each time (never chained), in UTC,
 * clamped to the month's last day (Jan 31 + 1 month = Feb 28/29); the time of day is kept.
 */
export function addMonthsUtc(start: Date, months: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/**
 * The payouts of `principalCents` invested at `startAt`. Interest due up to each period is
 * floor(principal × bps × monthsElapsed / 120000) cents and the period pays the difference from the one
 * before, so rounding never drifts and the total is exactly floor(principal × rate × term). Dates come
 * from the start date and the terms only.
 */
export function buildSchedule(terms: ScheduleTerms, principalCents: number, startAt: Date): Schedule {
  const { annualRateBps, termMonths } = terms;
  if (!Number.isSafeInteger(principalCents) || principalCents <= 0)
    throw new RangeError(`principal must be a positive whole number of cents (got ${principalCents})`);
  if (!Number.isInteger(termMonths) || termMonths < 1)
    throw new RangeError(`termMonths must be ≥ 1 (got ${termMonths})`);
  if (!Number.isInteger(annualRateBps) || annualRateBps < 0)
    throw new RangeError(`annualRateBps must be a whole number ≥ 0 (got ${annualRateBps})`);
  const period = PAYOUT_PERIOD_MONTHS[terms.payoutFrequency] ?? termMonths;
  if (termMonths % period !== 0)
    throw new RangeError(`a ${terms.payoutFrequency} payout needs a term in multiples of ${period} months`);

  const payments: ScheduledPayment[] = [];
  const periods = termMonths / period;
  let paidSoFar = 0;
  for (let k = 1; k <= periods; k++) {
    const cumulative = termInterestCents(principalCents, annualRateBps, k * period);
    payments.push({
      period: k,
      dueAt: addMonthsUtc(startAt, k * period),
      interestCents: cumulative - paidSoFar,
      principalCents: k === periods ? principalCents : 0,
    });
    paidSoFar = cumulative;
  }
  return {
    payments,
    totalInterestCents: paidSoFar,
    maturityAt: addMonthsUtc(startAt, termMonths),
    amountAtMaturityCents: principalCents + paidSoFar,
  };
}

/**
 * A new position's terms and dates, copied from its plan as it reads now (a later change of the plan does not
 * touch it): the same for a position a member opens and for one a renewal opens.
 */
export function positionTerms(
  plan: ScheduleTerms & { id: string; investment_plan_name: string; early_exit_allowed: boolean },
  amountCents: number,
  startedAt: Date,
) {
  const schedule = buildSchedule(plan, amountCents, startedAt);
  return {
    plan_id: plan.id,
    plan_name: plan.investment_plan_name,
    annual_rate_bps: plan.annualRateBps,
    term_months: plan.termMonths,
    payout_frequency: plan.payoutFrequency,
    early_exit_allowed: plan.early_exit_allowed,
    started_at: startedAt,
    maturity_at: schedule.maturityAt,
    next_due_at: schedule.payments[0]!.dueAt,
  };
}
