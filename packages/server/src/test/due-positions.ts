import { sql } from 'kysely';
import type { Database } from '../db/create-db.ts';
import { addMonthsUtc } from '../modules/investment/investment.schedule.ts';
import { available, moveMoneyMany, transfer } from '../modules/money/money.move.ts';
import { insertUser } from './factories.ts';

/**
 * Seeds `positions` positions in one plan (`perUser` per fresh user), all opened at `startedAt`, written with
 * SQL in bulk but exactly as opening them would leave the books: each user is credited through the ledger,
 * each position's principal moves to its owner's invested money (the `investment` entry) through the money
 * core, and the plan's invested total is raised. For benchmarks of the payout runner (ledger.verify holds afterwards).
 */
export async function seedOpenPositions(
  db: Database,
  opts: { planId: string; positions: number; perUser: number; amountCents: number; startedAt: Date },
): Promise<{ users: number }> {
  const plan = await db.selectFrom('plans').selectAll().where('id', '=', opts.planId).executeTakeFirstOrThrow();
  if (plan.term_months === null || plan.payout_frequency === null || plan.annual_rate_bps === null)
    throw new Error(`plan ${plan.id} has no terms`);
  const users = Math.ceil(opts.positions / opts.perUser);
  const ids: string[] = [];
  for (let u = 0; u < users; u++)
    ids.push((await insertUser(db, { balanceCents: opts.perUser * opts.amountCents })).id);
  const firstDue = addMonthsUtc(opts.startedAt, plan.payout_frequency === 'at_maturity' ? plan.term_months : 1);
  await sql`
    insert into investments (id, user_id, plan_id, plan_name, amount_cents, annual_rate_bps, term_months,
      payout_frequency, early_exit_allowed, idempotency_key, started_at, maturity_at, next_due_at)
    select gen_random_uuid(), u.id, ${plan.id}, ${plan.investment_plan_name}, ${opts.amountCents}, ${plan.annual_rate_bps},
      ${plan.term_months}, ${plan.payout_frequency}, ${plan.early_exit_allowed}, 'seeded-' || g,
      ${opts.startedAt}, ${addMonthsUtc(opts.startedAt, plan.term_months)}, ${firstDue}
    from (select id, row_number() over (order by id) as rn from users where id = any(${ids}::uuid[])) u
    cross join generate_series(1, ${opts.perUser}) g
    where (u.rn - 1) * ${opts.perUser} + g <= ${opts.positions}`.execute(db);
  // Each position's principal moves to its owner's invested money, through the money core in batches.
  const positions = await db
    .selectFrom('investments')
    .select(['id', 'user_id', 'amount_cents', 'plan_name'])
    .where('user_id', 'in', ids)
    .orderBy('seq')
    .execute();
  await db.transaction().execute((trx) =>
    moveMoneyMany(
      trx,
      positions.map((i) => ({
        kind: 'investment' as const,
        legs: transfer(available(i.user_id), { userId: i.user_id, kind: 'invested' }, BigInt(i.amount_cents)),
        ref: { type: 'investment' as const, id: i.id },
        actorId: null,
        memo: `Invested in ${i.plan_name}`,
        at: opts.startedAt,
      })),
    ),
  );
  await sql`
    update plans set invested_cents = invested_cents +
      (select coalesce(sum(amount_cents), 0) from investments where user_id = any(${ids}::uuid[]))
    where id = ${plan.id}`.execute(db);
  return { users };
}
