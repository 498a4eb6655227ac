import { type Kysely, sql } from 'kysely';

// A referral reward is claimed when the referred member's first investment opens (pending), paid once that
// investment has completed its first payout period or matured, and forfeited if it is redeemed before. Rewards
// written before this migration were paid when the investment opened.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('referral_rewards')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('paid')
        .check(sql`status in ('pending', 'paid', 'forfeited')`),
    )
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await sql`update referral_rewards set settled_at = created_at`.execute(db);
  await db.schema
    .alterTable('referral_rewards')
    .alterColumn('status', (c) => c.setDefault('pending'))
    .execute();
  // The payout runner looks for a pending reward of each position it pays: one index lookup, on pending rows only.
  await db.schema
    .createIndex('referral_rewards_pending_idx')
    .on('referral_rewards')
    .column('investment_id')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('referral_rewards_pending_idx').execute();
  await db.schema.alterTable('referral_rewards').dropColumn('settled_at').dropColumn('status').execute();
}
