import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { payDuePeriods } from '../../src/modules/investment/investment.payouts.ts';
import { addMonthsUtc } from '../../src/modules/investment/investment.schedule.ts';
import { callerAs, insertUser, testEnv } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { TEST_POOL, testPostgresUrl } from '../../src/test/test-db.ts';
import { balanceOf, expectLedgerConsistent, newKey } from '../money/money-helpers.ts';
import { createPlan, expectVerified } from './investment-helpers.ts';

// Renewal at maturity under real concurrency on PostgreSQL (#21): two "instances" (two pools) run the payout
// runner at once over positions that mature together, while other members open positions in the same plan.
// Every maturity renews exactly once, nothing deadlocks, the plan's invested total is its active principal,
// and the books add up.

const START = new Date('2026-02-01T10:00:00.000Z');

/** A second pool on the test's own database: another instance of the server. */
async function secondInstance(t: TestApp): Promise<DbHandle> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.handle.db);
  const url = new URL(testPostgresUrl()!);
  url.pathname = `/${rows[0]!.name}`;
  return createDb({ databaseUrl: url.toString(), pool: TEST_POOL });
}

describe('renewal at maturity with two runners at once (PostgreSQL)', () => {
  const clock = new ManualClock(START.toISOString());
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    if (t.handle.kind !== 'postgres') throw new Error('this proof needs PostgreSQL (integration-pg project)');
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await expectVerified(t.handle.db);
    await t.close();
  });

  it('each maturity renews once, whoever runs it; opens in the same plan meanwhile neither deadlock nor pass capacity', async () => {
    // 5% a year, 12 months, monthly: $600 pays $30.00 over the term.
    const planId = await createPlan(t, admin, { minAmount: 100, maxAmount: 999, capacity: 60_000 });
    const n = 60;
    const owners = await Promise.all(
      Array.from({ length: n }, () => insertUser(t.handle.db, { balanceCents: 600_00 })),
    );
    const positions = await Promise.all(
      owners.map((u, i) =>
        callerAs(t, u).investment.open({
          planId,
          amount: 600,
          idempotencyKey: newKey(),
          renew: i % 2 === 0 ? 'principal' : 'principalAndInterest',
        }),
      ),
    );
    // $36,000 invested; $24,000 of room for newcomers, who race the renewals for it at maturity.
    const newcomers = await Promise.all(
      Array.from({ length: 40 }, () => insertUser(t.handle.db, { balanceCents: 999_00 })),
    );

    clock.set(addMonthsUtc(START, 12));
    const other = await secondInstance(t);
    let opened: unknown[] = [];
    try {
      const now = clock.now();
      const [runs, opens] = await Promise.all([
        Promise.all([
          payDuePeriods(t.handle.db, testEnv(now, t.config)),
          payDuePeriods(other.db, testEnv(now, t.config)),
          payDuePeriods(t.handle.db, testEnv(now, t.config)),
          payDuePeriods(other.db, testEnv(now, t.config)),
        ]),
        Promise.allSettled(
          newcomers.map((u) =>
            callerAs(t, u).investment.open({ planId, amount: 999, idempotencyKey: newKey(), renew: 'none' }),
          ),
        ),
      ]);
      console.log(`two instances, two runs each: paid ${runs.map((r) => r.payments).join(' + ')} periods`);
      expect(runs.reduce((s, r) => s + r.payments, 0)).toBe(n * 12);
      expect(runs.reduce((s, r) => s + r.matured, 0)).toBe(n);
      // A newcomer is refused only for capacity (never a deadlock, never a 500).
      for (const o of opens) {
        if (o.status === 'rejected') expect(toPublicError(o.reason)).toMatchObject({ status: 409 });
      }
      opened = opens.filter((o) => o.status === 'fulfilled');
    } finally {
      await other.close();
    }

    const rows = await t.handle.db
      .selectFrom('investments')
      .select(['id', 'status', 'amount_cents', 'renewed_from', 'renewed_into', 'renewal_declined', 'user_id'])
      .where('plan_id', '=', planId)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    let renewed = 0;
    for (const [i, p] of positions.entries()) {
      const old = byId.get(p.id)!;
      expect(old.status).toBe('matured');
      const children = rows.filter((r) => r.renewed_from === p.id);
      // Exactly once: one renewal, or none with the reason (capacity taken by newcomers first).
      expect(children.length).toBeLessThanOrEqual(1);
      const want = i % 2 === 0 ? 600_00 : 630_00;
      if (children.length === 1) {
        renewed += 1;
        expect(old.renewed_into).toBe(children[0]!.id);
        expect(Number(children[0]!.amount_cents)).toBe(want);
        expect(await balanceOf(t.handle.db, owners[i]!.id)).toBe(630_00 - want);
      } else {
        expect(old.renewed_into).toBeNull();
        expect(old.renewal_declined).toMatch(/plan is full/);
        expect(await balanceOf(t.handle.db, owners[i]!.id)).toBe(630_00);
      }
    }
    console.log(`renewed ${renewed} of ${n}; ${opened.length} of 40 newcomers got in`);
    expect(renewed + opened.length).toBeGreaterThan(0);
    // The plan's invested total is exactly its active principal, within capacity.
    const active = rows.filter((r) => r.status === 'active').reduce((s, r) => s + Number(r.amount_cents), 0);
    const plan = await t.handle.db
      .selectFrom('plans')
      .select('invested_cents')
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    expect(Number(plan.invested_cents)).toBe(active);
    expect(active).toBeLessThanOrEqual(60_000_00);
    expect(active).toBe(
      rows.filter((r) => r.renewed_from).reduce((s, r) => s + Number(r.amount_cents), 0) + opened.length * 999_00,
    );

    // A second pass over the same time renews nothing more.
    expect((await payDuePeriods(t.handle.db, testEnv(clock.now(), t.config))).payments).toBe(0);
    const again = await t.handle.db
      .selectFrom('investments')
      .select(sql<string>`count(*)`.as('n'))
      .where('plan_id', '=', planId)
      .executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(rows.length);
    await expectVerified(t.handle.db);
  });
});
