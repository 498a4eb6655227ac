// Paying what is due. What makes a payment exactly-once is the database: the (investment, period) row is
// written in the same transaction as its ledger entries, and the position row is locked while it is paid.
// The caller's clock decides what is due (never the database's now()); dates come from the schedule. The
// ledger effects, the audit row and the notice are the investment flow's (investment.flow.ts).
import type { Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import type { DB, InvestmentRow } from '../../db/schema.ts';
import { runTransitionIn } from '../money/money.core.ts';
import { investmentFlow } from './investment.flow.ts';
import { scheduleOf } from './investment.mapper.ts';
import { changePlanInvested, insertPayout, lockInvestment, lockNextDueInvestment } from './investment.repo.ts';
import type { ScheduledPayment } from './investment.schedule.ts';
import { decideRenewal, openRenewal } from './investment.renewal.ts';
import { findPlanById } from '../plan/plan.repo.ts';

export interface PayoutTotals {
  /** Periods paid. */
  payments: number;
  interestCents: number;
  principalCents: number;
  /** Positions that reached maturity. */
  matured: number;
}

const emptyTotals = (): PayoutTotals => ({ payments: 0, interestCents: 0, principalCents: 0, matured: 0 });

/**
 * Asks the investment flow to pay the next unpaid period of a locked position, if it is due at `now`: `pay`
 * for an interest period, `mature` for the last one (principal back). Returns the period paid, or null.
 */
async function payNextPeriod(
  trx: Transaction<DB>,
  position: InvestmentRow,
  env: { now: Date; config: Config },
): Promise<ScheduledPayment | null> {
  if (position.status !== 'active') return null;
  const schedule = scheduleOf(position);
  const payment = schedule.payments[position.paid_periods];
  if (!payment || payment.dueAt > env.now) return null;
  const matured = payment.principalCents > 0;
  // At maturity the plan row is locked before the member's balance moves (the order an open takes: plan, then
  // balance), and the renewal is decided under that lock; the transition records the decision and says it.
  const renewal = matured
    ? await decideRenewal(trx, position, payment, await findPlanById(trx, position.plan_id, { forUpdate: true }))
    : null;
  await runTransitionIn(trx, investmentFlow, matured ? 'mature' : 'pay', {
    id: position.id,
    actor: null,
    env,
    set: {
      paid_periods: payment.period,
      interest_paid_cents: Number(position.interest_paid_cents) + payment.interestCents,
      next_due_at: schedule.payments[payment.period]?.dueAt ?? null,
      ...(matured ? { closed_at: env.now } : {}),
      ...(renewal?.renew ? { renewed_into: renewal.intoId } : {}),
      ...(renewal && !renewal.renew && renewal.declined ? { renewal_declined: renewal.declined } : {}),
    },
    check: (locked) => {
      if (locked.paid_periods !== position.paid_periods)
        throw new Error(`investment ${position.id} moved under its lock`);
    },
    after: async (trx2, row) => {
      const first = await insertPayout(trx2, {
        investment_id: row.id,
        period: payment.period,
        due_at: payment.dueAt,
        interest_cents: payment.interestCents,
        principal_cents: payment.principalCents,
        paid_at: env.now,
      });
      // Unreachable while the row is locked; if it ever happens, the whole period rolls back: paid once.
      if (!first) throw new Error(`investment ${row.id} period ${payment.period} was already paid`);
      if (matured) await changePlanInvested(trx2, row.plan_id, -payment.principalCents);
      if (renewal?.renew) await openRenewal(trx2, row, renewal, env);
    },
  });
  return payment;
}

/**
 * Pays every period due at `now`, oldest first, one period per transaction, each exactly once. With
 * `investmentId`, only that position (used before an early redemption). `max` bounds one run, so a long
 * backlog is paid over several wake-ups without holding the pool.
 */
export async function payDuePeriods(
  db: Database,
  env: { now: Date; config: Config },
  opts: { investmentId?: string; max?: number } = {},
): Promise<PayoutTotals> {
  const totals = emptyTotals();
  const max = opts.max ?? Number.POSITIVE_INFINITY;
  while (totals.payments < max) {
    const paid = await db.transaction().execute(async (trx) => {
      const position = opts.investmentId
        ? await lockInvestment(trx, opts.investmentId)
        : await lockNextDueInvestment(trx, env.now);
      return position ? payNextPeriod(trx, position, env) : null;
    });
    if (!paid) break;
    totals.payments += 1;
    totals.interestCents += paid.interestCents;
    totals.principalCents += paid.principalCents;
    if (paid.principalCents > 0) totals.matured += 1;
  }
  return totals;
}
