import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../src/test/factories.ts';
import { insertUser, TEST_PASSWORD } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { testDbKind } from '../../src/test/test-db.ts';
import { appRouter } from '../../src/trpc/router.ts';
import type { OpenApiDocument } from '../../src/rest/v1/openapi.ts';
import { planFields } from '../support/fixtures.ts';
import { loginAs, sessionFor, trpcData, trpcMutation, trpcQuery } from '../support/http.ts';
import { registeredRoutes } from '../support/openapi.ts';
import {
  ACTORS,
  type Actor,
  type FuzzRequest,
  type ProcedureTarget,
  type RouteTarget,
  requestArb,
} from './requests.ts';
import { changeTracker } from './snapshot.ts';
import type { IdPools, JsonSchema } from './values.ts';

/**
 * Fuzzing every tRPC procedure and every /api/v1 route as a visitor, a user, another user and an admin, with
 * fast-check: valid-shaped inputs from each procedure's zod schema (and each route's documented body), damaged
 * the ways an attacker would. Asserts that no answer is a 5xx, that no refused request (status >= 400) changed
 * the database, and that the server is healthy afterwards. Every finding is collected and reported by class.
 *
 * FUZZ_SEED and FUZZ_RUNS override the seed and the number of requests (run it longer locally with
 * `FUZZ_RUNS=50000 npx vitest run --project integration-pglite packages/server/test/fuzz`).
 */
const MIN_REQUESTS = 5_000;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261124;
// PostgreSQL runs the same file as a lighter second pass (the PGlite run carries the 5,000).
const RUNS = Number(process.env.FUZZ_RUNS ?? (testDbKind() === 'pg' ? 3_000 : MIN_REQUESTS));
/** Procedures and routes that hash a password (argon2): generated about 4 times less often than the rest. */
const SLOW = /(^|[./])(signup|login)$/;

type ProcedureDef = { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] } };

/** Every procedure of the router with the JSON Schema of its input (several .input() calls are merged). */
function procedureTargets(): ProcedureTarget[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
  return Object.entries(procedures)
    .filter(([, p]) => p._def.type !== 'subscription')
    .map(([path, p]) => {
      const schemas = p._def.inputs.map(
        (s) => z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
      );
      const input: JsonSchema | undefined =
        schemas.length === 0
          ? undefined
          : schemas.length === 1
            ? schemas[0]
            : {
                type: 'object',
                properties: Object.assign({}, ...schemas.map((s) => s.properties ?? {})),
                required: schemas.flatMap((s) => s.required ?? []),
              };
      return { path, type: p._def.type as 'query' | 'mutation', input, slow: SLOW.test(path) };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Every route Fastify registered under /api/v1, with the request body its OpenAPI document states. */
function routeTargets(t: TestApp, doc: OpenApiDocument): RouteTarget[] {
  return registeredRoutes(t.app, '/api/v1').map((route) => {
    const [method, path] = route.split(' ') as [string, string];
    const docPath = path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}');
    const op = doc.paths[docPath]?.[method.toLowerCase() as 'get' | 'post'];
    const body = op?.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
    return { method, path, ...(body ? { body } : {}), slow: SLOW.test(path) };
  });
}

/** What a refusal must never show: a stack frame, SQL, a driver's words. */
const LEAK =
  /\bat .*\.[cm]?[jt]s:\d+|node_modules|\bselect\b.*\bfrom\b|\binsert into\b|\bupdate\b.*\bset\b|violates .* constraint|syntax error at/i;

/** A 5xx, a refused request that changed the database, or a refusal that shows the server's internals. */
interface Finding {
  kind: '5xx' | 'change' | 'leak';
  /** Groups findings with one cause: the status and the server-side error (or the tables that changed). */
  cls: string;
  request: FuzzRequest;
  status: number;
  body: string;
}

/** The innermost cause of a server-side error, as one line without ids or numbers. */
function errorSignature(err: unknown): string {
  let e = err as { cause?: unknown; name?: string; code?: unknown; message?: string } | undefined;
  for (let i = 0; i < 5 && e?.cause && typeof e.cause === 'object'; i++) e = e.cause as typeof e;
  if (!e) return 'no error logged';
  const msg = String(e.message ?? e)
    .split('\n')[0]!
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '<uuid>')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b\d+\b/g, 'N')
    .slice(0, 160);
  const code = typeof e.code === 'string' ? ` [${e.code}]` : '';
  return `${e.name ?? 'Error'}${code}: ${msg}`;
}

function describeRequest(r: FuzzRequest): string {
  const payload =
    r.payload === undefined
      ? ''
      : Buffer.isBuffer(r.payload)
        ? ` body(hex)=${r.payload.toString('hex').slice(0, 300)}`
        : ` body=${JSON.stringify(r.payload.length > 300 ? `${r.payload.slice(0, 300)}…(${r.payload.length} chars)` : r.payload)}`;
  const url = r.url.length > 300 ? `${r.url.slice(0, 300)}…(${r.url.length} chars)` : r.url;
  return `${r.actor} ${r.method} ${url} headers=${JSON.stringify(r.headers)}${payload}`;
}

/**
 * 5xx classes that other work on issue #9 removes (bounds: text fields refuse control characters, PostgreSQL
 * class-22 data errors answer 400, a malformed percent-encoding in a tRPC path answers 4xx). They still fail
 * the test; the report names where their fix lives, so a failure after a merge is read at a glance.
 */
const FIX_ELSEWHERE: [RegExp, string][] = [
  [/URIError: URI malformed/, 'malformed percent-encoding in a tRPC path → 4xx'],
  [/\[22[0-9A-Z]{3}\]/, 'PostgreSQL class-22 data error (NUL, control character, lone surrogate) → 400'],
];

/** Findings grouped by class, each with its count, the targets it was seen on and its shortest request. */
function report(findings: Finding[]): string {
  const byClass = new Map<string, Finding[]>();
  for (const f of findings) byClass.set(`${f.kind} ${f.cls}`, [...(byClass.get(`${f.kind} ${f.cls}`) ?? []), f]);
  const size = (f: Finding) => f.request.url.length + (f.request.payload?.length ?? 0);
  return [...byClass.entries()]
    .map(([cls, fs]) => {
      const shortest = fs.reduce((a, b) => (size(b) < size(a) ? b : a));
      const targets = [...new Set(fs.map((f) => f.request.target))].sort().join(', ');
      const known = FIX_ELSEWHERE.find(([re]) => re.test(cls));
      return (
        `● ${cls} (${fs.length}×; on ${targets})${known ? ` [issue #9 item: ${known[1]}]` : ''}\n` +
        `  e.g. ${describeRequest(shortest.request)}\n` +
        `  → ${shortest.status} ${shortest.body.slice(0, 300)}`
      );
    })
    .join('\n');
}

describe(`fuzz: every procedure and /api/v1 route as visitor, user, other user and admin (seed ${SEED})`, () => {
  let t: TestApp;
  let tracker: Awaited<ReturnType<typeof changeTracker>>;
  const users: Record<Exclude<Actor, 'visitor'>, TestUser> = {} as never;
  const cookies: Partial<Record<Actor, string>> = {};
  const pools: IdPools = { ids: [], emails: [], referralCodes: [] };
  /** Errors the server logged while answering the current request. */
  let logged: unknown[] = [];
  let restoreLog = () => {};
  let procs: ProcedureTarget[];
  let routes: RouteTarget[];

  /** Real ids of every table with an `id`, emails and referral codes: what the generators aim at. */
  async function refreshPools() {
    const tables = (
      await sql<{ table_name: string }>`
        select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'id' and data_type = 'uuid'`.execute(t.handle.db)
    ).rows.map((r) => r.table_name);
    const ids: string[] = [];
    for (const table of tables) {
      const rows = await sql<{ id: string }>`select id from ${sql.table(table)} limit 40`.execute(t.handle.db);
      ids.push(...rows.rows.map((r) => r.id));
    }
    const people = await t.handle.db.selectFrom('users').select(['email', 'referral_code']).limit(40).execute();
    pools.ids = ids;
    pools.emails = people.map((p) => p.email);
    pools.referralCodes = people.map((p) => p.referral_code);
  }

  /**
   * Keeps the four actors what they are: a fuzzed admin edit may change a role or disable an account, a logout
   * or sign-in ends the session the actor's cookie carries. Returns true when it had to write (the snapshot is then taken again).
   */
  async function restoreActors(): Promise<boolean> {
    let wrote = false;
    for (const [actor, user] of Object.entries(users) as [Exclude<Actor, 'visitor'>, TestUser][]) {
      const row = await t.handle.db
        .selectFrom('users')
        .select(['account_type', 'disabled_at'])
        .where('id', '=', user.id)
        .executeTakeFirst();
      if (row && (row.account_type !== user.account_type || row.disabled_at !== null)) {
        await t.handle.db
          .updateTable('users')
          .set({ account_type: user.account_type, disabled_at: null })
          .where('id', '=', user.id)
          .execute();
        wrote = true;
      }
      const me = await trpcQuery(t.app, 'user.me', undefined, cookies[actor]);
      if (me.statusCode !== 200) {
        cookies[actor] = await sessionFor(t, user);
        wrote = true;
      }
    }
    return wrote;
  }

  beforeAll(async () => {
    t = await startTestApp();
    // The server's own record of each 5xx (logger disabled: Fastify's null logger is one shared object).
    const log = t.app.log as unknown as { error: (...args: unknown[]) => void };
    const original = log.error;
    log.error = (obj: unknown) => {
      logged.push((obj as { err?: unknown } | null)?.err ?? obj);
    };
    restoreLog = () => {
      log.error = original;
    };

    const million = 1_000_000_00;
    users.user = await insertUser(t.handle.db, { tier: 1, firstName: 'Fuzz', balanceCents: million });
    users.otherUser = await insertUser(t.handle.db, { tier: 1, firstName: 'Other', balanceCents: million });
    users.admin = await insertUser(t.handle.db, { accountType: 'admin', firstName: 'Admin', balanceCents: million });
    // A second admin, so the fuzzed admin is never the last one (demoting the last admin is refused anyway).
    await insertUser(t.handle.db, { accountType: 'admin' });
    for (let i = 0; i < 4; i++) await insertUser(t.handle.db, { balanceCents: 10_000 });
    for (const actor of ['user', 'otherUser', 'admin'] as const) cookies[actor] = await sessionFor(t, users[actor]);

    // Rows to aim at: plans (one with early exit), deposits, withdrawals and positions of both users.
    const planIds: string[] = [];
    for (const early of [false, true]) {
      const res = await trpcMutation(t.app, 'plan.create', { ...planFields(), earlyExitAllowed: early }, cookies.admin);
      planIds.push(trpcData(res).id);
    }
    for (const actor of ['user', 'otherUser'] as const) {
      for (let i = 0; i < 2; i++) {
        const key = `fuzz-setup-${actor}-${i}`;
        trpcData(
          await trpcMutation(
            t.app,
            'deposit.request',
            { amount: 25, reference: 'FUZZ', idempotencyKey: `d-${key}` },
            cookies[actor],
          ),
        );
        trpcData(
          await trpcMutation(
            t.app,
            'withdrawal.request',
            { amount: 10, method: 'bank', details: 'PT50000201231234567890154', idempotencyKey: `w-${key}` },
            cookies[actor],
          ),
        );
        trpcData(
          await trpcMutation(
            t.app,
            'investment.open',
            { planId: planIds[i]!, amount: 150, idempotencyKey: `i-${key}` },
            cookies[actor],
          ),
        );
      }
    }
    await refreshPools();

    const docRes = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(docRes.statusCode).toBe(200);
    procs = procedureTargets();
    routes = routeTargets(t, docRes.json() as OpenApiDocument);
  });

  afterAll(async () => {
    restoreLog();
    await t?.close();
  });

  it('covers every procedure and every /api/v1 route', () => {
    const procedures = Object.keys(appRouter._def.procedures);
    expect(procs.map((p) => p.path)).toEqual([...procedures].sort());
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(registeredRoutes(t.app, '/api/v1'));
    // Every route with a body must have found it in the document (else it is fuzzed with empty objects only).
    expect(routes.filter((r) => r.method === 'POST' && !r.body).map((r) => r.path)).toEqual([]);
  });

  it('the change tracker sees a new row and a changed balance, and nothing after a read or a rolled-back write', async () => {
    const check = await changeTracker(t.handle.db);
    const db = t.handle.db;
    expect(await check.changes()).toEqual([]);
    await trpcQuery(t.app, 'plan.list');
    expect(await check.changes()).toEqual([]);
    const rolledBack = db.transaction().execute(async (trx) => {
      await trx
        .updateTable('ledger_accounts')
        .set({ balance: String(1) })
        .where('user_id', '=', users.user.id)
        .where('kind', '=', 'available')
        .execute();
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await check.changes()).toEqual([]);

    const extra = await insertUser(db);
    expect((await check.changes()).join('\n')).toMatch(/^users: \d+ → \d+$/m);
    await db
      .updateTable('ledger_accounts')
      .set({ balance: String(7) })
      .where('user_id', '=', extra.id)
      .where('kind', '=', 'available')
      .execute();
    expect(await check.changes()).toEqual([expect.stringMatching(/^ledger_accounts#watch: /)]);
    await db.deleteFrom('users').where('id', '=', extra.id).execute();
    await check.changes();
  });

  it(`${RUNS} generated requests: no 5xx, no refused request changes the database, the server stays healthy`, async () => {
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    const perTarget = new Map<string, number>();
    const perActor = new Map<Actor, number>();
    let sent = 0;
    let refused = 0;
    tracker = await changeTracker(t.handle.db);
    const started = Date.now();
    /** Milliseconds spent answering requests and keeping the actors signed in. */
    const timing = { requests: 0, upkeep: 0 };

    async function send(r: FuzzRequest): Promise<LightMyRequestResponse> {
      const cookie = r.actor === 'visitor' ? undefined : cookies[r.actor];
      const headers = { ...r.headers };
      // A fuzzed Cookie header replaces the actor's (an actor with a broken cookie is a visitor).
      if (cookie && !('cookie' in headers)) headers.cookie = cookie;
      return t.app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers,
        ...(r.payload === undefined ? {} : { payload: r.payload }),
      });
    }

    await fc.assert(
      fc.asyncProperty(
        requestArb(procs, routes, () => pools),
        async (r) => {
          logged = [];
          let t0 = performance.now();
          const res = await send(r);
          timing.requests += performance.now() - t0;
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          perTarget.set(r.target, (perTarget.get(r.target) ?? 0) + 1);
          perActor.set(r.actor, (perActor.get(r.actor) ?? 0) + 1);
          if (res.statusCode >= 500) {
            const cls = `${res.statusCode} ${logged.length ? errorSignature(logged[0]) : 'no error logged'}`;
            findings.push({ kind: '5xx', cls, request: r, status: res.statusCode, body: res.body });
          }
          if (res.statusCode >= 400 && res.statusCode < 500 && LEAK.test(res.body)) {
            const cls = `${res.statusCode} shows internals`;
            findings.push({ kind: 'leak', cls, request: r, status: res.statusCode, body: res.body });
          }
          const diff = await tracker.changes();
          if (res.statusCode >= 400) {
            refused++;
            if (diff.length) {
              const tables = [...new Set(diff.map((d) => d.split(':')[0]))].join(', ');
              const body = `${res.body.slice(0, 200)} | ${diff.join('; ')}`;
              findings.push({
                kind: 'change',
                cls: `${res.statusCode} changed ${tables}`,
                request: r,
                status: res.statusCode,
                body,
              });
            }
          }
          // A fuzzed call may have signed an actor out or changed a role: put the actors back.
          const actorSignedOut = r.actor !== 'visitor' && !('cookie' in r.headers) && res.statusCode === 401;
          const mayHaveChangedActors = res.statusCode < 400 && r.method !== 'GET';
          if (res.headers['set-cookie'] !== undefined || actorSignedOut || mayHaveChangedActors) {
            t0 = performance.now();
            if (await restoreActors()) await tracker.sync();
            timing.upkeep += performance.now() - t0;
          }
          if (sent % 250 === 0) await refreshPools();
          if (sent % 1_000 === 0) {
            const health = await t.app.inject({ method: 'GET', url: '/healthz' });
            if (health.statusCode !== 200) {
              const request: FuzzRequest = {
                actor: 'visitor',
                method: 'GET',
                url: '/healthz',
                headers: {},
                target: 'health',
              };
              findings.push({
                kind: '5xx',
                cls: `unhealthy after ${sent} requests`,
                request,
                status: health.statusCode,
                body: health.body,
              });
            }
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const seconds = (Date.now() - started) / 1000;

    const st = tracker.stats;
    const fiveXx = findings.filter((f) => f.kind === '5xx').length;
    const changes = findings.filter((f) => f.kind === 'change').length;
    const leaks = findings.filter((f) => f.kind === 'leak').length;
    console.log(
      `fuzz: ${sent} requests, ${fiveXx} 5xx, ${changes} changes, ${leaks} leaks (${refused} refused; seed ${SEED}; ${seconds.toFixed(1)} s on ${testDbKind()})\n` +
        `  time: requests ${(timing.requests / 1000).toFixed(1)} s, upkeep ${(timing.upkeep / 1000).toFixed(1)} s; ` +
        `change checks ${(st.markMs / 1000).toFixed(1)} s (${(st.markMs / st.checks).toFixed(2)} ms each), ` +
        `full snapshots ${st.fullSnapshots} × ${(st.snapshotMs / Math.max(1, st.fullSnapshots)).toFixed(2)} ms = ${(st.snapshotMs / 1000).toFixed(1)} s\n` +
        `  actors: ${JSON.stringify(Object.fromEntries(perActor))}\n` +
        `  statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}\n` +
        `  targets: ${perTarget.size} (${[...perTarget].map(([k, n]) => `${k}: ${n}`).join('; ')})`,
    );
    if (findings.length) console.log(`fuzz findings by class (seed ${SEED}):\n${report(findings)}`);
    expect(
      findings.length,
      `fuzz findings; replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}:\n${report(findings)}`,
    ).toBe(0);
    expect(sent).toBeGreaterThanOrEqual(Math.min(RUNS, MIN_REQUESTS));
    if (testDbKind() === 'pglite' && !process.env.FUZZ_RUNS) expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // Every actor, procedure and route was used, and batches and unregistered paths were tried.
    for (const actor of ACTORS) expect(perActor.get(actor) ?? 0, actor).toBeGreaterThan(0);
    for (const target of ['trpc batch', 'path']) expect(perTarget.get(target) ?? 0, target).toBeGreaterThan(0);
    for (const p of procs) expect(perTarget.get(`trpc ${p.path}`) ?? 0, p.path).toBeGreaterThan(0);
    for (const r of routes) expect(perTarget.get(`rest ${r.method} ${r.path}`) ?? 0, r.path).toBeGreaterThan(0);
  }, 300_000);

  it('afterwards: /healthz and /readyz answer 200, and a normal sign-in and read work', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    const fresh = await insertUser(t.handle.db, { email: 'after-the-fuzz@example.com' });
    const cookie = await loginAs(t, fresh, TEST_PASSWORD);
    expect(trpcData(await trpcQuery(t.app, 'user.me', undefined, cookie))).toMatchObject({ email: fresh.email });
    expect(trpcData(await trpcQuery(t.app, 'plan.list')).length).toBeGreaterThan(0);
  });
});
