import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { checkPriceAlerts } from '../../src/modules/alert/alert.runner.ts';
import { runDueRecurringBuys } from '../../src/modules/recurring/recurring.runner.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { TEST_POOL, testPostgresUrl } from '../../src/test/test-db.ts';
import { expectLedgerConsistent } from '../money/money-helpers.ts';
import { HOUR, recurringWorld, type RecurringWorld, WEEK } from './recurring-helpers.ts';

// Two instances of the server on one PostgreSQL decide each recurring buy's period once: the buy's row lock and
// the unique (recurring_buy_id, period) key, not the job's lease, make it so (here no lease is taken at all).
describe('recurring buys on two instances (PostgreSQL)', () => {
  let w: RecurringWorld;
  let other: DbHandle;

  beforeAll(async () => {
    w = await recurringWorld();
    if (w.t.handle.kind !== 'postgres') throw new Error('needs PostgreSQL (integration-pg project)');
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(w.t.handle.db);
    const url = new URL(testPostgresUrl()!);
    url.pathname = `/${rows[0]!.name}`;
    other = await createDb({ databaseUrl: url.toString(), pool: TEST_POOL });
  });
  afterAll(async () => {
    await expectLedgerConsistent(w.t.handle.db);
    expect((await callerAs(w.t, w.admin).ledger.verify()).ok).toBe(true);
    await other.close();
    await w.t.close();
  });

  it('20 members, 3 periods, both instances running every period four times at once: each period bought once', async () => {
    const members = await Promise.all(
      Array.from({ length: 20 }, () => insertUser(w.t.handle.db, { balanceCents: 1_000_00 })),
    );
    // One member's money covers two periods only: the third is skipped, once.
    const short = await insertUser(w.t.handle.db, { balanceCents: 25_00 });
    for (const m of [...members, short])
      await callerAs(w.t, m).recurringBuy.create({ asset: 'BTC', amountUsd: '10', every: 'week' });
    const deps = (db: DbHandle['db']) => ({ db, market: w.market, clock: w.clock, config: w.t.config });
    let bought = 0;
    let skipped = 0;
    for (let week = 0; week < 3; week++) {
      if (week > 0) {
        w.clock.advanceMs(WEEK + HOUR);
        w.market.setPrices({ BTC: 100_000 });
      }
      const totals = await Promise.all(
        [w.t.handle.db, other.db, w.t.handle.db, other.db].map((db) => runDueRecurringBuys(deps(db))),
      );
      bought += totals.reduce((s, t) => s + t.bought, 0);
      skipped += totals.reduce((s, t) => s + t.skipped, 0);
    }
    expect({ bought, skipped }).toEqual({ bought: 21 * 2 + 20, skipped: 1 });
    const runs = await w.t.handle.db
      .selectFrom('recurring_buy_runs')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(runs.map((r) => [r.status, Number(r.n)])).toEqual([
      ['bought', 62],
      ['skipped', 1],
    ]);
    const trades = await w.t.handle.db
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(trades.n)).toBe(62);
    for (const m of members)
      expect((await callerAs(w.t, m).trade.list()).items.map((t) => t.fromAmount)).toEqual(['10.00', '10.00', '10.00']);
  });

  it('an alert fires once per crossing when both instances check the same prices at once', async () => {
    const watchers = await Promise.all(Array.from({ length: 10 }, () => insertUser(w.t.handle.db, {})));
    for (const m of watchers)
      await callerAs(w.t, m).priceAlert.create({ asset: 'BTC', direction: 'above', price: '101000' });
    const check = (db: DbHandle['db']) =>
      checkPriceAlerts({ db, market: w.market, clock: w.clock, config: w.t.config });
    let fired = 0;
    // Up, back 1 %, up again: two crossings, each checked four times at once from two pools.
    for (const btc of [101_500, 102_000, 99_990, 101_000]) {
      w.clock.advanceMs(30_000);
      w.market.setPrices({ BTC: btc });
      const t = await Promise.all([w.t.handle.db, other.db, w.t.handle.db, other.db].map(check));
      fired += t.reduce((s, x) => s + x.fired, 0);
    }
    expect(fired).toBe(20);
    for (const m of watchers) {
      const notes = (await callerAs(w.t, m).notification.list({ limit: 10 })).items.filter(
        (n) => n.kind === 'alert.fired',
      );
      expect(notes).toHaveLength(2);
    }
  });

  it('1,200 alerts crossed by one price fire once each, in batches, from two instances at once', async () => {
    const owner = await insertUser(w.t.handle.db, {});
    const now = w.clock.now();
    const rows = Array.from({ length: 1_200 }, () => ({
      id: randomUUID(),
      user_id: owner.id,
      asset: 'ETH',
      direction: 'above' as const,
      price: '4100',
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 600)
      await w.t.handle.db
        .insertInto('price_alerts')
        .values(rows.slice(i, i + 600))
        .execute();
    w.clock.advanceMs(30_000);
    w.market.setPrices({ BTC: 100_000, ETH: 4_200 });
    const check = (db: DbHandle['db']) =>
      checkPriceAlerts({ db, market: w.market, clock: w.clock, config: w.t.config });
    const t = await Promise.all([w.t.handle.db, other.db].map(check));
    expect(t.reduce((s, x) => s + x.fired, 0)).toBe(1_200);
    const firings = await w.t.handle.db
      .selectFrom('price_alert_firings as f')
      .innerJoin('price_alerts as a', 'a.id', 'f.alert_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('a.user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(firings.n)).toBe(1_200);
    const notices = await w.t.handle.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(notices.n)).toBe(1_200);
  });
});
