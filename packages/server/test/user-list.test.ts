import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUser } from '@vestora/contract';
import type { TestUser } from '../src/test/factories.ts';
import { callerAs, insertUser } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { expectNoSecrets, legacy, sessionFor, trpcData, trpcError, trpcQuery } from './support/http.ts';
import { failure } from './money/money-helpers.ts';

// User management at scale: user.list pages by a keyset and searches by prefix instead of answering everyone;
// the legacy /api/v1/user/get_all keeps its shape but answers at most 1,000 users per call.
describe('user.list: search and paging', () => {
  let t: TestApp;
  let admin: TestUser;
  /** The people below, in sign-up order. */
  const people: TestUser[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin', email: 'root@vestora.test', firstName: 'Ada' });
    const names: [string, string, string][] = [
      ['Grace', 'Hopper', 'grace.hopper@navy.example'],
      ['Alan', 'Turing', 'alan@bletchley.example'],
      ['Alan', 'Kay', 'kay@parc.example'],
      ['Barbara', 'Liskov', 'barbara@mit.example'],
      ['Edsger', 'Dijkstra', 'ewd@utexas.example'],
      ['Donald', 'Knuth', 'knuth@stanford.example'],
      ['Katherine', 'Johnson', 'kj_100%@nasa.example'],
    ];
    for (const [firstName, lastName, email] of names) {
      const u = await insertUser(t.handle.db, { firstName, email });
      await t.handle.db.updateTable('users').set({ last_name: lastName }).where('id', '=', u.id).execute();
      people.push(u);
    }
  });
  afterAll(() => t.close());

  const list = (input: Parameters<ReturnType<typeof callerAs>['user']['list']>[0]) =>
    callerAs(t, admin).user.list(input);
  const emails = (users: TUser[]) => users.map((u) => u.email);

  it('pages newest sign-ups first; following nextCursor visits everyone once, and the last page says so', async () => {
    const seen: TUser[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await list({ limit: 3, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(emails(seen)).toEqual(
      [...people]
        .reverse()
        .map((p) => p.email)
        .concat('root@vestora.test'),
    );
    // Oldest first is the same people the other way round.
    const oldest = await list({ limit: 100, order: 'oldest' });
    expect(emails(oldest.items)).toEqual(emails(seen).reverse());
    expect(oldest.nextCursor).toBeNull();
  });

  it('a user who signs up between two pages neither shifts nor repeats the pages already seen', async () => {
    const first = await list({ limit: 2, order: 'oldest' });
    const late = await insertUser(t.handle.db, { email: 'late@vestora.test' });
    const rest = await list({ limit: 100, order: 'oldest', cursor: first.nextCursor! });
    const all = [...first.items, ...rest.items].map((u) => u.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.at(-1)).toBe(late.id);
  });

  it('searches the start of the email, the last name or "first last", whatever the case', async () => {
    expect(emails((await list({ search: 'GRACE.h' })).items)).toEqual(['grace.hopper@navy.example']);
    expect(emails((await list({ search: 'turing' })).items)).toEqual(['alan@bletchley.example']);
    expect(emails((await list({ search: 'alan ' })).items).sort()).toEqual([
      'alan@bletchley.example',
      'kay@parc.example',
    ]);
    expect(emails((await list({ search: 'Alan K' })).items)).toEqual(['kay@parc.example']);
    // A prefix, not a substring: "opper" is inside Hopper but starts nothing.
    expect((await list({ search: 'opper' })).items).toEqual([]);
    // LIKE's own wildcards are plain characters in a search.
    expect(emails((await list({ search: 'kj_100%' })).items)).toEqual(['kj_100%@nasa.example']);
    expect((await list({ search: 'k%' })).items).toEqual([]);
    expect((await list({ search: '_' })).items).toEqual([]);
    // Blank is no search at all.
    expect((await list({ search: '   ', limit: 100 })).items.length).toBeGreaterThanOrEqual(people.length + 1);
  });

  it('search results page like the full list', async () => {
    const a1 = await list({ search: 'a', limit: 1 });
    expect(a1.nextCursor).not.toBeNull();
    const a2 = await list({ search: 'a', limit: 100, cursor: a1.nextCursor! });
    const all = emails([...a1.items, ...a2.items]);
    expect(all).toEqual(emails((await list({ search: 'a', limit: 100 })).items));
    // Alan Turing, Alan Kay, and the admin Ada (her "first last" starts with an a too).
    expect(all.sort()).toEqual(['alan@bletchley.example', 'kay@parc.example', 'root@vestora.test']);
  });

  it('answers given ids only (for names shown next to ids), and none for an empty list', async () => {
    const want = [people[1]!.id, people[4]!.id];
    expect(new Set((await list({ ids: want })).items.map((u) => u.id))).toEqual(new Set(want));
    expect((await list({ ids: [] })).items).toEqual([]);
  });

  it('refuses a malformed cursor or too long a search with a 400, and plain users with a 403', async () => {
    expect(await failure(list({ cursor: 'abc' }))).toMatchObject({ status: 400 });
    expect(await failure(list({ search: 'x'.repeat(101) }))).toMatchObject({ status: 400 });
    expect(await failure(callerAs(t, people[0]!).user.list({}))).toMatchObject({ status: 403 });
    const res = await trpcQuery(t.app, 'user.list', { search: 'grace' }, await sessionFor(t, admin));
    expectNoSecrets(res);
    expect(trpcData<{ items: TUser[] }>(res).items).toHaveLength(1);
    expect(trpcError(await trpcQuery(t.app, 'user.list', { search: 'grace' })).status).toBe(401);
  });
});

describe('GET /api/v1/user/get_all is capped', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    const admin = await insertUser(t.handle.db, { accountType: 'admin' });
    cookie = await sessionFor(t, admin);
    // 1,004 more users in one statement (the factory would take a while for this many).
    await sql`insert into users (id, first_name, last_name, country, city, email, password_hash, referral_code)
      select gen_random_uuid(), 'Many', 'Users', 'Portugal', 'Lisbon', 'many-' || n || '@example.com', 'not-a-hash',
        'MANY' || n
      from generate_series(1, 1004) n`.execute(t.handle.db);
  });
  afterAll(() => t.close());

  it('answers the first 1,000 by sign-up in the old shape, and X-Next-Cursor leads to the rest', async () => {
    const first = await legacy(t.app, 'GET', '/user/get_all', undefined, cookie);
    expect(first.statusCode, first.body).toBe(200);
    expectNoSecrets(first);
    const data = first.json().data as { _id: string; email: string; accountBallance: number }[];
    expect(data).toHaveLength(1000);
    expect(data[0]).toMatchObject({ accountBallance: 0 });
    expect(data[1]!.email).toBe('many-1@example.com');
    const next = first.headers['x-next-cursor'];
    expect(next).toMatch(/^\d+$/);
    const rest = await legacy(t.app, 'GET', `/user/get_all?cursor=${next}`, undefined, cookie);
    expect(rest.statusCode, rest.body).toBe(200);
    expect((rest.json().data as { email: string }[]).map((u) => u.email)).toEqual(
      [1000, 1001, 1002, 1003, 1004].map((n) => `many-${n}@example.com`),
    );
    expect(rest.headers['x-next-cursor']).toBeUndefined();
  });

  it('takes ?limit= (1 to 1,000) and refuses anything else with a 400 { err }', async () => {
    const some = await legacy(t.app, 'GET', '/user/get_all?limit=2', undefined, cookie);
    expect(some.json().data).toHaveLength(2);
    const after = await legacy(
      t.app,
      'GET',
      `/user/get_all?limit=2&cursor=${some.headers['x-next-cursor']}`,
      undefined,
      cookie,
    );
    expect((after.json().data as { email: string }[]).map((u) => u.email)).toEqual([
      'many-2@example.com',
      'many-3@example.com',
    ]);
    for (const q of ['limit=0', 'limit=1001', 'limit=ten', 'cursor=x']) {
      const bad = await legacy(t.app, 'GET', `/user/get_all?${q}`, undefined, cookie);
      expect(bad.statusCode, q).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['err']);
    }
  });

  it('the OpenAPI document names the cap, the parameters and the header', async () => {
    const doc = (await legacy(t.app, 'GET', '/openapi.json')).json();
    const op = doc.paths['/user/get_all'].get;
    expect(op.description).toMatch(/first 1000 users/);
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'query:limit',
      'query:cursor',
    ]);
    expect(op.responses['200'].headers['X-Next-Cursor'].description).toMatch(/cursor/);
  });
});
