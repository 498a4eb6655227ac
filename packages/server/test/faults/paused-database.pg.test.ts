import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../src/test/tcp-proxy.ts';
import { expectLedgerConsistent } from '../money/money-helpers.ts';
import { type FaultApp, healsWithin, member, startFaultApp, summary, timed } from './fault-helpers.ts';

// Drill: the database stops answering without closing anything (a paused TCP proxy between the app and
// PostgreSQL: a frozen VM, a network partition). The bounds: requests answer 503 with Retry-After
// within 3 s, /readyz 503 within 1 s, and the product serves again by itself once the database is back.
const REQUEST_BOUND_MS = 3000;
const READY_BOUND_MS = 1000;
const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

describe('fault drill: the database stops answering (paused TCP proxy, PostgreSQL)', () => {
  let f: FaultApp;
  let proxy: TcpProxy;
  const uncaught: unknown[] = [];
  const onUncaught = (e: unknown) => uncaught.push(e);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    process.on('unhandledRejection', onUncaught);
    const target = new URL(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://127.0.0.1:5432');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    f = await startFaultApp({
      // Settings small enough that their sum stays inside the 3 s: a request may wait for a connection
      // (1 s) and then for a query's answer (statement timeout + 0.5 s = 1.5 s).
      pool: { max: 6, connectTimeoutMs: 1000, statementTimeoutMs: 1000, lockTimeoutMs: 1000 },
      databaseUrl: (url) => {
        const u = new URL(url);
        u.hostname = '127.0.0.1';
        u.port = String(proxy.port);
        return u.toString();
      },
    });
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUncaught);
    proxy?.resume();
    if (f) await expectLedgerConsistent(f.handle.db);
    await f?.close();
    await proxy?.close();
  });

  it('paused: requests answer 503 + Retry-After within 3 s and /readyz 503 within 1 s; resumed: it serves again by itself', async () => {
    const members = await Promise.all(times(4, () => member(f)));
    // Warm: the pool holds open connections through the proxy, which is where a pause hurts most.
    const warm = await Promise.all(members.flatMap((m) => m.mix.map((req) => req())));
    for (const a of warm) expect(a.status, `${a.label}: ${a.body}`).toBe(200);
    expect(proxy.connections).toBeGreaterThan(0);

    proxy.pause();
    try {
      // Two waves: the first meets the open connections (no answer to its queries), the second has to open new
      // ones (no answer to the handshake) while the first still holds the pool.
      const wave1 = members.flatMap((m) => m.mix.map((req) => req()));
      const ready1 = timed('readyz', `${f.base}/readyz`);
      const ready1Answer = await ready1;
      const wave2 = members.flatMap((m) => [m.requests.me(), m.requests.withdraw()]);
      const ready2 = await timed('readyz', `${f.base}/readyz`);
      const answers = [...(await Promise.all(wave1)), ...(await Promise.all(wave2))];
      const ready3 = await timed('readyz', `${f.base}/readyz`);

      const readys = [ready1Answer, ready2, ready3];
      console.info(`[drill b] paused: /readyz ${summary(readys)}; requests ${summary(answers)}`);
      for (const r of readys) {
        expect(r.status, r.body).toBe(503);
        expect(r.ms).toBeLessThan(READY_BOUND_MS);
      }
      // plan.list reads nothing per user but still needs the database: every request here does.
      for (const a of answers) {
        const what = `${a.label}: ${a.status} after ${Math.round(a.ms)} ms: ${a.body.slice(0, 300)}`;
        expect(a.status, what).toBe(503);
        expect(a.retryAfter, what).toMatch(/^[1-9][0-9]*$/);
        expect(a.ms, what).toBeLessThan(REQUEST_BOUND_MS);
      }
    } finally {
      proxy.resume();
    }
    expect(uncaught).toEqual([]);

    const healedMs = await healsWithin(() => timed('readyz', `${f.base}/readyz`), 15_000);
    console.info(`[drill b] resumed: /readyz 200 again after ${Math.round(healedMs)} ms`);
    await healsWithin(members[0]!.requests.me, 15_000);
    const after = await Promise.all(members.flatMap((m) => m.mix.map((req) => req())));
    for (const a of after) expect(a.status, `${a.label}: ${a.body}`).toBe(200);
  });
});
