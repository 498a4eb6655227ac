// Shared fixtures for the money tests (not a test file itself).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/create-db.ts';
import type { TestUser } from '../../src/test/factories.ts';
import { type PublicError, toPublicError } from '../../src/lib/errors.ts';
import { createSession, sessionCookieName } from '../../src/modules/session/session.service.ts';
import type { TestApp } from '../../src/test/harness.ts';
import { balanceCentsColumn } from '../../src/modules/user/user.repo.ts';
import { assetChecks } from '../../src/modules/ledger/ledger.repo.ts';

/** A fresh idempotency key. */
export const newKey = () => `k-${randomUUID()}`;

/** Valid payout details for each method. */
export const DETAILS = {
  bank: 'PT50000201231234567890154',
  paypal: 'payee@example.com',
  crypto: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
} as const;

/** What a client would see for a failed call: status and the public message. */
export async function failure(p: Promise<unknown>): Promise<PublicError> {
  try {
    await p;
  } catch (e) {
    return toPublicError(e);
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Current balance in cents. */
export async function balanceOf(db: Database, userId: string): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select(balanceCentsColumn())
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return r.balance_cents;
}

/** Per-user balance, ledger sum and lowest balance_after ever recorded. */
export async function ledgerState(db: Database) {
  const r = await sql<{
    id: string;
    balance_cents: number;
    ledger_sum: number;
    min_after: number | null;
    entries: number;
  }>`
    select u.id,
      (select a.balance from ledger_accounts a where a.user_id = u.id and a.kind = 'available' and a.asset = 'USD')::bigint
        as balance_cents,
      coalesce((select sum(l.amount_cents) from ledger_entries l where l.user_id = u.id), 0)::bigint as ledger_sum,
      (select min(l.balance_after_cents) from ledger_entries l where l.user_id = u.id) as min_after,
      (select count(*) from ledger_entries l where l.user_id = u.id) as entries
    from users u order by u.id`.execute(db);
  return r.rows.map((x) => ({
    id: x.id,
    balance: Number(x.balance_cents),
    ledgerSum: Number(x.ledger_sum),
    minAfter: x.min_after === null ? null : Number(x.min_after),
    entries: Number(x.entries),
  }));
}

/** The invariant for every user: balance = sum of ledger entries, never below zero. */
export async function expectLedgerConsistent(db: Database): Promise<void> {
  for (const u of await ledgerState(db)) {
    expect(u.balance, `user ${u.id}: balance vs ledger sum`).toBe(u.ledgerSum);
    expect(u.balance).toBeGreaterThanOrEqual(0);
    if (u.minAfter !== null) expect(u.minAfter).toBeGreaterThanOrEqual(0);
  }
  // And the journal under it (#29): every asset's accounts equal their postings, every movement balances.
  for (const a of await assetChecks(db))
    expect(a, `the ${a.asset} journal`).toMatchObject({ accountMismatches: 0, unbalancedMovements: 0, total: '0' });
}

/** Ledger entries that point at one deposit / withdrawal. */
export async function entriesFor(db: Database, refId: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['kind', 'amount_cents', 'user_id', 'actor_id'])
    .where('ref_id', '=', refId)
    .orderBy('seq')
    .execute();
}

/** A Cookie header for `user` (a real session row), for HTTP tests through app.inject(). */
export async function cookieFor(t: TestApp, user: TestUser): Promise<string> {
  const { token } = await createSession(t.handle.db, user.id, t.app.deps.clock.now());
  return `${sessionCookieName(t.config.publicUrl)}=${token}`;
}
