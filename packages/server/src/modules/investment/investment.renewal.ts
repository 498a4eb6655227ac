// Renewal at maturity (#21). When a position that chose renewal reaches its last period, the payout runner
// decides (under the locks of the position, its plan and, for principal and interest, the member's balance)
// whether the money can go into a new position in the same plan on that day's terms, before the flow's
// `mature` transition runs; the transition records the decision on the matured row (`renewed_into` or
// `renewal_declined`) and its notice says it; then `openRenewal` opens the new position in the same
// transaction. Exactly once: the new row's `renewed_from` is UNIQUE, and the matured row is locked meanwhile.
import { randomUUID } from 'node:crypto';
import { formatCents, formatRateBps, PAYOUT_FREQUENCY_LABELS, PAYOUT_PERIOD_MONTHS } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { DB, InvestmentRow } from '../../db/schema.ts';
import { type FlowEnv, openRowIn } from '../money/money.core.ts';
import type { PlanRecord } from '../plan/plan.repo.ts';
import { investmentFlow } from './investment.flow.ts';
import { changePlanInvested, lockBalanceCents } from './investment.repo.ts';
import { positionTerms, type ScheduledPayment, type ScheduleTerms } from './investment.schedule.ts';

const dollars = (cents: number) => `$${formatCents(cents)}`;

/** What happens to a maturing position's money: renewed (into a new position), or paid out (with why, if renewal was chosen). */
export type RenewalDecision =
  | { renew: true; intoId: string; amountCents: number; plan: PlanRecord & ScheduleTerms }
  | { renew: false; declined: string | null };

/** Months between two payouts (the whole term for interest paid at maturity). */
const periodMonths = (t: ScheduleTerms) => PAYOUT_PERIOD_MONTHS[t.payoutFrequency] ?? t.termMonths;

/**
 * Where the plan's terms today are worse for the member than the position's: a lower rate, a longer term,
 * interest paid less often (a longer period between payouts), or early exit no longer allowed. Anything else
 * (a higher rate, a shorter term, more frequent payouts, early exit added, new limits) is not worse.
 */
export function worseTerms(
  was: ScheduleTerms & { earlyExitAllowed: boolean },
  now: ScheduleTerms & { earlyExitAllowed: boolean },
): string[] {
  const worse: string[] = [];
  if (now.annualRateBps < was.annualRateBps)
    worse.push(`its rate fell from ${formatRateBps(was.annualRateBps)} to ${formatRateBps(now.annualRateBps)} a year`);
  if (now.termMonths > was.termMonths) worse.push(`its term grew from ${was.termMonths} to ${now.termMonths} months`);
  if (periodMonths(now) > periodMonths(was))
    worse.push(
      `its interest is now paid ${PAYOUT_FREQUENCY_LABELS[now.payoutFrequency].toLowerCase()} instead of ${PAYOUT_FREQUENCY_LABELS[was.payoutFrequency].toLowerCase()}`,
    );
  if (was.earlyExitAllowed && !now.earlyExitAllowed) worse.push('it no longer allows early exit');
  return worse;
}

/**
 * Decides the renewal of `position`, whose last period `payment` is about to be paid. `plan` is the plan row,
 * locked by the caller (so capacity cannot change under the decision); for principal and interest the
 * member's row is locked here (so the balance that covers the interest part stays until commit).
 */
export async function decideRenewal(
  trx: Transaction<DB>,
  position: InvestmentRow,
  payment: ScheduledPayment,
  plan: PlanRecord | undefined,
): Promise<RenewalDecision> {
  if (position.renew === 'none') return { renew: false, declined: null };
  const name = position.plan_name;
  if (!plan) return { renew: false, declined: `the ${name} plan no longer exists` };
  if (plan.status === 'archived') return { renew: false, declined: `the ${name} plan has been archived` };
  if (plan.status === 'paused') return { renew: false, declined: `the ${name} plan is paused` };
  if (
    !plan.open_for_investing ||
    plan.annual_rate_bps === null ||
    plan.term_months === null ||
    plan.payout_frequency === null ||
    plan.min_amount_cents === null ||
    plan.max_amount_cents === null
  ) {
    return { renew: false, declined: `the ${name} plan is not open for new investments` };
  }
  const terms = {
    annualRateBps: plan.annual_rate_bps,
    termMonths: plan.term_months,
    payoutFrequency: plan.payout_frequency,
    earlyExitAllowed: plan.early_exit_allowed,
  };
  const worse = worseTerms(
    {
      annualRateBps: position.annual_rate_bps,
      termMonths: position.term_months,
      payoutFrequency: position.payout_frequency,
      earlyExitAllowed: position.early_exit_allowed,
    },
    terms,
  );
  if (worse.length > 0) return { renew: false, declined: `the ${name} plan's terms changed: ${worse.join(', ')}` };

  // "The interest" is everything this position paid over its term, the last period included: it is already in
  // the balance (paid period by period), so renewing it takes it back from there.
  const interestCents = Number(position.interest_paid_cents) + payment.interestCents;
  const amountCents = position.amount_cents + (position.renew === 'principalAndInterest' ? interestCents : 0);
  if (amountCents < plan.min_amount_cents || amountCents > plan.max_amount_cents) {
    return {
      renew: false,
      declined: `the ${name} plan now takes between ${dollars(plan.min_amount_cents)} and ${dollars(plan.max_amount_cents)} per investment, and the renewal would be ${dollars(amountCents)}`,
    };
  }
  if (plan.capacity_cents !== null) {
    // This position's principal leaves the plan in the same transaction, so its room counts.
    const room = plan.capacity_cents - (Number(plan.invested_cents) - position.amount_cents);
    if (amountCents > room) return { renew: false, declined: `the ${name} plan is full` };
  }
  if (position.renew === 'principalAndInterest') {
    // After the maturity payment the balance holds this much more than now: the last interest and the principal.
    const balanceAfter =
      (await lockBalanceCents(trx, position.user_id)) + payment.interestCents + position.amount_cents;
    if (balanceAfter < amountCents) {
      return {
        renew: false,
        declined: `your balance (${dollars(balanceAfter)} with this maturity's payment) cannot cover the ${dollars(interestCents)} interest part of ${dollars(amountCents)}`,
      };
    }
  }
  return { renew: true, intoId: randomUUID(), amountCents, plan: { ...plan, ...terms } };
}

/**
 * Opens the renewed position (decided by `decideRenewal`) for the matured row `from`, in the maturity's
 * transaction: it starts when `from` matured (no day without interest, whenever the runner got to it), on the
 * plan's terms read now, with the same renewal choice; its principal leaves the balance through the money core.
 */
export async function openRenewal(
  trx: Transaction<DB>,
  from: InvestmentRow,
  decision: Extract<RenewalDecision, { renew: true }>,
  env: FlowEnv,
): Promise<InvestmentRow> {
  const { plan, amountCents } = decision;
  const row = await openRowIn(
    trx,
    investmentFlow,
    {
      id: decision.intoId,
      user_id: from.user_id,
      amount_cents: amountCents,
      // A key no member can send ('/' is outside ZIdempotencyKey's characters), so it never clashes with theirs.
      idempotency_key: `renewal/${from.id}`,
      ...positionTerms(plan, amountCents, new Date(from.maturity_at)),
      renew: from.renew,
      renewed_from: from.id,
    },
    env,
  );
  await changePlanInvested(trx, plan.id, amountCents);
  return row;
}
