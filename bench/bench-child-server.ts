/**
 * What the live-server benchmarks (bench-mixed, bench-money-ceiling) share: a fresh PostgreSQL database with
 * seeded users, the server as a real child process on it, an HTTP client over keep-alive sockets, and the
 * server's CPU time and PostgreSQL's counters for the figures. Not a benchmark itself (not in bench.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildApp,
  loadConfig,
  createDb,
  type DbHandle,
  migrateToLatest,
  seedIfEmpty,
  offlineMarketService,
  startFakeMarketFeed,
  type FakeMarketFeed,
  insertUser,
  TEST_PASSWORD,
  type PgCounters,
  readPgCounters,
  createEmptyTestDatabase,
} from '@vestora/server/bench';
import { RESULTS_DIR } from './bench-report.ts';
import { productServerCommand } from './bench-server.ts';

export type { PgCounters };

const ROOT = path.resolve(import.meta.dirname, '..');

/** The PostgreSQL server benchmarks create their database on (none: the benchmark says so and stops). */
export function benchPostgresUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export interface SeededAccount {
  id: string;
  email: string;
}

export interface ChildServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** How the server was started ("node dist/main.js" or "node --import tsx src/main.ts"). */
  command: string;
  pid: number;
  users: SeededAccount[];
  admins: SeededAccount[];
  /** Plan ids by name (the demo plans). */
  plans: Map<string, string>;
  /** A connection of the benchmark's own to the same database (pg_stat_* figures, setup). */
  db: DbHandle;
  databaseName: string;
  databaseUrl: string;
  /** Where the server's log lines went. */
  logFile: string;
  /** Server CPU time (user + system) so far, in microseconds (Linux /proc; NaN elsewhere). */
  cpuMicros(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** utime + stime of a process from /proc/<pid>/stat, in microseconds. */
function procCpuMicros(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ": state is field 0, utime 11, stime 12 (clock ticks, 100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
  } catch {
    return NaN;
  }
}

/**
 * Creates a fresh database on the PostgreSQL server, migrates it, seeds the demo plans, `users` users (each
 * with `balanceCents`, through the ledger) and `admins` admins, then starts the server on it as a child
 * process and waits for /readyz. `env` adds to (or overrides) the server's environment.
 */
export async function startChildServer(opts: {
  users: number;
  admins: number;
  balanceCents: number;
  env?: Record<string, string>;
  logName: string;
  /** `taskset -c <cpu>` the server (the issue's measurements pinned it to one core). */
  pinCpu?: string;
}): Promise<ChildServer> {
  const base = benchPostgresUrl();
  if (!base) throw new Error('needs PostgreSQL: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL');
  process.env.TEST_DATABASE_URL = base;
  const created = await createEmptyTestDatabase();
  let db: DbHandle | undefined;
  let child: ChildProcess | undefined;
  let feed: FakeMarketFeed | undefined;
  let dataDir: string | undefined;
  const cleanup = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child!.once('exit', () => r()));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child?.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    await db?.close();
    await feed?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await created.drop();
  };
  try {
    db = await createDb({ databaseUrl: created.url, pool: { max: 4, statementTimeoutMs: 0, lockTimeoutMs: 0 } });
    await migrateToLatest(db.db);
    await seedIfEmpty(db.db);
    const users: SeededAccount[] = [];
    const admins: SeededAccount[] = [];
    for (let i = 0; i < opts.admins; i++) {
      const u = await insertUser(db.db, { accountType: 'admin', email: `admin-${i}@bench.test`, emailVerified: true });
      admins.push({ id: u.id, email: u.email });
    }
    for (let i = 0; i < opts.users; i++) {
      const u = await insertUser(db.db, {
        balanceCents: opts.balanceCents,
        email: `user-${i}@bench.test`,
        emailVerified: true,
      });
      users.push({ id: u.id, email: u.email });
    }
    const plans = new Map(
      (await db.db.selectFrom('plans').select(['id', 'investment_plan_name']).execute()).map((p) => [
        p.investment_plan_name,
        p.id,
      ]),
    );

    // market.coins must not reach the internet: a local fake feed answers the (one per TTL) refresh.
    feed = await startFakeMarketFeed();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-bench-'));
    const port = await freePort();
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const logFile = path.join(RESULTS_DIR, `${opts.logName}-server.log`);
    const log = fs.openSync(logFile, 'w');
    const server = productServerCommand();
    const [cmd, args] = opts.pinCpu
      ? ['taskset', ['-c', opts.pinCpu, server.command, ...server.args]]
      : [server.command, server.args];
    child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: ['ignore', log, log],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: created.url,
        DATA_DIR: dataDir,
        APP_SECRET: 'bench-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
        MARKET_FEED_URL: feed.url,
        LOG_LEVEL: 'info',
        // A load test, not an attack: the limits that would refuse it are raised, and the event-loop check
        // that would shed load is off (a benchmark measures the process at saturation).
        AUTH_RATE_LIMIT_PER_MIN: '100000',
        MONEY_RATE_LIMIT_PER_MIN: '100000',
        TRADE_RATE_LIMIT_PER_MIN: '100000',
        MAX_PENDING_DEPOSITS: '10000',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        ...opts.env,
      },
    });
    fs.closeSync(log);
    const pid = child.pid!;
    const url = `http://127.0.0.1:${port}`;
    const exited = new Promise<never>((_, reject) =>
      child!.once('exit', (code, signal) =>
        reject(new Error(`the server exited (${code ?? signal}) before it was ready; see ${logFile}`)),
      ),
    );
    exited.catch(() => {});
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ready = await Promise.race([
        fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
        exited,
      ]);
      if (ready) break;
      if (Date.now() > deadline) throw new Error(`the server was not ready within 120 s; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const handle = db;
    return {
      url,
      command: `${opts.pinCpu ? `taskset -c ${opts.pinCpu} ` : ''}${server.label}`,
      pid,
      users,
      admins,
      plans,
      db: handle,
      databaseName: created.name,
      databaseUrl: created.url,
      logFile,
      cpuMicros: () => procCpuMicros(pid),
      stop: cleanup,
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** One HTTP answer, with the time it took (request sent to body read). */
export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/**
 * A client with its own session cookie over a shared keep-alive agent. tRPC calls go one per request
 * (httpLink, as the web app does): queries as GET with `?input=`, mutations as POST with a JSON body.
 */
export class BenchClient {
  cookie = '';
  constructor(
    private readonly base: string,
    private readonly agent: http.Agent,
  ) {}

  request(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown, accept = 'application/json'): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = { accept };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (this.cookie) headers.cookie = this.cookie;
    const started = performance.now();
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${this.base}${pathAndQuery}`, { method, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const set = res.headers['set-cookie']?.find((c) => /^(__Host-)?vestora_session=/.test(c));
          if (set) this.cookie = set.split(';')[0]!;
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  query(procedure: string, input?: unknown): Promise<Answer> {
    const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return this.request('GET', `/trpc/${procedure}${q}`);
  }

  mutate(procedure: string, input: unknown): Promise<Answer> {
    return this.request('POST', `/trpc/${procedure}`, input);
  }

  /** Signs in (the session cookie is kept for the next calls); throws unless 200. */
  async signIn(email: string): Promise<Answer> {
    const a = await this.mutate('user.login', { email, password: TEST_PASSWORD });
    if (a.status !== 200) throw new Error(`sign-in of ${email} answered ${a.status}: ${a.body.slice(0, 200)}`);
    return a;
  }
}

/** A keep-alive agent for `sockets` concurrent clients. */
export function keepAliveAgent(sockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

/** The `data` of a tRPC success body. */
export function dataOf<T>(a: Answer): T {
  return (JSON.parse(a.body) as { result: { data: T } }).result.data;
}

/** PostgreSQL's counters for the server's database (see readPgCounters). */
export function pgCounters(server: ChildServer): Promise<PgCounters> {
  return readPgCounters(server.db.db, server.databaseName);
}

/**
 * Statements each call sends to PostgreSQL (BEGIN and COMMIT included), counted exactly: the same app, in
 * process on the same database, with every pooled connection's query() counted, serving `calls` through
 * app.inject as the signed-in `email`. One call at a time, after one untimed call of each.
 */
export async function statementsPerCall(
  server: ChildServer,
  email: string,
  calls: { name: string; method: 'GET' | 'POST'; url: string; body?: () => unknown }[],
  repeat = 20,
): Promise<{ name: string; statements: number }[]> {
  const handle = await createDb({ databaseUrl: server.databaseUrl, pool: { max: 2 } });
  let count = 0;
  handle.pool!.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as { query: unknown }).query = (...a: unknown[]) => {
      count++;
      return query(...a);
    };
  });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: server.databaseUrl,
    AUTH_RATE_LIMIT_PER_MIN: '100000',
    MONEY_RATE_LIMIT_PER_MIN: '100000',
    TRADE_RATE_LIMIT_PER_MIN: '100000',
    MAX_PENDING_DEPOSITS: '10000',
    APP_SECRET: 'bench-app-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    DATA_DIR: os.tmpdir(),
  });
  const app = await buildApp({
    config,
    db: handle,
    logger: false,
    market: offlineMarketService(),
  });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/trpc/user.login',
      payload: { email, password: TEST_PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name.endsWith('vestora_session'));
    if (login.statusCode !== 200 || !cookie) throw new Error(`in-process sign-in answered ${login.statusCode}`);
    const headers = { cookie: `${cookie.name}=${cookie.value}` };
    const out: { name: string; statements: number }[] = [];
    for (const c of calls) {
      const send = async () => {
        const res = await app.inject({ method: c.method, url: c.url, headers, payload: c.body?.() as object });
        if (res.statusCode !== 200) throw new Error(`${c.name} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      };
      await send();
      count = 0;
      for (let i = 0; i < repeat; i++) await send();
      out.push({ name: c.name, statements: Number((count / repeat).toFixed(2)) });
    }
    return out;
  } finally {
    await app.close();
    await handle.close();
  }
}

/** Whether the web app is built (the home page HTML needs it). */
export function webAppBuilt(): boolean {
  return fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'));
}
