import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../money/money-helpers.ts';
import {
  adminClient,
  expectOkOr503,
  type FaultApp,
  healsWithin,
  member,
  startFaultApp,
  summary,
  type Timed,
} from './fault-helpers.ts';

// Drill: pg_terminate_backend on every connection of the product's database while requests run. The issue's
// bound: 503 (with Retry-After) within 3 s of the request, never a 500, the process alive, and healthy again
// by itself afterwards.
const BOUND_MS = 3000;
const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

describe('fault drill: the database terminates the product’s connections under load (PostgreSQL)', () => {
  let f: FaultApp;
  let ops: pg.Client; // watches and terminates; connected to another database, so never a victim
  const uncaught: unknown[] = [];
  const onUncaught = (e: unknown) => uncaught.push(e);

  beforeAll(async () => {
    // An 'error' event nobody listens to surfaces here (the process would die outside a test runner).
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    // Lock and statement timeouts above the drill's waits: the terminations, not the timeouts, end requests.
    f = await startFaultApp({
      pool: { max: 10, connectTimeoutMs: 1500, statementTimeoutMs: 20_000, lockTimeoutMs: 20_000 },
    });
    ops = await adminClient();
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
    await ops?.end();
    if (f) await expectLedgerConsistent(f.handle.db);
    await f?.close();
  });

  /** Terminates every connection to the product's database but `keep`'s; waits until they are gone. */
  async function terminateProductConnections(keep: number[] = []): Promise<number> {
    const { rows } = await ops.query<{ n: number }>(
      `select count(*) filter (where pg_terminate_backend(pid, 5000))::int as n
         from pg_stat_activity where datname = $1 and pid <> all($2::int[])`,
      [f.dbName, keep],
    );
    return rows[0]!.n;
  }

  async function backendsWaitingOnLocks(): Promise<number> {
    const { rows } = await ops.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
      [f.dbName],
    );
    return rows[0]!.n;
  }

  it('connections killed in the middle of money transactions: each of those requests answers 503 + Retry-After within 3 s', async () => {
    const victim = await member(f);
    const bystanders = await Promise.all(times(3, () => member(f)));
    // Another session holds the victim's row, so their withdrawals stop inside their transactions, each on a
    // checked-out connection: the state in which an unhandled pg 'error' event used to kill the process.
    const holder = await adminClient(f.dbName);
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [victim.user.id]);
      const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

      const blocked = times(4, () => victim.requests.withdraw());
      const deadline = performance.now() + 20_000;
      while ((await backendsWaitingOnLocks()) < 4) {
        if (performance.now() > deadline) throw new Error('the withdrawals never reached the locked row');
        await new Promise((r) => setTimeout(r, 20));
      }
      const others = bystanders.flatMap((b) => b.mix.map((req) => req()));
      const killed = await terminateProductConnections([holderPid]);
      expect(killed).toBeGreaterThanOrEqual(4);

      const blockedAnswers = await Promise.all(blocked);
      const otherAnswers = await Promise.all(others);
      console.info(`[drill a] 4 withdrawals killed mid-transaction: ${summary(blockedAnswers)}`);
      for (const a of blockedAnswers) {
        expect(a.status, a.body).toBe(503);
        expect(a.retryAfter).toMatch(/^[1-9][0-9]*$/);
        expect(a.ms).toBeLessThan(BOUND_MS);
        expect(JSON.parse(a.body).error.message).toMatch(/try again/);
      }
      expectOkOr503(otherAnswers, BOUND_MS);
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
    expect(uncaught).toEqual([]);

    // Healthy again by itself: the next requests are served.
    const healedMs = await healsWithin(victim.requests.me, 10_000);
    console.info(`[drill a] serving again ${Math.round(healedMs)} ms after the terminations`);
    const after = await Promise.all(victim.mix.map((req) => req()));
    for (const a of after) expect(a.status, `${a.label}: ${a.body}`).toBe(200);
    expect((await fetch(`${f.base}/readyz`)).status).toBe(200);
  });

  it('three rounds of terminations during a load of reads and withdrawals: only 2xx and quick 503s, then healthy', async () => {
    const members = await Promise.all(times(8, () => member(f)));
    const answers: Timed[] = [];
    const killsAt = [15, 45, 80];
    const stopAt = 120;
    let kills = 0;
    let killing = Promise.resolve();
    // Eight clients, each sending its mix of requests one after another, as fast as answers come.
    const worker = async (m: Awaited<ReturnType<typeof member>>) => {
      for (let i = 0; answers.length < stopAt; i++) {
        answers.push(await m.mix[i % m.mix.length]!());
        if (kills < killsAt.length && answers.length >= killsAt[kills]!) {
          kills += 1;
          killing = killing.then(async () => {
            await terminateProductConnections();
          });
        }
      }
    };
    await Promise.all(members.map(worker));
    await killing;
    expect(kills).toBe(3);

    const failed = answers.filter((a) => a.status === 503);
    console.info(
      `[drill a] load with 3 terminations: ${answers.length} requests, ${failed.length} answered 503 (${summary(failed)}), ` +
        `${answers.filter((a) => a.status === 200).length} answered 200; all: ${summary(answers)}`,
    );
    expectOkOr503(answers, BOUND_MS);
    expect(uncaught).toEqual([]);

    await healsWithin(members[0]!.requests.me, 10_000);
    const after = await Promise.all(members.flatMap((m) => [m.requests.me(), m.requests.withdraw()]));
    for (const a of after) expect(a.status, `${a.label}: ${a.body}`).toBe(200);
  });
});
