import { type Kysely, sql, type Transaction } from 'kysely';
import { balanceCentsColumn } from '../user/user.repo.ts';
import type { DB, InvestmentPayoutRow, InvestmentRow, RenewChoice } from '../../db/schema.ts';

type Executor = Kysely<DB>;

/** Adds (or, negative, removes) principal invested in a plan; the CHECK keeps it within capacity. */
export async function changePlanInvested(trx: Transaction<DB>, planId: string, deltaCents: number): Promise<void> {
  await trx
    .updateTable('plans')
    .set({ invested_cents: sql<number>`invested_cents + ${deltaCents}` })
    .where('id', '=', planId)
    .execute();
}

/**
 * The active position whose next period is due earliest at `now`, locked; positions another runner holds
 * are skipped (SKIP LOCKED), so two runners share the work instead of queueing on one row. Ordered by the
 * due time alone, which the partial index `investments_due_idx` gives: a tie-break on another column made
 * PostgreSQL sort every due row for each payment (a backlog of n periods cost n² row reads).
 */
export function lockNextDueInvestment(trx: Transaction<DB>, now: Date): Promise<InvestmentRow | undefined> {
  return trx
    .selectFrom('investments')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_due_at', '<=', now)
    .orderBy('next_due_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** One position. */
export function findInvestment(db: Executor, id: string): Promise<InvestmentRow | undefined> {
  return db.selectFrom('investments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One position, locked (the runner's path for a single position, e.g. before a redemption). */
export function lockInvestment(trx: Transaction<DB>, id: string): Promise<InvestmentRow | undefined> {
  return trx.selectFrom('investments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Records a paid period; `false` when that period was already paid (the primary key refuses a second). */
export async function insertPayout(trx: Transaction<DB>, payout: InvestmentPayoutRow): Promise<boolean> {
  const r = await trx
    .insertInto('investment_payouts')
    .values(payout)
    .onConflict((oc) => oc.columns(['investment_id', 'period']).doNothing())
    .returning('period')
    .executeTakeFirst();
  return r !== undefined;
}

/** The payouts a position has received, in period order. */
export function listPayouts(db: Executor, investmentId: string): Promise<InvestmentPayoutRow[]> {
  return db
    .selectFrom('investment_payouts')
    .selectAll()
    .where('investment_id', '=', investmentId)
    .orderBy('period')
    .execute();
}

/** Who referred this user (null when nobody did). */
export async function findReferrerId(trx: Transaction<DB>, userId: string): Promise<string | null> {
  const row = await trx.selectFrom('users').select('referred_by').where('id', '=', userId).executeTakeFirst();
  return row?.referred_by ?? null;
}

/** Claims (pending) the one referral reward a referred user can bring; `false` when it was already claimed. */
export async function claimReferralReward(
  trx: Transaction<DB>,
  reward: { referredUserId: string; referrerId: string; investmentId: string; amountCents: number },
): Promise<boolean> {
  const r = await trx
    .insertInto('referral_rewards')
    .values({
      referred_user_id: reward.referredUserId,
      referrer_id: reward.referrerId,
      investment_id: reward.investmentId,
      amount_cents: reward.amountCents,
    })
    .onConflict((oc) => oc.column('referred_user_id').doNothing())
    .returning('referred_user_id')
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Settles the pending reward claimed by `investmentId`, if there is one: `paid` (answering what to pay whom) or
 * `forfeited`. A reward is settled once: the guarded UPDATE finds nothing the second time.
 */
export async function settleReferralReward(
  trx: Transaction<DB>,
  investmentId: string,
  outcome: 'paid' | 'forfeited',
  now: Date,
): Promise<{ referrerId: string; referredUserId: string; amountCents: number } | undefined> {
  const r = await trx
    .updateTable('referral_rewards')
    .set({ status: outcome, settled_at: now })
    .where('investment_id', '=', investmentId)
    .where('status', '=', 'pending')
    .returning(['referrer_id', 'referred_user_id', 'amount_cents'])
    .executeTakeFirst();
  return r && { referrerId: r.referrer_id, referredUserId: r.referred_user_id, amountCents: Number(r.amount_cents) };
}

/**
 * A member's balance, with their row locked (FOR NO KEY UPDATE, as money.repo's per-user lock) until the
 * transaction ends: nothing else moves it before the caller's own balance change.
 */
export async function lockBalanceCents(trx: Transaction<DB>, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select(balanceCentsColumn())
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

/** Sets what a position does at maturity (the caller holds its lock and checked it may). */
export async function updateRenewChoice(trx: Transaction<DB>, id: string, renew: RenewChoice): Promise<InvestmentRow> {
  return trx.updateTable('investments').set({ renew }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
