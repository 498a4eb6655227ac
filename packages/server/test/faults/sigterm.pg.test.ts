import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type DbHandle } from '../../src/db/create-db.ts';
import { insertUser } from '../../src/test/factories.ts';
import { createEmptyTestDatabase, TEST_POOL } from '../../src/test/test-db.ts';
import { DETAILS } from '../money/money-helpers.ts';
import { createSession } from '../../src/modules/session/session.service.ts';
import { SESSION_COOKIE } from '../../src/lib/session-cookie.ts';
import { type NodeChild, spawnNode } from './fault-helpers.ts';

// Drill: SIGTERM to the real server (`src/main.ts` from source; `pnpm start` runs it compiled) while a load of requests is in
// flight. The bar: none fails, new connections are refused, the process closes its pool and exits 0
// within 10 s. To know for certain that every request is still in flight when the signal comes (and not make
// the drill's length depend on how loaded the machine is), the test holds a row lock: the withdrawals wait on
// it inside their transactions, holding the pool's 10 connections, and the rest (more withdrawals, sign-ups
// with their argon2 hashes) wait for a connection. The lock is let go only after the signal.
const WITHDRAWALS = 40;
const SIGNUPS = 10;
const IN_FLIGHT = WITHDRAWALS + SIGNUPS;
const EXIT_BOUND_MS = 10_000;

/** One request on a connection of its own (no keep-alive), answered completely or failed with the socket error. */
function post(
  port: number,
  url: string,
  body: unknown,
  cookie?: string,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (e) => resolve({ error: `${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}` }));
      },
    );
    req.on('error', (e) => resolve({ error: `${(e as NodeJS.ErrnoException).code ?? ''} ${e.message}` }));
    req.end(payload);
  });
}

describe('fault drill: SIGTERM during a load of requests in flight (real server, PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  let server: NodeChild | undefined;
  let handle: DbHandle | undefined;
  let holder: pg.Client | undefined;

  beforeAll(async () => {
    database = await createEmptyTestDatabase();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await holder?.end().catch(() => {});
    await handle?.close();
    await database?.drop();
  });

  it('finishes every request in flight, refuses new connections, closes the pool and exits 0 within 10 s', async () => {
    server = spawnNode('src/main.ts', {
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: '0',
      // debug: the drill counts the "incoming request" lines to know every request has arrived.
      LOG_LEVEL: 'debug',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      AUTH_RATE_LIMIT_PER_MIN: '100000',
      MONEY_RATE_LIMIT_PER_MIN: '100000',
      TRADE_RATE_LIMIT_PER_MIN: '100000',
      PAYOUT_INTERVAL_S: '3600',
      // The drill's waits are longer than the production timeouts, which would answer 503 instead.
      DB_CONNECT_TIMEOUT_MS: '60000',
      DB_STATEMENT_TIMEOUT_MS: '120000',
      DB_LOCK_TIMEOUT_MS: '60000',
    });
    const listening = await server.waitFor((l) => l.msg.startsWith('Server listening at'), 90_000, 'listening');
    const port = Number(/:(\d+)$/.exec(listening.msg)![1]);

    // The server has migrated the database: a member with money, signed in.
    handle = await createDb({ databaseUrl: database.url, pool: { ...TEST_POOL, max: 2 } });
    const user = await insertUser(handle.db, { tier: 1, balanceCents: 1000_00 });
    // The server runs on the system clock: the session starts now.
    const { token } = await createSession(handle.db, user.id, new Date());
    const cookie = `${SESSION_COOKIE}=${token}`;
    holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from users where id = $1 for update', [user.id]);

    const tag = randomBytes(4).toString('hex');
    const settled = new Set<number>();
    const track = (i: number, p: Promise<{ status: number; body: string } | { error: string }>) =>
      p.then((a) => {
        settled.add(i);
        return a;
      });
    const answers = [
      ...Array.from({ length: WITHDRAWALS }, (_, i) =>
        track(
          i,
          post(
            port,
            '/trpc/withdrawal.request',
            { amount: 1, method: 'bank', details: DETAILS.bank, idempotencyKey: `k-${tag}-${i}` },
            cookie,
          ),
        ),
      ),
      ...Array.from({ length: SIGNUPS }, (_, i) =>
        track(
          WITHDRAWALS + i,
          post(port, '/trpc/user.signup', {
            firstName: 'Load',
            lastName: `Tester ${i}`,
            country: 'Portugal',
            city: 'Lisbon',
            email: `sigterm-${tag}-${i}@example.com`,
            password: 'correct horse battery',
          }),
        ),
      ),
    ];
    // Signal once the server has taken every request in (each logged "incoming request") and the pool's
    // connections all wait on the lock.
    const incoming = () => server!.lines.filter((l) => l.msg === 'incoming request').length;
    await server.waitFor(() => incoming() >= IN_FLIGHT, 60_000, `${IN_FLIGHT} incoming requests`);
    const deadline = performance.now() + 60_000;
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(handle.db);
      if (rows[0]!.n >= 10) break;
      if (performance.now() > deadline) throw new Error('the withdrawals never reached the locked row');
      await new Promise((r) => setTimeout(r, 20));
    }
    const inFlightAtSignal = IN_FLIGHT - settled.size;
    const signalAt = performance.now();
    server.child.kill('SIGTERM');

    await server.waitFor((l) => l.msg.startsWith('SIGTERM: shutting down'), 10_000, 'shutting down');
    // A new connection now is refused (the listening socket is closed), or at worst answered 503 by Fastify.
    const late = await post(port, '/trpc/user.signup', {});
    const lateRefused = 'error' in late ? /ECONNREFUSED|ECONNRESET/.test(late.error) : late.status === 503;
    expect(lateRefused, JSON.stringify(late)).toBe(true);
    expect(settled.size, 'nothing finishes while the row is held').toBe(0);

    await holder.query('rollback');
    const results = await Promise.all(answers);
    const exit = await server.exited;
    const exitMs = exit.at - signalAt;
    console.info(
      `[drill c] SIGTERM with ${inFlightAtSignal} of ${IN_FLIGHT} requests in flight; all answered; ` +
        `late connection: ${'error' in late ? late.error.trim() : late.status}; exit ${exit.code} ${Math.round(exitMs)} ms after the signal`,
    );
    expect(inFlightAtSignal).toBe(IN_FLIGHT);
    for (const r of results) expect('status' in r ? r.status : r.error, JSON.stringify(r)).toBe(200);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(EXIT_BOUND_MS);
    expect(server.lines.some((l) => l.msg === 'shut down cleanly')).toBe(true);

    // Every request answered did its work, and the server left no connection behind.
    const withdrawals = await handle.db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).execute();
    expect(withdrawals).toHaveLength(WITHDRAWALS);
    const signedUp = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', `sigterm-${tag}-%`)
      .execute();
    expect(signedUp).toHaveLength(SIGNUPS);
    await handle.close();
    handle = undefined;
    // (A backend leaves pg_stat_activity a moment after its client hangs up.)
    const until = performance.now() + 5000;
    let left = -1;
    while (left !== 0 && performance.now() < until) {
      const { rows } = await holder.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      left = rows[0]!.n;
      if (left !== 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(left).toBe(0);
  });
});
