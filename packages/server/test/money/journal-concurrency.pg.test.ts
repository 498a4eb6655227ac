import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAccountId } from '../../src/modules/money/money.journal.repo.ts';
import { available, moveMoney, transfer } from '../../src/modules/money/money.move.ts';
import { insertUser, type TestUser } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { expectLedgerConsistent } from './money-helpers.ts';

// The platform's accounts (the bank, the adjustments...) are touched by most money transactions at once. Their
// balances are settled at commit in account order (the ledger_post / ledger_settle_platform triggers), so
// transactions that touch them in opposite orders, each holding a member's account meanwhile, neither deadlock
// nor lose a cent. On PostgreSQL, through the pool: the transactions genuinely interleave.
describe("the journal's platform accounts under real concurrency (PostgreSQL)", () => {
  let t: TestApp;
  let members: TestUser[];
  const at = new Date('2026-04-01T10:00:00Z');

  beforeAll(async () => {
    t = await startTestApp();
    if (t.handle.kind !== 'postgres') throw new Error('concurrency proofs need PostgreSQL (integration-pg)');
    members = [];
    for (let i = 0; i < 6; i++) members.push(await insertUser(t.handle.db, { balanceCents: 100_00 }));
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.handle.db);
    await t.close();
  });

  it('60 transactions touching the bank and the adjustments accounts in opposite orders all commit, to the cent', async () => {
    const balance = async (id: string) =>
      BigInt(
        (
          await t.handle.db
            .selectFrom('ledger_accounts')
            .select('balance')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).balance,
      );
    const bank = platformAccountId('bank', 'USD');
    const adjustments = platformAccountId('adjustments', 'USD');
    const bankBefore = await balance(bank);
    const adjustmentsBefore = await balance(adjustments);
    const move = (userId: string, legs: ReturnType<typeof transfer>) => ({
      kind: 'adjustment' as const,
      legs,
      ref: { type: 'adjustment' as const, id: randomUUID() },
      actorId: null,
      memo: 'concurrency',
      at,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => {
        const m = members[i % members.length]!.id;
        return t.handle.db.transaction().execute(async (trx) => {
          if (i % 2 === 0) {
            // bank → member, then member → adjustments
            await moveMoney(trx, move(m, transfer({ kind: 'bank' }, available(m), 3_00n)));
            await moveMoney(trx, move(m, transfer(available(m), { kind: 'adjustments' }, 1_00n)));
          } else {
            // adjustments → member, then member → bank
            await moveMoney(trx, move(m, transfer({ kind: 'adjustments' }, available(m), 2_00n)));
            await moveMoney(trx, move(m, transfer(available(m), { kind: 'bank' }, 1_00n)));
          }
        });
      }),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // 30 of each: the bank gave 30 × $3 and got 30 × $1; the adjustments account got 30 × $1 and gave 30 × $2.
    expect(await balance(bank)).toBe(bankBefore - 30n * 3_00n + 30n * 1_00n);
    expect(await balance(adjustments)).toBe(adjustmentsBefore + 30n * 1_00n - 30n * 2_00n);
    // Nothing is left waiting to be settled once every transaction has committed.
    const unsettled = await sql<{ n: string }>`select count(*) as n from ledger_unsettled`.execute(t.handle.db);
    expect(Number(unsettled.rows[0]!.n)).toBe(0);
  });
});
