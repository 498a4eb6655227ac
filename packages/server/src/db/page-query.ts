import type { SelectQueryBuilder } from 'kysely';

// Any select over any tables: the tail below only adds where/order/limit on columns the caller names.
type AnySelect = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Which page of a newest-first list: rows before this seq (the cursor), and how many. */
export interface SeqPage {
  beforeSeq?: number | undefined;
  limit: number;
}

/**
 * The tail every newest-first list shares: equality filters on the given columns (undefined ones are
 * skipped), `seq < cursor`, newest first, and `limit + 1` rows (the extra one tells there is a next page).
 */
export function newestFirstPage<QB extends AnySelect>(
  qb: QB,
  alias: string,
  equals: Record<string, string | undefined>,
  page: SeqPage,
): QB {
  // Kysely cannot check column names built from an alias; callers pass names of their own table.
  let q = qb as AnySelect;
  for (const [column, value] of Object.entries(equals)) {
    if (value !== undefined) q = q.where(`${alias}.${column}`, '=', value);
  }
  if (page.beforeSeq !== undefined) q = q.where(`${alias}.seq`, '<', page.beforeSeq);
  return q.orderBy(`${alias}.seq`, 'desc').limit(page.limit + 1) as QB;
}
