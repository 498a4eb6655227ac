// #33: 20 concurrent withdrawal requests, each under the limit, cannot pass it together: two instances of the
// product on one PostgreSQL database (each its own app and pool), the requests split between them. The member's
// kyc_members row is the lock every request takes before it counts, so exactly as many pass as the limit holds.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { callerAs, insertUser } from '../../src/test/factories.ts';
import { offlineMarketService } from '../../src/test/fake-market-feed.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { createEmptyTestDatabase, TEST_POOL } from '../../src/test/test-db.ts';
import { limitsView } from '../../src/modules/kyc/kyc.limits.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { expectLedgerConsistent, newKey } from '../money/money-helpers.ts';

describe('withdrawal limits under concurrency, two instances on PostgreSQL (#33)', () => {
  const clock = new ManualClock('2027-02-01T10:00:00.000Z');
  let database: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  let setup: DbHandle;
  const apps: { app: FastifyInstance; handle: DbHandle }[] = [];

  beforeAll(async () => {
    database = await createEmptyTestDatabase();
    setup = await createDb({ databaseUrl: database.url, pool: { ...TEST_POOL, max: 2 } });
    await migrateToLatest(setup.db);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://vestora.test',
      DATABASE_URL: database.url,
      APP_SECRET: 'test-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
      MONEY_RATE_LIMIT_PER_MIN: '100000',
      KYC_TIER1_DAILY_USD: '1000',
      KYC_TIER1_MONTHLY_USD: '5000',
    });
    for (let i = 0; i < 2; i++) {
      const handle = await createDb({ databaseUrl: database.url, pool: TEST_POOL });
      const app = await buildApp({ config, db: handle, clock, market: offlineMarketService(), logger: false });
      await app.ready();
      apps.push({ app, handle });
    }
  });

  afterAll(async () => {
    for (const a of apps) {
      await a.app.close();
      await a.handle.close();
    }
    if (setup) await expectLedgerConsistent(setup.db);
    await setup?.close();
    await database?.drop();
  });

  it('20 requests of $100 at once against a $1,000 day: exactly 10 pass, the rest are refused with what is left', async () => {
    const member = await insertUser(setup.db, { tier: 1, balanceCents: 5_000_00 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        callerAs(apps[i % 2]!.app.deps, member).withdrawal.request({
          amount: 100,
          method: i % 3 === 0 ? 'paypal' : 'bank',
          details: i % 3 === 0 ? 'payee@example.com' : 'PT50000201231234567890154',
          idempotencyKey: newKey(),
        }),
      ),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [toPublicError(r.reason)] : []));
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const e of refused) {
      expect(e.status).toBe(403);
      expect(e.message).toMatch(/^This withdrawal \(\$100\.00\) is over your limit\. Left today: \$0\.00;/);
    }
    expect(await limitsView(setup.db, apps[0]!.app.deps.config, member.id, clock.now())).toMatchObject({
      usedDailyUsd: '1000.00',
      usedMonthlyUsd: '1000.00',
    });
    const rows = await setup.db
      .selectFrom('withdrawals')
      .select(['amount_cents', 'usd_value_cents'])
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => Number(r.usd_value_cents) === 100_00 && r.amount_cents === 100_00)).toBe(true);
  });
});
