// Paying what is due. What makes a payment exactly-once is the database: the (investment, period) row is
// written in the same transaction as its ledger entries, and the position row is locked while it is paid.
// The caller's clock decides what is due (never the database's now()); dates come from the schedule.
import { formatCents } from '@vestora/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import type { DB, InvestmentRow } from '../../db/schema.ts';
import { notifyUser } from '../mail/mail.outbox.ts';
import { applyBalanceChange } from '../money/money.repo.ts';
import {
  advanceInvestment,
  changePlanInvested,
  insertPayout,
  insertPlatformEntry,
  lockInvestment,
  lockNextDueInvestment,
} from './investment.repo.ts';
import { scheduleOf } from './investment.mapper.ts';

export interface PayoutTotals {
  /** Periods paid. */
  payments: number;
  interestCents: number;
  principalCents: number;
  /** Positions that reached maturity. */
  matured: number;
}

const emptyTotals = (): PayoutTotals => ({ payments: 0, interestCents: 0, principalCents: 0, matured: 0 });

/** Pays the next unpaid period of a locked position if it is due at `now`; false when nothing was due. */
async function payNextPeriod(trx: Transaction<DB>, position: InvestmentRow, now: Date, totals: PayoutTotals) {
  if (position.status !== 'active') return false;
  const schedule = scheduleOf(position);
  const payment = schedule.payments[position.paid_periods];
  if (!payment || payment.dueAt > now) return false;
  const first = await insertPayout(trx, {
    investment_id: position.id,
    period: payment.period,
    due_at: payment.dueAt,
    interest_cents: payment.interestCents,
    principal_cents: payment.principalCents,
    paid_at: now,
  });
  // Unreachable while the row is locked, but if it ever happens nothing is paid twice.
  if (!first) return false;
  const periods = schedule.payments.length;
  if (payment.interestCents > 0) {
    await applyBalanceChange(trx, {
      userId: position.user_id,
      kind: 'interest',
      amountCents: payment.interestCents,
      refType: 'investment',
      refId: position.id,
      actorId: null,
      at: now,
      memo: `Interest from ${position.plan_name}, period ${payment.period} of ${periods}`,
    });
    await insertPlatformEntry(trx, {
      kind: 'interest',
      amount_cents: payment.interestCents,
      user_id: position.user_id,
      ref_type: 'investment_payout',
      ref_id: `${position.id}:${payment.period}`,
    });
  }
  const matured = payment.principalCents > 0;
  if (matured) {
    await applyBalanceChange(trx, {
      userId: position.user_id,
      kind: 'principal_return',
      amountCents: payment.principalCents,
      refType: 'investment',
      refId: position.id,
      actorId: null,
      at: now,
      memo: `${position.plan_name} matured: principal returned`,
    });
    await changePlanInvested(trx, position.plan_id, -payment.principalCents);
  }
  const advanced = await advanceInvestment(trx, position.id, position.paid_periods, {
    paidPeriods: payment.period,
    interestPaidCents: Number(position.interest_paid_cents) + payment.interestCents,
    nextDueAt: schedule.payments[payment.period]?.dueAt ?? null,
    matured,
    now,
  });
  if (!advanced) throw new Error(`investment ${position.id} moved under its own lock`);
  // One mail per paid period at most (the maturity mail carries the last interest too); none when the
  // owner turned notifications off.
  const interest = `$${formatCents(payment.interestCents)}`;
  if (matured) {
    await notifyUser(
      trx,
      position.user_id,
      'investment.matured',
      {
        subject: `${position.plan_name} matured`,
        paragraphs: [
          `Your ${position.plan_name} investment matured: $${formatCents(payment.principalCents)} principal` +
            (payment.interestCents > 0 ? ` and ${interest} interest were` : ' was') +
            ' added to your balance.',
        ],
      },
      now,
    );
  } else if (payment.interestCents > 0) {
    await notifyUser(
      trx,
      position.user_id,
      'investment.payout',
      {
        subject: `Interest of ${interest} received`,
        paragraphs: [
          `${interest} interest from ${position.plan_name} (period ${payment.period} of ${periods}) was added to your balance.`,
        ],
      },
      now,
    );
  }
  totals.payments += 1;
  totals.interestCents += payment.interestCents;
  totals.principalCents += payment.principalCents;
  if (matured) totals.matured += 1;
  return true;
}

/**
 * Pays every period due at `now`, oldest first, one period per transaction, each exactly once. With
 * `investmentId`, only that position (used before an early redemption). `max` bounds one run, so a long
 * backlog is paid over several wake-ups without holding the pool.
 */
export async function payDuePeriods(
  db: Database,
  now: Date,
  opts: { investmentId?: string; max?: number } = {},
): Promise<PayoutTotals> {
  const totals = emptyTotals();
  const max = opts.max ?? Number.POSITIVE_INFINITY;
  while (totals.payments < max) {
    const paid = await db.transaction().execute(async (trx) => {
      const position = opts.investmentId
        ? await lockInvestment(trx, opts.investmentId)
        : await lockNextDueInvestment(trx, now);
      return position ? payNextPeriod(trx, position, now, totals) : false;
    });
    if (!paid) break;
  }
  return totals;
}
