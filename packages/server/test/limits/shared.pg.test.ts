// Proof that on PostgreSQL the limits' counters live in the database: two instances of the product (each
// with its own pool, as two processes would have) share one count, so splitting attempts between them
// gains nothing.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { offlineMarketService } from '../../src/test/fake-market-feed.ts';
import { testPostgresUrl } from '../../src/test/test-db.ts';
import { expectSignInRefused, expectWrongPassword, loginAttempt, lockoutsOf, someEmail } from './limit-helpers.ts';

const LIMIT = 20;

describe('two instances on one PostgreSQL database share the sign-in counters', () => {
  const baseUrl = testPostgresUrl()!;
  const name = `vestora_test_limits_${process.pid}_${randomBytes(4).toString('hex')}`;
  const handles: DbHandle[] = [];
  const apps: FastifyInstance[] = [];

  async function admin(query: string) {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://vestora.test',
      DATABASE_URL: url.toString(),
      AUTH_RATE_LIMIT_PER_MIN: String(LIMIT),
    });
    for (let i = 0; i < 2; i++) {
      const handle = await createDb({ databaseUrl: config.DATABASE_URL });
      if (i === 0) await migrateToLatest(handle.db);
      handles.push(handle);
      const app = await buildApp({ config, db: handle, market: offlineMarketService(), logger: false });
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const h of handles) await h.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('splits 21 attempts on one account between two instances: the 21st is 429 with Retry-After', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    expect(handles.every((h) => h.kind === 'postgres' && h.pool)).toBe(true);
    const email = someEmail('split');
    for (let i = 0; i < LIMIT; i++) {
      const res = await loginAttempt(i % 2 ? b : a, { email, address: `10.9.${i}.1` });
      expectWrongPassword(res);
    }
    expectSignInRefused(await loginAttempt(a, { email, address: '10.9.99.1' }));
    expectSignInRefused(await loginAttempt(b, { email, address: '10.9.99.2', via: 'legacy' }));

    // The count is a row of the database, and the lockout was recorded once, by whichever instance saw it.
    const row = await handles[0]!.db
      .selectFrom('rate_limits')
      .select(['points', 'expire'])
      .where('key', '=', `login:account:${email}`)
      .executeTakeFirstOrThrow();
    expect(row.points).toBe(LIMIT + 2);
    expect(Number(row.expire)).toBeGreaterThan(Date.now());
    expect(await lockoutsOf(handles[0]!.db, email)).toHaveLength(1);
  });

  it('splits 21 attempts from one address (many accounts) the same way', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const address = '2001:db8:77:1::1';
    for (let i = 0; i < LIMIT; i++) {
      expectWrongPassword(await loginAttempt(i % 2 ? a : b, { email: someEmail('addr'), address }));
    }
    expectSignInRefused(await loginAttempt(b, { email: someEmail('addr'), address: '2001:db8:77:1::2' }));
  });
});
