import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { scheduleOf } from '../../src/modules/investment/investment.mapper.ts';
import { payDuePeriods } from '../../src/modules/investment/investment.payouts.ts';
import { startPayoutRunner } from '../../src/modules/investment/investment.runner.ts';
import { addMonthsUtc } from '../../src/modules/investment/investment.schedule.ts';
import { callerAs, insertUser, testEnv } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { TEST_POOL, testPostgresUrl } from '../../src/test/test-db.ts';
import { balanceOf, expectLedgerConsistent, ledgerState, newKey } from '../money/money-helpers.ts';
import { createPlan, expectVerified, ledgerSum } from './investment-helpers.ts';

// Investing under real concurrency on PostgreSQL: calls run at the same time through the pg pool, and the
// payout runner runs from two pools at once, like two instances of the server on one database.

async function together<T>(calls: (() => Promise<T>)[]) {
  const settled = await Promise.allSettled(calls.map((c) => c()));
  const ok = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [toPublicError(s.reason)] : []));
  return { ok, failed };
}
const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

async function startPgApp(clock?: ManualClock): Promise<TestApp> {
  const t = await startTestApp({ clock });
  if (t.handle.kind !== 'postgres') throw new Error('concurrency proofs need PostgreSQL (integration-pg project)');
  return t;
}

/** A second pool on the test's own database: another "instance" of the server. */
async function secondInstance(t: TestApp): Promise<DbHandle> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.handle.db);
  const url = new URL(testPostgresUrl()!);
  url.pathname = `/${rows[0]!.name}`;
  return createDb({ databaseUrl: url.toString(), pool: TEST_POOL });
}

describe('opening positions at the same time (PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startPgApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await expectVerified(t.handle.db);
    await t.close();
  });

  it('50 concurrent opens of $10 against $100: exactly 10 succeed, the balance ends at 0', async () => {
    const planId = await createPlan(t, admin, { minAmount: 5, maxAmount: 1_000 });
    const u = await insertUser(t.handle.db, { balanceCents: 100_00 });
    const me = callerAs(t, u);
    const { ok, failed } = await together(
      times(50, () => () => me.investment.open({ planId, amount: 10, idempotencyKey: newKey() })),
    );
    expect(ok).toHaveLength(10);
    expect(failed).toHaveLength(40);
    for (const f of failed)
      expect(f).toEqual({ status: 422, message: 'Insufficient funds: your balance does not cover this amount.' });
    expect(await balanceOf(t.handle.db, u.id)).toBe(0);
    const [state] = (await ledgerState(t.handle.db)).filter((s) => s.id === u.id);
    expect(state).toMatchObject({ balance: 0, ledgerSum: 0, entries: 11, minAfter: 0 });
    const rows = await t.handle.db.selectFrom('investments').select('id').where('user_id', '=', u.id).execute();
    expect(rows.map((r) => r.id).sort()).toEqual(ok.map((p) => p.id).sort());
    const plan = await t.handle.db
      .selectFrom('plans')
      .select('invested_cents')
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    expect(Number(plan.invested_cents)).toBe(100_00);
  });

  it('many users racing for a small capacity never pass it; the refused are told what remains', async () => {
    // $1,000 of capacity, 30 users each asking for $150 at once: 6 fit ($900), then $100 remains.
    const planId = await createPlan(t, admin, { minAmount: 50, maxAmount: 500, capacity: 1_000 });
    const users = await Promise.all(times(30, () => insertUser(t.handle.db, { balanceCents: 1_000_00 })));
    const { ok, failed } = await together(
      users.map((u) => () => callerAs(t, u).investment.open({ planId, amount: 150, idempotencyKey: newKey() })),
    );
    expect(ok).toHaveLength(6);
    expect(failed).toHaveLength(24);
    for (const f of failed)
      expect(f).toEqual({
        status: 409,
        message: "Only $100.00 of this plan's capacity remains; invest at most that.",
      });
    const open = await t.handle.db
      .selectFrom('investments')
      .select(sql<string>`sum(amount_cents)`.as('s'))
      .where('plan_id', '=', planId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(Number(open.s)).toBe(900_00);
    expect((await callerAs(t, admin).plan.byId({ id: planId })).remainingCapacity).toBe(100);
    // The refused kept their money.
    const balances = await Promise.all(users.map((u) => balanceOf(t.handle.db, u.id)));
    expect(balances.filter((b) => b === 1_000_00)).toHaveLength(24);
    expect(balances.filter((b) => b === 850_00)).toHaveLength(6);

    // Mixed amounts at once: whatever wins, the total never passes the capacity.
    const planB = await createPlan(t, admin, { minAmount: 50, maxAmount: 500, capacity: 1_000 });
    const mixed = await together(
      users.map(
        (u, i) => () =>
          callerAs(t, u).investment.open({ planId: planB, amount: 50 + (i % 10) * 45, idempotencyKey: newKey() }),
      ),
    );
    const sumB = mixed.ok.reduce((s, p) => s + p.amount * 100, 0);
    expect(sumB).toBeLessThanOrEqual(1_000_00);
    expect(mixed.failed.every((f) => f.status === 409 && /capacity remains|fully subscribed/.test(f.message))).toBe(
      true,
    );
    const plan = await t.handle.db
      .selectFrom('plans')
      .select('invested_cents')
      .where('id', '=', planB)
      .executeTakeFirstOrThrow();
    expect(Number(plan.invested_cents)).toBe(sumB);
  });

  it('the same idempotency key 20 times at once: one position, one debit, the same answer for all', async () => {
    const planId = await createPlan(t, admin, { minAmount: 5, maxAmount: 1_000 });
    const u = await insertUser(t.handle.db, { balanceCents: 100_00 });
    const key = newKey();
    const me = callerAs(t, u);
    const { ok, failed } = await together(
      times(20, () => () => me.investment.open({ planId, amount: 30, idempotencyKey: key })),
    );
    expect(failed).toEqual([]);
    expect(ok).toHaveLength(20);
    expect(new Set(ok.map((p) => p.id)).size).toBe(1);
    const rows = await t.handle.db.selectFrom('investments').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toEqual([{ id: ok[0]!.id }]);
    expect(await ledgerSum(t.handle.db, 'investment', u.id)).toBe(-30_00);
    expect(await balanceOf(t.handle.db, u.id)).toBe(70_00);
  });

  it('a plan deleted while opens race for it: each open either lands (the plan is archived) or is refused, never a 500', async () => {
    const planId = await createPlan(t, admin, { minAmount: 10, maxAmount: 1_000 });
    const users = await Promise.all(times(20, () => insertUser(t.handle.db, { balanceCents: 100_00 })));
    const calls: (() => Promise<unknown>)[] = users.map(
      (u) => () => callerAs(t, u).investment.open({ planId, amount: 50, idempotencyKey: newKey() }),
    );
    calls.splice(10, 0, () => callerAs(t, admin).plan.delete({ id: planId }));
    const { ok, failed } = await together(calls);
    const deleted = ok.find((r) => (r as { outcome?: string }).outcome !== undefined) as { outcome: string };
    expect(deleted).toBeDefined();
    const positions = await t.handle.db.selectFrom('investments').select('id').where('plan_id', '=', planId).execute();
    expect(positions).toHaveLength(ok.length - 1);
    for (const f of failed)
      expect(['404 Investment plan not found.', '409 This plan is not open for new investments.']).toContain(
        `${f.status} ${f.message}`,
      );
    if (deleted.outcome === 'deleted') expect(positions).toEqual([]);
    else expect(positions.length).toBeGreaterThan(0);
    const balances = await Promise.all(users.map((u) => balanceOf(t.handle.db, u.id)));
    expect(balances.filter((b) => b === 50_00)).toHaveLength(positions.length);
    expect(balances.filter((b) => b === 100_00)).toHaveLength(20 - positions.length);
  });
});

describe('the payout runner on one PostgreSQL database (PostgreSQL)', () => {
  const START = new Date('2027-03-10T08:00:00.000Z');
  const clock = new ManualClock(START);
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startPgApp(clock);
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await expectVerified(t.handle.db);
    await t.close();
  });

  /** Opens `n` positions on a monthly plan, spread over a few users and a few minutes. */
  async function openMany(n: number, planId: string) {
    const users = await Promise.all(times(10, () => insertUser(t.handle.db, { balanceCents: 100_000_00 })));
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      clock.advanceMs(1_000);
      const p = await callerAs(t, users[i % users.length]!).investment.open({
        planId,
        amount: (10_000 + (i % 37) * 1_307) / 100, // exact cents: 100.00, 113.07, 126.14, ...
        idempotencyKey: newKey(),
      });
      ids.push(p.id);
    }
    return ids;
  }

  /** For positions `ids`: every period due at `now` by their own schedule, and its interest. */
  async function expectedDue(ids: string[], now: Date) {
    const rows = await t.handle.db.selectFrom('investments').selectAll().where('id', 'in', ids).execute();
    let periods = 0;
    let interestCents = 0;
    for (const r of rows)
      for (const p of scheduleOf(r).payments)
        if (p.dueAt <= now) {
          periods++;
          interestCents += p.interestCents;
        }
    return { periods, interestCents };
  }

  it('two runners (two pools) paying the same due periods at once: each (position, period) is paid once', async () => {
    const planId = await createPlan(t, admin, { minAmount: 100, maxAmount: 1_000, termMonths: 12, annualRateBps: 800 });
    const ids = await openMany(200, planId);
    clock.set(new Date(addMonthsUtc(START, 3).getTime() + 86_400_000));
    const want = await expectedDue(ids, clock.now());
    expect(want.periods).toBe(600);

    const other = await secondInstance(t);
    try {
      const now = clock.now();
      const runs = await Promise.all([
        payDuePeriods(t.handle.db, testEnv(now, t.config)),
        payDuePeriods(other.db, testEnv(now, t.config)),
        payDuePeriods(t.handle.db, testEnv(now, t.config)),
        payDuePeriods(other.db, testEnv(now, t.config)),
      ]);
      console.log(`two instances, two runs each: paid ${runs.map((r) => r.payments).join(' + ')} periods`);
      expect(runs.reduce((s, r) => s + r.payments, 0)).toBe(want.periods);
      expect(runs.reduce((s, r) => s + r.interestCents, 0)).toBe(want.interestCents);
    } finally {
      await other.close();
    }
    const payouts = await sql<{ n: string; distinct_n: string; interest: string }>`
      select count(*) as n, count(distinct (investment_id, period)) as distinct_n, sum(interest_cents) as interest
      from investment_payouts`.execute(t.handle.db);
    const row = payouts.rows[0]!;
    expect({ n: Number(row.n), distinct: Number(row.distinct_n), interest: Number(row.interest) }).toEqual({
      n: want.periods,
      distinct: want.periods,
      interest: want.interestCents,
    });
    expect(await ledgerSum(t.handle.db, 'interest')).toBe(want.interestCents);
    const platform = await t.handle.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(sql<string>`count(*)`.as('n'))
      .where('a.kind', '=', 'interest_expense')
      .executeTakeFirstOrThrow();
    expect(Number(platform.n)).toBe(want.periods);
    const positions = await t.handle.db
      .selectFrom('investments')
      .select(['paid_periods'])
      .where('id', 'in', ids)
      .execute();
    expect(positions.every((p) => p.paid_periods === 3)).toBe(true);
    await expectVerified(t.handle.db);
  });

  it('a runner stopped for three months then restarted pays every missed period once, in order', async () => {
    const planId = await createPlan(t, admin, { minAmount: 100, maxAmount: 1_000, termMonths: 12, annualRateBps: 650 });
    const opened = clock.now();
    const ids = await openMany(30, planId);

    // Running: period 1 is paid when due.
    clock.set(new Date(addMonthsUtc(opened, 1).getTime() + 3_600_000));
    const first = startPayoutRunner(t.app.deps);
    await first.runOnce();
    await first.stop();
    const firstRunAt = clock.now();

    // Stopped for three months; restarted afterwards: periods 2, 3 and 4 are owed.
    clock.set(new Date(addMonthsUtc(opened, 4).getTime() + 7_200_000));
    const restartAt = clock.now();
    const restarted = startPayoutRunner(t.app.deps);
    await restarted.runOnce();
    await restarted.stop();
    // Running again at the same moment pays nothing more.
    expect((await payDuePeriods(t.handle.db, testEnv(restartAt, t.config))).payments).toBe(0);

    const rows = await t.handle.db.selectFrom('investments').selectAll().where('id', 'in', ids).execute();
    for (const r of rows) {
      const schedule = scheduleOf(r).payments;
      const payouts = await t.handle.db
        .selectFrom('investment_payouts')
        .selectAll()
        .where('investment_id', '=', r.id)
        .orderBy('period')
        .execute();
      expect(
        payouts.map((p) => ({
          period: p.period,
          dueAt: new Date(p.due_at).toISOString(),
          paidAt: new Date(p.paid_at).toISOString(),
          interest: Number(p.interest_cents),
        })),
        `position ${r.id}`,
      ).toEqual(
        [1, 2, 3, 4].map((period) => ({
          period,
          dueAt: schedule[period - 1]!.dueAt.toISOString(),
          paidAt: (period === 1 ? firstRunAt : restartAt).toISOString(),
          interest: schedule[period - 1]!.interestCents,
        })),
      );
      expect(r).toMatchObject({ paid_periods: 4, status: 'active' });
      expect(new Date(r.next_due_at!).toISOString()).toBe(schedule[4]!.dueAt.toISOString());
      // In order: the owner's interest entries for this position follow the periods.
      const memos = await t.handle.db
        .selectFrom('ledger_entries')
        .select('memo')
        .where('ref_id', '=', r.id)
        .where('kind', '=', 'interest')
        .orderBy('seq')
        .execute();
      expect(memos.map((m) => m.memo!.replace(/.*period (\d+) of 12$/, '$1'))).toEqual(['1', '2', '3', '4']);
    }
    await expectVerified(t.handle.db);
  });

  it('ten redemptions racing two runners: one redemption, the due periods paid once, the principal back once', async () => {
    const planId = await createPlan(t, admin, {
      minAmount: 100,
      maxAmount: 5_000,
      termMonths: 12,
      annualRateBps: 900,
      earlyExitAllowed: true,
    });
    const u = await insertUser(t.handle.db, { balanceCents: 3_000_00 });
    const me = callerAs(t, u);
    const position = await me.investment.open({ planId, amount: 3_000, idempotencyKey: newKey() });
    const row = await t.handle.db
      .selectFrom('investments')
      .selectAll()
      .where('id', '=', position.id)
      .executeTakeFirstOrThrow();
    const schedule = scheduleOf(row).payments;
    clock.set(new Date(addMonthsUtc(new Date(position.startedAt), 2).getTime() + 3_600_000));
    const other = await secondInstance(t);
    try {
      const now = clock.now();
      const calls: (() => Promise<unknown>)[] = times(10, () => () => me.investment.redeem({ id: position.id }));
      calls.splice(3, 0, () => payDuePeriods(t.handle.db, testEnv(now, t.config)));
      calls.splice(7, 0, () => payDuePeriods(other.db, testEnv(now, t.config)));
      const { ok, failed } = await together(calls);
      expect(ok).toHaveLength(3);
      expect(failed).toHaveLength(9);
      for (const f of failed) expect(f).toEqual({ status: 409, message: 'This investment was already redeemed.' });
    } finally {
      await other.close();
    }
    const paid = await t.handle.db
      .selectFrom('investment_payouts')
      .select(['period'])
      .where('investment_id', '=', position.id)
      .orderBy('period')
      .execute();
    expect(paid.map((p) => p.period)).toEqual([1, 2]);
    const interest = schedule[0]!.interestCents + schedule[1]!.interestCents;
    const kinds = (
      await t.handle.db
        .selectFrom('ledger_entries')
        .select('kind')
        .where('ref_id', '=', position.id)
        .orderBy('seq')
        .execute()
    ).map((e) => e.kind);
    expect(kinds).toEqual(['investment', 'interest', 'interest', 'principal_return']);
    expect(await balanceOf(t.handle.db, u.id)).toBe(3_000_00 + interest);
    const plan = await t.handle.db
      .selectFrom('plans')
      .select('invested_cents')
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    expect(Number(plan.invested_cents)).toBe(0);
  });
});
