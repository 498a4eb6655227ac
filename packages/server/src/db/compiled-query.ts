import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** A value no caller passes: where a parameter of a compiled-once query goes. */
const slot = (i: number) => `\u0000vestora-parameter-${i}\u0000`;

/**
 * A query built and compiled once, then run with each call's values: for the hottest reads (plan.list, the
 * session lookup of every signed-in request), where building Kysely's query tree and compiling it cost about as
 * much CPU as the rest of the request's own code (#28 profile: ~70 µs a call). `build` is called once, with
 * stand-in values for `arity` parameters; each call then runs the same SQL with its values in their places (the
 * constants the builder made parameters stay as they were). The SQL is PostgreSQL's, on either database (both
 * dialects compile with Kysely's PostgreSQL compiler); no plugin rewrites queries here, so none is skipped.
 */
export function compiledOnce<Row, Params extends unknown[]>(
  arity: Params['length'],
  build: (db: Kysely<DB>, ...params: Params) => Compilable<Row>,
): (db: Kysely<DB>, ...params: Params) => Promise<Row[]> {
  let compiled: { query: CompiledQuery<Row>; place: (number | undefined)[] } | undefined;
  return async (db, ...params) => {
    if (!compiled) {
      const stand = Array.from({ length: arity }, (_, i) => slot(i)) as Params;
      const query = build(db, ...stand).compile();
      const place = query.parameters.map((p) => {
        const i = stand.indexOf(p);
        return i < 0 ? undefined : i;
      });
      // Each parameter exactly once: a value the builder dropped or copied would run a different query.
      for (let i = 0; i < arity; i++)
        if (place.filter((p) => p === i).length !== 1)
          throw new Error(`compiledOnce: parameter ${i} appears ${place.filter((p) => p === i).length} times`);
      compiled = { query, place };
    }
    const { query, place } = compiled;
    const parameters = query.parameters.map((p, k) => (place[k] === undefined ? p : params[place[k]]));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
