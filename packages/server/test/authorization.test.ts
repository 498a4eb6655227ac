import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { insertUser } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { appRouter } from '../src/trpc/router.ts';
import type { AuthOutcome, AuthzActors, AuthzCase, AuthzCases } from './authz/types.ts';
import { sessionFor, trpcMutation, trpcQuery } from './support/http.ts';

// Every test/authz/*.cases.ts file, so a new domain only adds its own file.
const casesDir = new URL('./authz/', import.meta.url);
const caseFiles = fs
  .readdirSync(casesDir)
  .filter((f) => f.endsWith('.cases.ts'))
  .sort();
const allCases: AuthzCases = {};
const duplicates: string[] = [];
for (const file of caseFiles) {
  const mod = (await import(new URL(file, casesDir).href)) as Record<string, unknown>;
  for (const table of Object.values(mod)) {
    if (!table || typeof table !== 'object') continue;
    for (const [path, c] of Object.entries(table as AuthzCases)) {
      if (path in allCases) duplicates.push(`${path} (again in ${file})`);
      allCases[path] = c;
    }
  }
}

type ProcedureDef = { _def: { type: 'query' | 'mutation' | 'subscription' } };
// At runtime _def.procedures is flat ('plan.create' -> procedure); its declared type is the nested record.
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
const paths = Object.keys(procedures).sort();

const ROLES = ['anonymous', 'user', 'otherUser', 'admin'] as const;
type Role = (typeof ROLES)[number];

function expected(c: AuthzCase, role: Role): AuthOutcome {
  return role === 'otherUser' ? (c.otherUser ?? c.user) : c[role];
}

function outcomeOf(res: LightMyRequestResponse): string {
  if (res.statusCode === 401) return 'UNAUTHORIZED';
  if (res.statusCode === 403) return 'FORBIDDEN';
  return res.statusCode < 500 ? 'ok' : `server error ${res.statusCode}`;
}

describe('authorization, generated from the router', () => {
  let t: TestApp;
  let actors: AuthzActors;
  beforeAll(async () => {
    t = await startTestApp();
    const [self, other, admin] = await Promise.all([
      insertUser(t.handle.db, { firstName: 'Self', tier: 1 }),
      insertUser(t.handle.db, { firstName: 'Other', tier: 1 }),
      insertUser(t.handle.db, { accountType: 'admin', firstName: 'Admin', tier: 1 }),
    ]);
    actors = { self, other, admin, db: t.handle.db };
  });
  afterAll(() => t.close());

  it('has exactly one case per procedure (none missing, none stale, none twice)', () => {
    const missing = paths.filter((p) => !(p in allCases));
    const stale = Object.keys(allCases).filter((p) => !(p in procedures));
    expect({ missing, stale, duplicates }, 'add missing procedures to a test/authz/*.cases.ts file').toEqual({
      missing: [],
      stale: [],
      duplicates: [],
    });
  });

  async function call(path: string, c: AuthzCase, caller: TestUser | null) {
    const input = c.input ? await c.input(actors) : undefined;
    // A fresh session per call, so user.logout cannot sign the next call out.
    const cookie = caller ? await sessionFor(t, caller) : undefined;
    return procedures[path]!._def.type === 'query'
      ? trpcQuery(t.app, path, input, cookie)
      : trpcMutation(t.app, path, input, cookie);
  }

  for (const path of paths) {
    it(`${path}: anonymous, user, other user, admin`, async () => {
      const c = allCases[path];
      if (!c) throw new Error(`No authorization case for "${path}": add one to a test/authz/*.cases.ts file.`);
      const callers: Record<Role, TestUser | null> = {
        anonymous: null,
        user: actors.self,
        otherUser: actors.other,
        admin: actors.admin,
      };
      const got: Record<string, string> = {};
      const want: Record<string, string> = {};
      const bodies: Record<string, string> = {};
      for (const role of ROLES) {
        const res = await call(path, c, callers[role]);
        got[role] = outcomeOf(res);
        want[role] = expected(c, role);
        bodies[role] = `${res.statusCode} ${res.body.slice(0, 200)}`;
      }
      expect(got, `${path}: ${JSON.stringify(bodies, null, 1)}`).toEqual(want);
    });
  }
});
