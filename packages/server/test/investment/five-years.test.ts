import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { payDuePeriods } from '../../src/modules/investment/investment.payouts.ts';
import { addMonthsUtc } from '../../src/modules/investment/investment.schedule.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger.service.ts';
import { callerAs, insertUser, testEnv } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { testDbKind } from '../../src/test/test-db.ts';
import { newKey } from '../money/money-helpers.ts';
import { cents, prng, seededPlans } from './investment-helpers.ts';

// The schedule proven on real money: positions across every seeded plan, random amounts within each plan's
// limits (and the capped plan's capacity), opened on random days of the first six months, then the clock
// moved month by month for five and a half years with the payout runner's function paying what is due.
// Afterwards every position has received exactly its quote, its principal once, and the ledger (users and
// platform) has no difference. Sizes: 1,000 positions on PostgreSQL, 100 on PGlite (serialized, slower).
// The seed is fixed, so every run walks the same five years (a test that passes or fails by the day's seed is no
// test); VESTORA_SIM_SEED tries another one, and the seed is printed and named in every failure message.

const POSITIONS = Number(process.env.VESTORA_SIM_POSITIONS ?? (testDbKind() === 'pg' ? 1_000 : 100));
const SEED = Number(process.env.VESTORA_SIM_SEED ?? 20261202);
const START = new Date('2027-01-15T09:30:00.000Z');
/** The longest seeded term is 60 months and positions open within the first 6: 67 covers every maturity. */
const MONTHS = 67;
const DAY_MS = 86_400_000;
/** Payout runners sharing each wake-up (PGlite has one connection: one runner). */
const RUNNERS = testDbKind() === 'pg' ? 3 : 1;

interface Opened {
  id: string;
  plan: string;
  amountCents: number;
  quoteInterestCents: number;
  quotePeriods: number;
  quoteDueAt: string[];
}

describe(`a simulated five-year run (${POSITIONS} positions, seed ${SEED})`, () => {
  const clock = new ManualClock(START);
  let t: TestApp;
  const why = (what: string) => `${what} (replay with VESTORA_SIM_SEED=${SEED})`;

  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  it('pays every position exactly its quote, the principal once, and the ledger balances to the cent', async () => {
    console.log(`five-year run: seed ${SEED}, ${POSITIONS} positions on ${testDbKind()}`);
    const started = Date.now();
    const db = t.handle.db;
    const rnd = prng(SEED);
    const plans = await seededPlans(db);

    // Investors with deep pockets; every tenth was referred by the first one (rewards paid along the way).
    const investors: TestUser[] = [];
    for (let i = 0; i < Math.max(5, Math.ceil(POSITIONS / 5)); i++)
      investors.push(await insertUser(db, { balanceCents: 5_000_000_00 }));
    const referred = investors.filter((_, i) => i > 0 && i % 10 === 0).map((u) => u.id);
    if (referred.length)
      await db.updateTable('users').set({ referred_by: investors[0]!.id }).where('id', 'in', referred).execute();

    // Random opening days in the first six months; positions of one day open together (at once on PostgreSQL).
    const days = Math.round((addMonthsUtc(START, 6).getTime() - START.getTime()) / DAY_MS);
    const onDay = Array.from({ length: POSITIONS }, () => rnd.int(0, days - 1)).sort((a, b) => a - b);
    const capacityLeft = new Map(plans.map((p) => [p.id, p.terms.capacityCents ?? Number.POSITIVE_INFINITY]));
    const opened: Opened[] = [];
    // The runner wakes once a month, from the first month on (so it also pays while positions still open);
    // on PostgreSQL three runners share each wake-up, as three instances of the server would.
    let payments = 0;
    let month = 1;
    const runnerStep = async () => {
      clock.set(addMonthsUtc(START, month++));
      const now = clock.now();
      const runs = await Promise.all(Array.from({ length: RUNNERS }, () => payDuePeriods(db, testEnv(now, t.config))));
      payments += runs.reduce((sum, r) => sum + r.payments, 0);
    };
    for (let i = 0; i < onDay.length; ) {
      const at = START.getTime() + onDay[i]! * DAY_MS;
      const batch: { planIndex: number; amountCents: number; investor: TestUser }[] = [];
      for (; i < onDay.length && START.getTime() + onDay[i]! * DAY_MS === at; i++) {
        // A plan whose capacity still takes its minimum, an amount within its limits and what capacity remains.
        let planIndex = rnd.int(0, plans.length - 1);
        while (capacityLeft.get(plans[planIndex]!.id)! < plans[planIndex]!.terms.minAmountCents)
          planIndex = rnd.int(0, plans.length - 1);
        const plan = plans[planIndex]!;
        const hi = Math.min(plan.terms.maxAmountCents, capacityLeft.get(plan.id)!);
        const amountCents = rnd.int(plan.terms.minAmountCents, hi);
        capacityLeft.set(plan.id, capacityLeft.get(plan.id)! - amountCents);
        batch.push({ planIndex, amountCents, investor: investors[rnd.int(0, investors.length - 1)]! });
      }
      while (addMonthsUtc(START, month).getTime() <= at) await runnerStep();
      clock.set(new Date(at));
      const results = await Promise.all(
        batch.map(async ({ planIndex, amountCents, investor }) => {
          const plan = plans[planIndex]!;
          const me = callerAs(t, investor);
          const amount = amountCents / 100;
          const quote = await me.investment.quote({ planId: plan.id, amount });
          const position = await me.investment.open({ planId: plan.id, amount, idempotencyKey: newKey() });
          expect(position.maturityAt, why('the position matures when its quote said')).toBe(quote.maturityAt);
          return {
            id: position.id,
            plan: plan.name,
            amountCents,
            quoteInterestCents: cents(quote.totalInterest),
            quotePeriods: quote.payments.length,
            quoteDueAt: quote.payments.map((p) => p.dueAt),
          };
        }),
      );
      opened.push(...results);
    }
    const openedMs = Date.now() - started;

    // Month by month to five and a half years, paying what is due at each step.
    while (month <= MONTHS) await runnerStep();

    // Each position: its payouts, the interest and principal its owner's ledger received for it.
    const payouts = await sql<{ id: string; n: string; interest: string; due: string[] }>`
      select investment_id as id, count(*) as n, sum(interest_cents) as interest,
        array_agg(to_char(due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') order by period) as due
      from investment_payouts group by investment_id`.execute(db);
    const byPosition = new Map(payouts.rows.map((r) => [r.id, r]));
    const ledger = await sql<{ id: string; interest: string; principal: string; returns: string }>`
      select ref_id as id,
        coalesce(sum(amount_cents) filter (where kind = 'interest'), 0) as interest,
        coalesce(sum(amount_cents) filter (where kind = 'principal_return'), 0) as principal,
        count(*) filter (where kind = 'principal_return') as returns
      from ledger_entries where ref_type = 'investment' group by ref_id`.execute(db);
    const ledgerBy = new Map(ledger.rows.map((r) => [r.id, r]));
    const rows = new Map(
      (await db.selectFrom('investments').select(['id', 'status', 'interest_paid_cents']).execute()).map((r) => [
        r.id,
        r,
      ]),
    );
    let totalInterest = 0;
    let totalPrincipal = 0;
    for (const o of opened) {
      const p = byPosition.get(o.id);
      const l = ledgerBy.get(o.id);
      const got = {
        status: rows.get(o.id)?.status,
        periods: Number(p?.n ?? 0),
        dueAt: p?.due ?? [],
        interestPaid: Number(rows.get(o.id)?.interest_paid_cents),
        payoutInterest: Number(p?.interest ?? 0),
        ledgerInterest: Number(l?.interest ?? 0),
        principalBack: Number(l?.principal ?? 0),
        principalReturns: Number(l?.returns ?? 0),
      };
      expect(got, why(`position ${o.id}`)).toEqual({
        status: 'matured',
        periods: o.quotePeriods,
        dueAt: o.quoteDueAt,
        interestPaid: o.quoteInterestCents,
        payoutInterest: o.quoteInterestCents,
        ledgerInterest: o.quoteInterestCents,
        principalBack: o.amountCents,
        principalReturns: 1,
      });
      totalInterest += o.quoteInterestCents;
      totalPrincipal += o.amountCents;
    }
    expect(payments, why('payments made')).toBe(opened.reduce((s, o) => s + o.quotePeriods, 0));

    const verify = await verifyLedger(db);
    expect(verify, why('ledger.verify')).toMatchObject({
      ok: true,
      mismatches: [],
      platform: { ok: true, difference: 0 },
    });
    const platformInterest = await db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(sql<string>`coalesce(-sum(p.amount), 0)`.as('s'))
      .where('a.kind', '=', 'interest_expense')
      .executeTakeFirstOrThrow();
    expect(Number(platformInterest.s), why('the platform paid the interest')).toBe(totalInterest);

    const perPlan = plans.map((plan) => `${plan.name} ${opened.filter((o) => o.plan === plan.name).length}`);
    const $ = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    console.log(
      [
        `five-year run on ${testDbKind() === 'pg' ? 'PostgreSQL' : 'PGlite'} (seed ${SEED}):`,
        `  positions: ${opened.length} across ${plans.length} plans, ${investors.length} investors, opened on ${new Set(onDay).size} days over 6 months`,
        `  per plan: ${perPlan.join(', ')}`,
        `  payments: ${payments} over ${MONTHS} monthly wake-ups of ${RUNNERS} runner(s)`,
        `  total principal invested and returned: ${$(totalPrincipal)}`,
        `  total interest paid: ${$(totalInterest)} (every position exactly its quote)`,
        `  ledger.verify: ok=${verify.ok}, ${verify.checkedUsers} users, mismatches ${verify.mismatches.length}, platform ${JSON.stringify(verify.platform)}`,
        `  time: ${(openedMs / 1000).toFixed(1)} s opening, ${((Date.now() - started - openedMs) / 1000).toFixed(1)} s paying and checking`,
      ].join('\n'),
    );
  }, 300_000);
});
