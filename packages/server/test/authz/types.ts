import type { Database } from '../../src/db/create-db.ts';
import type { TestUser } from '../../src/test/factories.ts';

/**
 * What the authorization test expects from one caller.
 * 'ok' means "got past the auth gate": any 2xx-4xx except 401/403 counts (a 404, 400 or 409 from the
 * business rules is fine; a 5xx is not); 'UNAUTHORIZED' expects 401 and 'FORBIDDEN' expects 403.
 */
export type AuthOutcome = 'ok' | 'UNAUTHORIZED' | 'FORBIDDEN';

/** The signed-in people every case can refer to (fresh rows on a fresh database; no balance). */
export interface AuthzActors {
  /** The caller in the `user` column: a plain user. */
  self: TestUser;
  /** Another plain user (the `otherUser` column calls with the same input as `user`). */
  other: TestUser;
  admin: TestUser;
  /** Direct database access, for building fixtures (a plan, a deposit owned by `self`, ...). */
  db: Database;
}

/**
 * One procedure's row in the authorization table.
 * `input` is called anew before EVERY call (once per column), so it may create fresh fixtures: a plan to
 * delete, a pending withdrawal to cancel. Omit it for procedures without input.
 * Every call gets its own fresh session, so e.g. user.logout does not sign the next call out.
 */
export interface AuthzCase {
  input?: (actors: AuthzActors) => unknown | Promise<unknown>;
  anonymous: AuthOutcome;
  user: AuthOutcome;
  /** Another plain user, with the input built for `self`. Defaults to the `user` expectation. */
  otherUser?: AuthOutcome;
  admin: AuthOutcome;
}

/**
 * Cases keyed by the flattened procedure path, e.g. 'plan.create'. Every `test/authz/*.cases.ts` file is
 * loaded by test/authorization.test.ts: export the table as `export const cases: AuthzCases = { ... }`
 * (every exported object is merged; a path defined twice fails the test).
 */
export type AuthzCases = Record<string, AuthzCase>;
