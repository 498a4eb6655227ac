// Shared by the fault drills (not a test file itself): an app listening on a real port over its own
// PostgreSQL database, timed HTTP calls, and the admin's hand on the database's connections.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { DbHandle, PoolSettings } from '../../src/db/create-db.ts';
import type { TestUser } from '../../src/test/factories.ts';
import { insertUser } from '../../src/test/factories.ts';
import { offlineMarketService } from '../../src/test/fake-market-feed.ts';
import { createTestDb, testPostgresUrl } from '../../src/test/test-db.ts';
import { cookieFor, DETAILS } from '../money/money-helpers.ts';

export interface FaultApp {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
  /** http://127.0.0.1:<port> */
  base: string;
  /** The product database's name (what pg_stat_activity.datname says). */
  dbName: string;
  close(): Promise<void>;
}

/** The whole app on a fresh PostgreSQL database, listening on a free port. */
export async function startFaultApp(opts: {
  pool: Partial<PoolSettings>;
  databaseUrl?: (url: string) => string;
}): Promise<FaultApp> {
  const handle = await createTestDb({ pool: opts.pool, databaseUrl: opts.databaseUrl });
  if (handle.kind !== 'postgres') throw new Error('fault drills need PostgreSQL (run the integration-pg project)');
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://vestora.test',
    // The drills fire many requests from one address and one account: limits are not what they test.
    AUTH_RATE_LIMIT_PER_MIN: '100000',
    MONEY_RATE_LIMIT_PER_MIN: '100000',
    TRADE_RATE_LIMIT_PER_MIN: '100000',
  });
  const app = await buildApp({ config, db: handle, market: offlineMarketService(), logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    handle,
    config,
    base: `http://127.0.0.1:${port}`,
    dbName: rows[0]!.name,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** One answer and how long it took from the moment the request was sent. */
export interface Timed {
  label: string;
  status: number;
  retryAfter: string | null;
  ms: number;
  body: string;
}

/** Sends one request and times it; a transport failure (reset, refused) is status 0 with the error as body. */
export async function timed(label: string, url: string, init: RequestInit = {}): Promise<Timed> {
  const start = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    return {
      label,
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      ms: performance.now() - start,
      body,
    };
  } catch (e) {
    return { label, status: 0, retryAfter: null, ms: performance.now() - start, body: String(e) };
  }
}

/** A signed-in member with money to withdraw, and the requests the drills mix: reads and a money mutation. */
export async function member(f: FaultApp) {
  const user: TestUser = await insertUser(f.handle.db, { tier: 1, balanceCents: 1_000_000_00 });
  const cookie = await cookieFor(f, user);
  const json = { cookie, 'content-type': 'application/json' };
  const requests = {
    me: () => timed('user.me', `${f.base}/trpc/user.me`, { headers: { cookie } }),
    withdrawals: () => timed('withdrawal.list', `${f.base}/trpc/withdrawal.list`, { headers: { cookie } }),
    plans: () => timed('plan.list', `${f.base}/trpc/plan.list`),
    legacyMe: () =>
      timed('GET /api/v1/user/private_data', `${f.base}/api/v1/user/private_data`, { headers: { cookie } }),
    withdraw: () =>
      timed('withdrawal.request', `${f.base}/trpc/withdrawal.request`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ amount: 1, method: 'bank', details: DETAILS.bank, idempotencyKey: `k-${randomUUID()}` }),
      }),
  };
  const mix = [
    requests.withdraw,
    requests.me,
    requests.withdraw,
    requests.withdrawals,
    requests.plans,
    requests.legacyMe,
  ];
  return { user, cookie, requests, mix };
}

/** Every answer is 2xx, or a 503 with Retry-After that came within `boundMs` of the request. */
export function expectOkOr503(answers: readonly Timed[], boundMs: number): void {
  for (const a of answers) {
    const what = `${a.label}: ${a.status} after ${Math.round(a.ms)} ms: ${a.body.slice(0, 300)}`;
    if (a.status === 503) {
      expect(a.retryAfter, what).toMatch(/^[1-9][0-9]*$/);
      expect(a.ms, what).toBeLessThan(boundMs);
    } else {
      expect(a.status >= 200 && a.status < 300, what).toBe(true);
    }
  }
}

/** An admin connection to the test server (not through the app, not through any proxy). */
export async function adminClient(database?: string): Promise<pg.Client> {
  const url = new URL(testPostgresUrl()!);
  if (database) url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  c.on('error', () => {});
  await c.connect();
  return c;
}

/** Polls `probe` until it answers 2xx (up to `withinMs`); returns how long that took. */
export async function healsWithin(probe: () => Promise<Timed>, withinMs: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    const a = await probe();
    if (a.status >= 200 && a.status < 300) return performance.now() - start;
    if (performance.now() - start > withinMs) {
      throw new Error(`did not heal within ${withinMs} ms; last answer ${a.status}: ${a.body.slice(0, 300)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Latency summary for the drills' reports. */
export function summary(answers: readonly Timed[]): string {
  if (answers.length === 0) return 'none';
  const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!);
  return `${answers.length} answers, min ${Math.round(ms[0]!)} / median ${at(0.5)} / max ${Math.round(ms.at(-1)!)} ms`;
}

/** One JSON log line of a child process (pino). */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A Node process running a TypeScript entry point from source (tsx; `pnpm start` runs the same code compiled), with its logs parsed. */
export interface NodeChild {
  child: ChildProcess;
  lines: LogLine[];
  /** Whatever the process wrote that is not a JSON log line (stderr included). */
  other: string[];
  /** Resolves with the first log line (already seen or to come) that matches. */
  waitFor(match: (l: LogLine) => boolean, timeoutMs: number, what: string): Promise<LogLine>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

export function spawnNode(entry: string, env: Record<string, string>): NodeChild {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    // Only what the server needs: none of the test runner's variables.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const other: string[] = [];
  const waiters: { match: (l: LogLine) => boolean; resolve: (l: LogLine) => void }[] = [];
  const onLine = (text: string) => {
    let line: LogLine | undefined;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && 'msg' in parsed) line = parsed as LogLine;
    } catch {
      // not a log line
    }
    if (!line) {
      if (text.trim()) other.push(text);
      return;
    }
    lines.push(line);
    for (const w of [...waiters]) {
      if (w.match(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  readline.createInterface({ input: child.stdout! }).on('line', onLine);
  readline.createInterface({ input: child.stderr! }).on('line', onLine);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  return {
    child,
    lines,
    other,
    exited,
    waitFor(match, timeoutMs, what) {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise<LogLine>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(
            new Error(
              `no log line "${what}" within ${timeoutMs} ms; output:\n${[...lines.map((l) => JSON.stringify(l)), ...other].slice(-30).join('\n')}`,
            ),
          );
        }, timeoutMs);
        const waiter = {
          match,
          resolve: (l: LogLine) => {
            clearTimeout(timer);
            resolve(l);
          },
        };
        waiters.push(waiter);
        void exited.then(() => {
          if (waiters.includes(waiter)) {
            clearTimeout(timer);
            reject(
              new Error(
                `the process exited before logging "${what}"; output:\n${[...lines.map((l) => JSON.stringify(l)), ...other].slice(-30).join('\n')}`,
              ),
            );
          }
        });
      });
    },
  };
}
