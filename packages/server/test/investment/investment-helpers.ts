// Shared fixtures for the investment proofs (not a test file itself).
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/create-db.ts';
import type { TestUser } from '../../src/test/factories.ts';
import { DEMO_PLANS, seedIfEmpty } from '../../src/db/seed.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger.service.ts';
import { callerAs } from '../../src/test/factories.ts';
import type { TestApp } from '../../src/test/harness.ts';
import { planFields } from '../support/fixtures.ts';

/** The demo plans, seeded once, by name: id and terms. */
export async function seededPlans(db: Database) {
  await seedIfEmpty(db);
  const rows = await db.selectFrom('plans').select(['id', 'investment_plan_name']).execute();
  const byName = new Map(rows.map((r) => [r.investment_plan_name, r.id]));
  return DEMO_PLANS.map((p) => ({ ...p, id: byName.get(p.name)! }));
}

/** A plan made by an admin through plan.create (dollars, like the wire); returns its id. */
export async function createPlan(
  t: TestApp,
  admin: TestUser,
  terms: Partial<ReturnType<typeof planFields>> = {},
): Promise<string> {
  const plan = await callerAs(t, admin).plan.create({ ...planFields(), ...terms });
  return plan.id;
}

/** Sum of one kind of ledger entry (optionally for one user), in cents. */
export async function ledgerSum(db: Database, kind: string, userId?: string): Promise<number> {
  let q = db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('s'))
    .where('kind', '=', kind as never);
  if (userId) q = q.where('user_id', '=', userId);
  return Number((await q.executeTakeFirstOrThrow()).s);
}

/** Ledger entries of a user, oldest first. */
export function entriesOf(db: Database, userId: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_cents', 'ref_type', 'ref_id'])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}

/** ledger.verify (users and platform) says every cent is accounted for. */
export async function expectVerified(db: Database) {
  const v = await verifyLedger(db);
  expect(v.mismatches).toEqual([]);
  expect(v.ok).toBe(true);
  expect(v.platform).toEqual({ ok: true, difference: 0 });
  return v;
}

/** Dollars (as the wire has them) to cents, for comparing sums exactly. */
export const cents = (dollars: number) => Math.round(dollars * 100);

/** A small seeded PRNG (mulberry32): the same seed gives the same run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  /** A whole number in [lo, hi]. */
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int };
}
