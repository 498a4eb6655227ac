import type { SelectQueryBuilder } from 'kysely';

// Any select over any tables: the tail below only adds where/order/limit on columns the caller names.
type AnySelect = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The tail every newest-first list shares: equality filters on the given columns (undefined ones are
 * skipped), `seq < cursor`, newest first, and `limit + 1` rows (the extra one tells there is a next page).
 */
export function newestFirstPage<QB extends AnySelect>(
  qb: QB,
  alias: string,
  filter: { equals: Record<string, string | undefined>; beforeSeq: number | undefined; limit: number },
): QB {
  // Kysely cannot check column names built from an alias; callers pass names of their own table.
  let q = qb as AnySelect;
  for (const [column, value] of Object.entries(filter.equals)) {
    if (value !== undefined) q = q.where(`${alias}.${column}`, '=', value);
  }
  if (filter.beforeSeq !== undefined) q = q.where(`${alias}.seq`, '<', filter.beforeSeq);
  return q.orderBy(`${alias}.seq`, 'desc').limit(filter.limit + 1) as QB;
}
