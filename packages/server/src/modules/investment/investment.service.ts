import {
  centsToDollars,
  formatCents,
  type TInvestment,
  type TInvestmentDetail,
  type TInvestmentIdInput,
  type TInvestmentOpenInput,
  type TInvestmentQuote,
  type TInvestmentQuoteInput,
  type TInvestmentSetRenewalInput,
  tr,
} from '@vestora/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { Clock } from '../../deps.ts';
import { iso } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { flowEnv, openRequest, runTransition, toCents } from '../money/money.core.ts';
import { findUserEmail } from '../money/money.repo.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import {
  changePlanInvested,
  findInvestment,
  listPayouts,
  lockInvestment,
  updateRenewChoice,
} from './investment.repo.ts';
import { investmentFlow } from './investment.flow.ts';
import { findPlanById, type PlanRecord } from '../plan/plan.repo.ts';
import { payDuePeriods } from './investment.payouts.ts';
import { scheduleOf, toInvestment } from './investment.mapper.ts';
import { buildSchedule, positionTerms, type ScheduleTerms } from './investment.schedule.ts';

type OpenPlan = PlanRecord & ScheduleTerms;

/** The plan's terms when it can take an investment of `amountCents`; a clear refusal otherwise. */
function requireInvestable(plan: PlanRecord | undefined, amountCents: number): OpenPlan {
  if (!plan) throw new AppError('NOT_FOUND', tr('plan.notFound', 'Investment plan not found.'));
  if (
    plan.status !== 'active' ||
    !plan.open_for_investing ||
    plan.annual_rate_bps === null ||
    plan.term_months === null ||
    plan.payout_frequency === null ||
    plan.min_amount_cents === null ||
    plan.max_amount_cents === null
  ) {
    throw new AppError('INVALID_STATE', tr('investment.planClosed', 'This plan is not open for new investments.'));
  }
  if (amountCents < plan.min_amount_cents || amountCents > plan.max_amount_cents) {
    throw new AppError(
      'BAD_INPUT',
      tr('investment.amountOutOfRange', 'amount: This plan takes between ${min} and ${max} per investment.', {
        min: formatCents(plan.min_amount_cents),
        max: formatCents(plan.max_amount_cents),
      }),
    );
  }
  if (plan.capacity_cents !== null) {
    const remaining = plan.capacity_cents - Number(plan.invested_cents);
    if (amountCents > remaining) {
      throw new AppError(
        'INVALID_STATE',
        remaining > 0
          ? tr('investment.capacityLeft', "Only ${amount} of this plan's capacity remains; invest at most that.", {
              amount: formatCents(remaining),
            })
          : tr('investment.planFull', 'This plan is fully subscribed; it takes no new investments for now.'),
      );
    }
  }
  return {
    ...plan,
    annualRateBps: plan.annual_rate_bps,
    termMonths: plan.term_months,
    payoutFrequency: plan.payout_frequency,
  };
}

/** What investing `amount` in a plan would pay, computed by the same schedule code the runner pays with. */
export async function quoteInvestment(
  db: Database,
  clock: Clock,
  input: TInvestmentQuoteInput,
): Promise<TInvestmentQuote> {
  const amountCents = toCents(input.amount);
  const plan = requireInvestable(await findPlanById(db, input.planId), amountCents);
  const startAt = clock.now();
  const schedule = buildSchedule(plan, amountCents, startAt);
  return {
    planId: plan.id,
    planName: plan.investment_plan_name,
    amount: centsToDollars(amountCents),
    annualRateBps: plan.annualRateBps,
    termMonths: plan.termMonths,
    payoutFrequency: plan.payoutFrequency,
    earlyExitAllowed: plan.early_exit_allowed,
    startAt: iso(startAt),
    maturityAt: iso(schedule.maturityAt),
    payments: schedule.payments.map((p) => ({
      period: p.period,
      dueAt: iso(p.dueAt),
      interest: centsToDollars(p.interestCents),
      principal: centsToDollars(p.principalCents),
    })),
    totalInterest: centsToDollars(schedule.totalInterestCents),
    amountAtMaturity: centsToDollars(schedule.amountAtMaturityCents),
  };
}

/**
 * Opens a position: the amount must fit the plan's limits, its remaining capacity and the balance. The
 * plan row is locked first, so opens on one plan queue and capacity can never be passed; the principal
 * leaves the balance in the same transaction; the same key answers the first result.
 */
export async function openInvestment(
  db: Database,
  deps: { clock: Clock; config: Config },
  user: Viewer & { email: string },
  input: TInvestmentOpenInput,
): Promise<TInvestment> {
  const env = flowEnv(deps);
  return openRequest(db, investmentFlow, user, input, {
    env,
    // The plan row is locked: opens on one plan queue here, so its capacity holds.
    prepare: (trx) => findPlanById(trx, input.planId, { forUpdate: true }),
    values: (found, amountCents) => {
      const plan = requireInvestable(found, amountCents);
      return {
        ...positionTerms(plan, amountCents, env.now),
        renew: input.renew ?? input.renewAtMaturity ?? 'none',
      };
    },
    sameAs: (i) => i.plan_id === input.planId,
    afterInsert: (trx, position) => changePlanInvested(trx, position.plan_id, position.amount_cents),
  });
}

/** One position with its whole schedule: paid periods (with when), upcoming ones, and forfeited ones. */
export async function getInvestment(
  db: Database,
  viewer: Viewer,
  input: TInvestmentIdInput,
): Promise<TInvestmentDetail> {
  const row = await findInvestment(db, input.id);
  if (!row) throw new AppError('NOT_FOUND', tr('investment.notFound', 'No investment with that id exists.'));
  if (viewer.account_type !== 'admin' && row.user_id !== viewer.id) {
    throw new AppError('FORBIDDEN', tr('investment.ownOnly', 'You can only see your own investments.'));
  }
  const paid = new Map((await listPayouts(db, row.id)).map((p) => [p.period, p]));
  const schedule = scheduleOf(row);
  return {
    ...toInvestment(row, await findUserEmail(db, row.user_id)),
    amountAtMaturity: centsToDollars(schedule.amountAtMaturityCents),
    schedule: schedule.payments.map((p) => {
      const payout = paid.get(p.period);
      const principalBack = row.status === 'redeemed' && p.period === schedule.payments.length;
      return {
        period: p.period,
        dueAt: iso(p.dueAt),
        interest: centsToDollars(payout ? Number(payout.interest_cents) : p.interestCents),
        principal: centsToDollars(payout ? Number(payout.principal_cents) : principalBack ? 0 : p.principalCents),
        status: payout ? 'paid' : row.status === 'active' ? 'upcoming' : 'forfeited',
        paidAt: payout ? iso(payout.paid_at) : null,
      };
    }),
  };
}

/**
 * Early exit, where the plan allows it: periods already due are paid first, then the principal comes back
 * at once; interest accrued since the last payout is forfeited. The plan's invested total shrinks with it.
 */
export async function redeemInvestment(
  db: Database,
  deps: { clock: Clock; config: Config },
  actor: Viewer,
  input: TInvestmentIdInput,
): Promise<TInvestment> {
  // Who may redeem is checked before anything is paid: a refused caller must not move money, not even
  // interest that is due (the transition checks again, under its lock).
  const position = await findInvestment(db, input.id);
  if (!position) throw new AppError('NOT_FOUND', tr('investment.notFound', 'No investment with that id exists.'));
  if (actor.account_type !== 'admin' && position.user_id !== actor.id)
    throw new AppError('FORBIDDEN', tr('investment.redeemOwnOnly', 'You can only redeem your own investments.'));
  const env = flowEnv(deps);
  await payDuePeriods(db, env, { investmentId: input.id });
  return runTransition(db, investmentFlow, 'redeem', {
    id: input.id,
    actor,
    env,
    set: { closed_at: env.now, next_due_at: null },
    check: (i) => {
      if (!i.early_exit_allowed) {
        throw new AppError(
          'INVALID_STATE',
          tr(
            'investment.noEarlyExit',
            'The {plan} plan does not allow early exit; the principal comes back at maturity.',
            { plan: i.plan_name },
          ),
        );
      }
    },
    after: (trx, i) => changePlanInvested(trx, i.plan_id, -i.amount_cents),
  });
}

/**
 * Changes what a position does at maturity: its owner only (an administrator cannot choose for a member), while
 * it is active and before its maturity time by the server's clock (400 after: the runner may be paying it). The
 * row is locked, so the payout runner reads either the old choice or the new one, never half of it.
 */
export async function setRenewal(
  db: Database,
  deps: { clock: Clock },
  actor: Viewer,
  input: TInvestmentSetRenewalInput,
): Promise<TInvestment> {
  const now = deps.clock.now();
  return db.transaction().execute(async (trx) => {
    const before = await lockInvestment(trx, input.id);
    if (!before) throw new AppError('NOT_FOUND', tr('investment.notFound', 'No investment with that id exists.'));
    if (before.user_id !== actor.id)
      throw new AppError(
        'FORBIDDEN',
        tr('investment.renewOwnerOnly', 'Only the owner of an investment can choose what happens at its maturity.'),
      );
    if (before.status !== 'active' || new Date(before.maturity_at) <= now) {
      throw new AppError(
        'BAD_INPUT',
        before.status === 'redeemed'
          ? tr('investment.renewRedeemed', 'This investment was redeemed; there is no maturity left to choose for.')
          : tr(
              'investment.renewMatured',
              'This investment has reached maturity; what happens at maturity can no longer be changed.',
            ),
      );
    }
    const after = before.renew === input.renew ? before : await updateRenewChoice(trx, input.id, input.renew);
    const email = await findUserEmail(trx, after.user_id);
    if (after !== before) {
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'investment.set_renewal',
        entityType: 'investment',
        entityId: after.id,
        before: toInvestment(before, email),
        after: toInvestment(after, email),
      });
    }
    return toInvestment(after, email);
  });
}
