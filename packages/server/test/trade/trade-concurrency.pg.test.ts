import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { fundTreasuryFromCli } from '../../src/modules/trade/trade.treasury.ts';
import { callerAs, insertUser, type TestUser } from '../../src/test/factories.ts';
import { liveMarket } from '../../src/test/live-market.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { createTestDb, TEST_POOL } from '../../src/test/test-db.ts';
import { expectLedgerConsistent } from '../money/money-helpers.ts';

// #30 under real concurrency: two instances of the product (each its own pool and market cache) on one
// PostgreSQL database, as behind a load balancer. A quote fills once, a balance and the treasury never go below
// zero, and crossing conversions never deadlock.
describe('trading under real concurrency (PostgreSQL, two instances)', () => {
  const clock = new ManualClock('2026-05-04T09:00:00.000Z');
  const prices = { BTC: 100_000, ETH: 4_000, SOL: 100 };
  let first: DbHandle;
  let second: DbHandle;
  const apps: FastifyInstance[] = [];

  const on = (i: number, u: TestUser) => callerAs(apps[i % 2]!.deps, u);
  const fund = (asset: string, amount: string) =>
    fundTreasuryFromCli(first.db, { asset, amount, reason: 'test', refId: randomUUID() }, clock.now());
  const units = async (userId: string | null, kind: string, asset: string) => {
    let q = first.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', kind as never)
      .where('asset', '=', asset);
    q = userId ? q.where('user_id', '=', userId) : q.where('user_id', 'is', null);
    const r = await q.executeTakeFirst();
    return r ? BigInt(r.balance) : 0n;
  };
  const settle = async <T>(ps: Promise<T>[]) => {
    const rs = await Promise.allSettled(ps);
    return {
      ok: rs.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
      errors: rs.flatMap((r) => (r.status === 'rejected' ? [toPublicError(r.reason)] : [])),
    };
  };

  beforeAll(async () => {
    let url = '';
    first = await createTestDb({
      databaseUrl: (u) => (url = u),
    });
    if (first.kind !== 'postgres') throw new Error('concurrency proofs need PostgreSQL (integration-pg)');
    second = await createDb({ databaseUrl: url, pool: TEST_POOL });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://vestora.test',
      APP_SECRET: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    for (const handle of [first, second]) {
      const app = await buildApp({ config, db: handle, clock, market: liveMarket(clock, prices), logger: false });
      await app.ready();
      apps.push(app);
    }
    await fund('BTC', '10');
    await fund('ETH', '100');
    await fund('USD', '100000');
    await fund('SOL', '1');
  });
  afterAll(async () => {
    await expectLedgerConsistent(first.db);
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
  });

  it('50 concurrent accepts of one quote on two instances fill it once, and all answer the one trade', async () => {
    const m = await insertUser(first.db, { balanceCents: 1_000_00 });
    const q = await on(0, m).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '100' });
    const { ok, errors } = await settle(Array.from({ length: 50 }, (_, i) => on(i, m).trade.accept({ quoteId: q.id })));
    expect(errors).toEqual([]);
    expect(new Set(ok.map((x) => x.id)).size).toBe(1);
    expect(await first.db.selectFrom('trades').select('id').where('quote_id', '=', q.id).execute()).toHaveLength(1);
    expect(await units(m.id, 'available', 'USD')).toBe(900_00n);
    expect(await units(m.id, 'available', 'BTC')).toBe(99_400n);
  });

  it('$100 cannot buy $101 through 20 concurrent quotes', async () => {
    const m = await insertUser(first.db, { balanceCents: 100_00 });
    const quotes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => on(i, m).trade.quote({ from: 'USD', to: 'ETH', fromAmount: '5.05' })),
    );
    const { ok, errors } = await settle(quotes.map((q, i) => on(i, m).trade.accept({ quoteId: q.id })));
    expect(ok).toHaveLength(19);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ status: 422 });
    expect(await units(m.id, 'available', 'USD')).toBe(100_00n - 19n * 5_05n);
  });

  it('the treasury never goes below zero under 50 concurrent buys', async () => {
    // The treasury holds 1 SOL; each buy takes 0.05 SOL: 20 fill, 30 are refused, none oversells.
    const members = await Promise.all(Array.from({ length: 50 }, () => insertUser(first.db, { balanceCents: 100_00 })));
    const quotes = await Promise.all(
      members.map((m, i) => on(i, m).trade.quote({ from: 'USD', to: 'SOL', toAmount: '0.05' })),
    );
    const { ok, errors } = await settle(quotes.map((q, i) => on(i, members[i]!).trade.accept({ quoteId: q.id })));
    expect(ok).toHaveLength(20);
    expect(errors).toHaveLength(30);
    expect(new Set(errors.map((e) => e.message))).toEqual(new Set(['The platform holds no more SOL to sell.']));
    expect(await units(null, 'treasury', 'SOL')).toBe(0n);
  });

  it('BTC→ETH and ETH→BTC at once never deadlock, and every conversion fills', async () => {
    const members = await Promise.all(
      Array.from({ length: 20 }, () => insertUser(first.db, { balanceCents: 2_000_00 })),
    );
    for (const m of members) {
      await on(0, m).trade.accept({
        quoteId: (await on(0, m).trade.quote({ from: 'USD', to: 'BTC', fromAmount: '500' })).id,
      });
      await on(1, m).trade.accept({
        quoteId: (await on(1, m).trade.quote({ from: 'USD', to: 'ETH', fromAmount: '500' })).id,
      });
    }
    const quotes = await Promise.all(
      members.map((m, i) =>
        i % 2 === 0
          ? on(i, m).trade.quote({ from: 'BTC', to: 'ETH', fromAmount: '0.004' })
          : on(i, m).trade.quote({ from: 'ETH', to: 'BTC', fromAmount: '0.1' }),
      ),
    );
    const { ok, errors } = await settle(quotes.map((q, i) => on(i, members[i]!).trade.accept({ quoteId: q.id })));
    expect(errors).toEqual([]);
    expect(ok).toHaveLength(20);
  });
});
