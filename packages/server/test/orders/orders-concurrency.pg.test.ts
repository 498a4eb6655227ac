import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { checkOrders } from '../../src/modules/order/order.fill.ts';
import { type LimitOrderRunner, startLimitOrderRunner } from '../../src/modules/order/order.runner.ts';
import { fundTreasuryFromCli } from '../../src/modules/trade/trade.treasury.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { liveMarket, type LiveMarket } from '../../src/test/live-market.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { createTestDb, TEST_POOL } from '../../src/test/test-db.ts';
import { expectLedgerConsistent } from '../money/money-helpers.ts';

// #31 under real concurrency: two instances of the product (each its own pool, market cache and job runner) on one
// PostgreSQL database. Every order fills once whichever instance checks it, however often; a cancel racing a fill
// either cancels (the money back) or loses to the fill, never both.
describe('limit orders under real concurrency (PostgreSQL, two instances)', () => {
  const clock = new ManualClock('2026-06-02T09:00:00.000Z');
  let first: DbHandle;
  let second: DbHandle;
  const apps: FastifyInstance[] = [];
  const markets: LiveMarket[] = [];
  const runners: LimitOrderRunner[] = [];

  const on = (i: number, u: { id: string; email: string }) => callerAs(apps[i % 2]!.deps, u as never);
  const setPrice = (btc: number) => {
    for (const m of markets) m.setPrices({ BTC: btc, ETH: 4_000 });
  };

  beforeAll(async () => {
    let url = '';
    first = await createTestDb({ databaseUrl: (u) => (url = u) });
    if (first.kind !== 'postgres') throw new Error('concurrency proofs need PostgreSQL (integration-pg)');
    second = await createDb({ databaseUrl: url, pool: TEST_POOL });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://vestora.test',
      APP_SECRET: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MONEY_RATE_LIMIT_PER_MIN: '100000',
      TRADE_RATE_LIMIT_PER_MIN: '100000',
    });
    for (const handle of [first, second]) {
      const market = liveMarket(clock, { BTC: 100_000, ETH: 4_000 });
      const app = await buildApp({ config, db: handle, clock, market, logger: false });
      await app.ready();
      apps.push(app);
      markets.push(market);
      runners.push(startLimitOrderRunner({ ...app.deps, log: app.log }));
    }
    for (const [asset, amount] of [
      ['BTC', '10'],
      ['USD', '100000'],
    ] as const)
      await fundTreasuryFromCli(first.db, { asset, amount, reason: 'test', refId: randomUUID() }, clock.now());
  });
  afterAll(async () => {
    for (const r of runners) await r.stop();
    await expectLedgerConsistent(first.db);
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
  });

  it('30 orders checked by both instances at once, again and again, fill once each', async () => {
    const members = await Promise.all(
      Array.from({ length: 30 }, () => insertUser(first.db, { balanceCents: 1_000_00 })),
    );
    const orders = await Promise.all(
      members.map((m, i) => on(i, m).order.place({ side: 'buy', asset: 'BTC', amountUsd: '500', limitPrice: '99000' })),
    );
    setPrice(98_000);
    // Both instances' jobs (their own leases), and the fill check itself on both pools, all at once, twice.
    await Promise.all([
      ...runners.map((r) => r.runOnce()),
      checkOrders(apps[0]!.deps),
      checkOrders(apps[1]!.deps),
      checkOrders(apps[0]!.deps),
      checkOrders(apps[1]!.deps),
    ]);
    await Promise.all(runners.map((r) => r.runOnce()));
    const trades = await first.db
      .selectFrom('trades')
      .select(['user_id'])
      .where(
        'user_id',
        'in',
        members.map((m) => m.id),
      )
      .execute();
    expect(trades).toHaveLength(30);
    expect(new Set(trades.map((x) => x.user_id)).size).toBe(30);
    const rows = await first.db
      .selectFrom('limit_orders')
      .select(['status', 'trade_id'])
      .where(
        'id',
        'in',
        orders.map((o) => o.id),
      )
      .execute();
    expect(rows.every((r) => r.status === 'filled' && r.trade_id !== null)).toBe(true);
    // Each member: $500 left, nothing held, one fill notified.
    for (const m of members.slice(0, 3)) {
      const usd = (await on(0, m).portfolio.holdings()).items.find((i) => i.asset === 'USD')!;
      expect(usd).toMatchObject({ amount: '500.00', held: '0.00' });
    }
    const notes = await first.db
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'order.filled')
      .where(
        'user_id',
        'in',
        members.map((m) => m.id),
      )
      .execute();
    expect(notes).toHaveLength(30);
  });

  it('a cancel racing the fills on the other instance either cancels or loses, never both', async () => {
    setPrice(100_000);
    const members = await Promise.all(
      Array.from({ length: 20 }, () => insertUser(first.db, { balanceCents: 1_000_00 })),
    );
    const orders = await Promise.all(
      members.map((m) => on(0, m).order.place({ side: 'buy', asset: 'BTC', amountUsd: '500', limitPrice: '99000' })),
    );
    setPrice(98_000);
    const results = await Promise.allSettled([
      checkOrders(apps[1]!.deps),
      ...members.map((m, i) => on(0, m).order.cancel({ id: orders[i]!.id })),
    ]);
    expect(results[0]!.status).toBe('fulfilled');
    await checkOrders(apps[0]!.deps);
    for (const [i, m] of members.entries()) {
      const row = await first.db
        .selectFrom('limit_orders')
        .select(['status'])
        .where('id', '=', orders[i]!.id)
        .executeTakeFirstOrThrow();
      const cancel = results[i + 1]!;
      const usd = (await on(1, m).portfolio.holdings()).items.find((x) => x.asset === 'USD')!;
      const btc = (await on(1, m).portfolio.holdings()).items.find((x) => x.asset === 'BTC');
      if (row.status === 'cancelled') {
        expect(cancel.status).toBe('fulfilled');
        expect(usd).toMatchObject({ amount: '1000.00', held: '0.00' });
        expect(btc).toBeUndefined();
      } else {
        expect(row.status).toBe('filled');
        expect(cancel.status).toBe('rejected');
        expect(usd).toMatchObject({ amount: '500.00', held: '0.00' });
        expect(btc).toBeDefined();
      }
    }
  });
});
